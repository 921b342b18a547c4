import { z } from 'zod';
import { plainText } from './identity.ts';
import { registerRuleMessages } from './messages.ts';
import { duplicates, refineWith, requiredText } from './rule.ts';

/** End-device product, point, control and endpoint rules of features §5. */
registerRuleMessages({
  parameterNameChars: {
    en: 'Use letters, digits and underscores, not starting with a digit',
    cn: '请输入字母、数字或下划线，且不能以数字开头',
  },
  parameterNameCharsCn: {
    en: 'Use Chinese characters, letters, digits and underscores, not starting with a digit',
    cn: '请输入汉字、字母、数字或下划线，且不能以数字开头',
  },
  fieldCodeChars: {
    en: 'Start with a letter, then letters, digits and underscores',
    cn: '须以字母开头，只能包含字母、数字和下划线',
  },
  fieldCodeDuplicate: { en: 'The field code already exists', cn: '字段编码已存在' },
  controlNameChars: {
    en: 'Use Chinese characters, letters, digits and underscores, not starting with an underscore',
    cn: '请输入汉字、字母、数字或下划线，且不能以下划线开头',
  },
  controlCodeChars: { en: 'Use letters, digits and underscores only', cn: '只能输入字母、数字和下划线' },
  reportExists: { en: 'The Report already exists', cn: '该报表已存在' },
  endpointIdInvalid: {
    en: 'The endpoint ID must be at least 4 letters or digits',
    cn: '终端ID须为至少4位字母或数字',
  },
  oneLocationMethod: { en: 'Only one location method per product', cn: '每个产品只能设置一种定位方式' },
});

/** Digits, letters, underscores, not starting with a digit: it becomes a key in device payloads. */
export function isParameterName(value: string, options: { allowChinese?: boolean } = {}): boolean {
  return options.allowChinese
    ? /^[\p{Script=Han}A-Za-z_][\p{Script=Han}\w]*$/u.test(value)
    : /^[A-Za-z_]\w*$/.test(value);
}

/** Parameter names carry no stated length; 50 as other identifiers of the product. */
export const ParameterNameSchema = requiredText()
  .max(50)
  .refine((v) => isParameterName(v), { error: 'parameterNameChars' });
export const ParameterNameCnSchema = requiredText()
  .max(50)
  .refine((v) => isParameterName(v, { allowChinese: true }), { error: 'parameterNameCharsCn' });

/** Starts with a letter; letters, digits, underscore; up to 50. */
export function isFieldCode(value: string): boolean {
  return /^[A-Za-z]\w{0,49}$/.test(value);
}
export const FieldCodeSchema = requiredText().max(50).refine(isFieldCode, { error: 'fieldCodeChars' });

/** Field codes of one product, each once. */
export const ProductFieldCodesSchema = z
  .array(FieldCodeSchema)
  .superRefine(refineWith((codes: string[]) => (duplicates(codes).length ? 'fieldCodeDuplicate' : null)));

/** Chinese, letters, digits, underscore; starts with Chinese, a letter or a digit. */
export function isControlName(value: string): boolean {
  return /^[\p{Script=Han}A-Za-z0-9][\p{Script=Han}\w]*$/u.test(value);
}
export function isControlCode(value: string): boolean {
  return /^\w+$/.test(value);
}
export const ControlNameSchema = requiredText().max(50).refine(isControlName, { error: 'controlNameChars' });
export const ControlCodeSchema = requiredText().max(50).refine(isControlCode, { error: 'controlCodeChars' });

/** "The Report already exists" when `name` is one of the product's parameter reports (case-insensitive). */
export function checkReportNameUnique(name: string, existing: readonly string[]): string | null {
  const wanted = name.trim().toLowerCase();
  return existing.some((other) => other.trim().toLowerCase() === wanted) ? 'reportExists' : null;
}

/** A product locates its endpoints one way only (GPS, base station, manual ...). */
export function checkOneLocationMethod(methods: readonly unknown[]): string | null {
  return methods.length > 1 ? 'oneLocationMethod' : null;
}

// ---- endpoints -------------------------------------------------------------------------------------

export function isEndpointId(value: string): boolean {
  return /^[A-Za-z0-9]{4,}$/.test(value);
}

/**
 * At least 4 letters or digits; no maximum is stated, 64 keeps it a sane key. Uniqueness is the server's
 * (features §8 "Endpoint ID already exists").
 */
export const EndpointIdSchema = requiredText().max(64).refine(isEndpointId, { error: 'endpointIdInvalid' });
export const EndpointNameSchema = plainText(1, 100);
export const EndpointDescriptionSchema = plainText(0, 200);
