import { type Lang, localizeIssue, ruleText } from '@fleetport/contract';
import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * Ant Design rules built from the contract's schemas, so the form and the server say the same
 * sentence for the same bad input (STYLE 10). `label` fills the rule's {name}.
 */
export function schemaRule(schema: z.ZodType, lang: Lang, label: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = schemaMessage(schema, lang, label, value);
      if (message !== null) throw new Error(message);
    },
  };
}

/** The contract's sentence for a value its schema refuses (null when it passes), for forms without antd. */
export function schemaMessage(schema: z.ZodType, lang: Lang, label: string, value: unknown): string | null {
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return localizeIssue({ ...issue, path: [label] }, lang)[0]?.message ?? '';
}

/** A rule from a plain predicate of the contract (`checkAccountPassword` ...) answering a message key. */
export function checkRule(check: (value: string) => string | null, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const key = check(typeof value === 'string' ? value : '');
      if (key) throw new Error(ruleText(key, lang));
    },
  };
}
