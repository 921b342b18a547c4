import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';
import { refineWith, requiredText } from './rule.ts';

/** Numbers and number-like text of core §5. */
registerRuleMessages({
  intBetween: { en: 'Please enter an integer from {min} to {max}', cn: '请输入{min}-{max}之间的整数' },
  amountInvalid: {
    en: 'Please enter a positive amount with at most 2 decimals',
    cn: '请输入大于0且最多两位小数的金额',
  },
  cidrInvalid: {
    en: 'Please enter an IPv4 address and prefix, such as 192.168.1.0/24',
    cn: '请输入IPv4地址和前缀，如192.168.1.0/24',
  },
  ipv4Invalid: { en: 'Please enter a valid IPv4 address', cn: '请输入正确的IPv4地址' },
});

// ---- typed numbers (JSON bodies, number inputs) --------------------------------------------------------

/**
 * An integer from `min` to `max`. Going out of range says the spec's "The input value exceeds the maximum
 * value {num}" (or its minimum twin); a fraction says "Please enter an integer".
 */
export function intRange(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.number().int({ error: 'integer' }).min(min).max(max);
}

/** Same bounds, one sentence for both ends ("from 60 to 900"), for fields whose range the user must learn. */
export function intBetween(min: number, max: number) {
  const inRange = (value: number) => Number.isInteger(value) && value >= min && value <= max;
  // The bounds live in a refinement (for the one-sentence message); `meta` shows them in the API document.
  return z
    .number()
    .superRefine(refineWith((value: number) => (inRange(value) ? null : 'intBetween'), { min, max }))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** 1, 2, 3 ... */
export const PositiveIntSchema = z.number().int({ error: 'integer' }).min(1, { error: 'positiveInteger' });
/** 0, 1, 2 ... */
export const NonNegativeIntSchema = z
  .number()
  .int({ error: 'integer' })
  .min(0, { error: 'nonNegativeInteger' });

// ---- number-like text (text inputs, query strings) -------------------------------------------------

/** "1", "42"; not "0", "007", "1.0", "+1". */
export function isPositiveIntegerText(value: string): boolean {
  return /^[1-9]\d*$/.test(value);
}

/** "0", "42"; not "00", "-1". */
export function isNonNegativeIntegerText(value: string): boolean {
  return /^(0|[1-9]\d*)$/.test(value);
}

export const PositiveIntegerTextSchema = requiredText().refine(isPositiveIntegerText, {
  error: 'positiveInteger',
});
export const NonNegativeIntegerTextSchema = requiredText().refine(isNonNegativeIntegerText, {
  error: 'nonNegativeInteger',
});

/** Positive with at most 2 decimals: 0.01, 12, 12.5, 12.50; not 0, 0.00, 1.234, -1, 01. */
export function isAmount(value: string | number): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  return /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(text) && Number(text) > 0;
}

/** A number amount (a price, a charge) in the currency's main unit, to the cent. */
export const AmountSchema = z.number().refine(isAmount, { error: 'amountInvalid' });

// ---- addresses -------------------------------------------------------------------------------------

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

/** IPv4 dotted quad, then / and a prefix length 0-32: 10.0.0.0/8. */
export function isCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  return rest.length === 0 && isIPv4(address ?? '') && /^(3[0-2]|[12]?\d)$/.test(prefix ?? '');
}

export const IPv4Schema = requiredText().refine(isIPv4, { error: 'ipv4Invalid' });
export const CidrSchema = requiredText().refine(isCidr, { error: 'cidrInvalid' });

// ---- optional number filters of list calls -----------------------------------------------------

/**
 * An optional numeric filter of a list call (a group, a tag, a user, a time bound). Absent, `null` and
 * empty text all mean "no filter": `z.coerce.number()` alone would read `null` and `""` as 0, so
 * `groupId: null` listed the ungrouped devices instead of every device. Query-string text is read as
 * a number; anything else is checked by `schema`.
 */
export function numberFilter(schema: z.ZodNumber) {
  return z
    .union([
      z.null(),
      z.literal(''),
      z.number().pipe(schema),
      z.string().trim().transform(Number).pipe(schema),
    ])
    .optional()
    .transform((value) => (value === null || value === '' ? undefined : value));
}
