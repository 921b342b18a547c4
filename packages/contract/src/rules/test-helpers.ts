import { z } from 'zod';
import type { Lang } from '../i18n.ts';
import { localizeIssues } from './localize.ts';

/** The messages a user sees for `value` typed into the `field` of a form, in a language (tests only). */
export function messagesFor(schema: z.ZodType, value: unknown, lang: Lang = 'en', field = 'field'): string[] {
  const result = z.strictObject({ [field]: schema }).safeParse({ [field]: value });
  return result.success ? [] : localizeIssues(result.error, lang).map((e) => e.message);
}
