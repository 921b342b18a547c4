import type { Localized } from '../i18n.ts';

/**
 * Validation messages. Schemas put a key of this table in the message (`{ error: 'maxChars' }`);
 * `localizeIssue` fills {name} with the field and {num} with the bound, in the request's language.
 * The same table feeds the console's form rules, so the browser and the server say the same thing.
 */
export const RULE_MESSAGES = {
  required: { en: '{name} is required field', cn: '{name}为必填项' },
  invalidType: { en: '{name} must be {expected}', cn: '{name}必须是{expected}' },
  unknownField: { en: 'Unknown field {name}', cn: '未知字段{name}' },
  invalidValue: { en: '{name} has an invalid value', cn: '{name}的值无效' },
  invalidOption: { en: '{name} must be one of {options}', cn: '{name}必须是以下之一：{options}' },
  maxChars: { en: 'Max. {num} characters', cn: '最多{num}个字符' },
  minChars: { en: 'Min. {num} characters', cn: '最少{num}个字符' },
  maxItems: { en: 'At most {num} items', cn: '最多{num}项' },
  minItems: { en: 'At least {num} items', cn: '至少{num}项' },
  maxValue: { en: 'The input value exceeds the maximum value {num}', cn: '输入值超过最大值{num}' },
  minValue: { en: 'The input value is below the minimum value {num}', cn: '输入值低于最小值{num}' },
  integer: { en: 'Please enter an integer', cn: '请输入整数' },
  positiveInteger: { en: 'Please enter a non-zero positive integer', cn: '请输入非零正整数' },
  nonNegativeInteger: { en: 'Please enter a positive integer', cn: '请输入正整数' },
  integerAtMost: {
    en: 'Please enter an integer or positive integer at most {num}',
    cn: '请输入不超过{num}的整数',
  },
} satisfies Record<string, Localized>;

export type RuleMessageKey = keyof typeof RULE_MESSAGES;

/** Extra rule messages registered by rule modules (passwords, devices ...), merged at import time. */
const extraMessages = new Map<string, Localized>();

export function registerRuleMessages(messages: Record<string, Localized>): void {
  for (const [key, text] of Object.entries(messages)) {
    if (key in RULE_MESSAGES || extraMessages.has(key))
      throw new Error(`rule message ${key} is defined twice`);
    extraMessages.set(key, text);
  }
}

export function ruleMessage(key: string): Localized | undefined {
  return (RULE_MESSAGES as Record<string, Localized>)[key] ?? extraMessages.get(key);
}

export function allRuleMessageKeys(): string[] {
  return [...Object.keys(RULE_MESSAGES), ...extraMessages.keys()];
}
