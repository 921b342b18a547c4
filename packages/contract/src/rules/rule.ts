import { z } from 'zod';
import { interpolate, type Lang } from '../i18n.ts';
import { ruleMessage } from './messages.ts';

/** Values a rule message interpolates besides `{name}` (the field), e.g. `{num}`. */
export type RuleParams = Record<string, string | number>;

/** A broken rule whose message needs values, e.g. `{ key: 'fileTooLarge', params: { size: '2 MB' } }`. */
export interface RuleFailure {
  key: string;
  params?: RuleParams;
}

/**
 * A plain predicate's answer: the message key (or key and values) of the first broken rule, or null when
 * the value is fine.
 */
export type RuleCheck<T> = (value: T) => string | RuleFailure | null;

/**
 * Adapts a plain predicate to zod's `superRefine`, so a form (browser) and a request (server) run the same
 * code and `localizeIssue` turns the key into the same sentence in either language.
 */
export function refineWith<T>(check: RuleCheck<T>, params?: RuleParams) {
  return (value: T, ctx: z.RefinementCtx): void => {
    const failure = check(value);
    if (!failure) return;
    const { key, params: own } = typeof failure === 'string' ? { key: failure, params: undefined } : failure;
    const values = own || params ? { ...params, ...own } : undefined;
    ctx.addIssue({ code: 'custom', message: key, input: value, ...(values ? { params: values } : {}) });
  };
}

/**
 * The sentence a user sees for a predicate's answer (`ruleText(checkAccountPassword(p, ctx), 'cn')`), for
 * callers holding a key rather than a zod issue.
 */
export function ruleText(failure: string | RuleFailure, lang: Lang, vars: RuleParams = {}): string {
  const { key, params } = typeof failure === 'string' ? { key: failure, params: undefined } : failure;
  const text = ruleMessage(key);
  if (!text) throw new Error(`unknown rule message ${key}`);
  return interpolate(text[lang], { ...vars, ...params });
}

/** The values that occur more than once, compared as `keyOf` says (e.g. case-insensitively). */
export function duplicates<T>(values: readonly T[], keyOf: (value: T) => unknown = (v) => v): T[] {
  const seen = new Set<unknown>();
  const repeated: T[] = [];
  for (const value of values) {
    const key = keyOf(value);
    if (seen.has(key)) repeated.push(value);
    else seen.add(key);
  }
  return repeated;
}

/** Empty input says "{name} is required field" rather than "Min. 2 characters": the user typed nothing. */
const requiredWhenEmpty = (issue: { input?: unknown }) => (issue.input === '' ? 'required' : undefined);

/**
 * Free text of `min`-`max` characters, trimmed first so blanks do not count. With `min` 0 the field may be
 * empty; otherwise an empty value is a missing required field.
 */
export function boundedText(min: number, max: number) {
  const text = z.string().trim();
  return (min > 0 ? text.min(min, { error: requiredWhenEmpty, abort: true }) : text).max(max);
}

/**
 * A trimmed string that must not be empty. An empty value stops there with "{name} is required field",
 * so the format rules chained after it do not pile a second message on a field the user left blank.
 */
export function requiredText() {
  return z.string().trim().min(1, { abort: true });
}
