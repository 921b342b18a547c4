import type { z } from 'zod';
import { interpolate, type Lang } from '../i18n.ts';
import { ruleMessage } from './messages.ts';

export interface FieldError {
  /** Dotted path of the field, e.g. `password` or `devices.3.sn`. */
  field: string;
  message: string;
}

const TYPE_NAMES: Record<string, { en: string; cn: string }> = {
  string: { en: 'a text', cn: '文本' },
  number: { en: 'a number', cn: '数字' },
  int: { en: 'an integer', cn: '整数' },
  boolean: { en: 'true or false', cn: '布尔值' },
  array: { en: 'a list', cn: '列表' },
  object: { en: 'an object', cn: '对象' },
};

function fieldOf(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : 'body';
}

/**
 * Zod 4 carries the offending value only when parsing with `reportInput: true`; without it, its
 * default message still says "received undefined" for an absent field. A wrong type is not "required".
 */
function isMissing(issue: z.core.$ZodIssueInvalidType): boolean {
  if ('input' in issue) return issue.input === undefined;
  return /received undefined/.test(issue.message);
}

/** The message key a zod issue falls back to when the schema did not name one. */
function defaultKey(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isMissing(issue) ? 'required' : 'invalidType';
    case 'unrecognized_keys':
      return 'unknownField';
    case 'too_big':
      return issue.origin === 'string' ? 'maxChars' : issue.origin === 'array' ? 'maxItems' : 'maxValue';
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'required';
      return issue.origin === 'string' ? 'minChars' : issue.origin === 'array' ? 'minItems' : 'minValue';
    case 'invalid_value':
      return 'invalidOption';
    default:
      return 'invalidValue';
  }
}

/** Turns one zod issue into a message naming the field, in the caller's language. */
export function localizeIssue(issue: z.core.$ZodIssue, lang: Lang): FieldError[] {
  const field = fieldOf(issue.path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const name = issue.path.length ? `${field}.${key}` : key;
      return { field: name, message: interpolate(ruleMessage('unknownField')![lang], { name }) };
    });
  }
  const key = ruleMessage(issue.message) ? issue.message : defaultKey(issue);
  const text = ruleMessage(key)!;
  const vars: Record<string, string | number | undefined> = { name: field };
  if (issue.code === 'too_big') vars.num = Number(issue.maximum);
  if (issue.code === 'too_small') vars.num = Number(issue.minimum);
  if (issue.code === 'invalid_type') vars.expected = TYPE_NAMES[issue.expected]?.[lang] ?? issue.expected;
  if (issue.code === 'invalid_value') vars.options = issue.values.map(String).join(', ');
  const params = (issue as { params?: Record<string, string | number> }).params;
  if (params) Object.assign(vars, params);
  return [{ field, message: interpolate(text[lang], vars) }];
}

export function localizeIssues(error: z.ZodError, lang: Lang): FieldError[] {
  return error.issues.flatMap((issue) => localizeIssue(issue, lang));
}

/** One line for the envelope's `msg`: "password: Min. 12 characters; account: ...". */
export function summarizeFieldErrors(errors: FieldError[]): string {
  return errors.map((e) => `${e.field}: ${e.message}`).join('; ');
}
