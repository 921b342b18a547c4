import { z } from 'zod';
import { PORTAL_MAX_LANGUAGES } from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { duplicates, refineWith, requiredText } from './rule.ts';
import { TimeOfDaySchema } from './time.ts';

/** Captive portal rules of features §5; its files (terms, images) are in files.ts. */
registerRuleMessages({
  portalLanguagesMax: { en: 'At most {num} languages', cn: '最多{num}种语言' },
  languageNameDuplicate: { en: 'The language name already exists', cn: '语言名称已存在' },
  portalBackgroundsRequired: {
    en: 'Both the PC and the mobile background are required',
    cn: 'PC端和移动端背景图均为必填项',
  },
  redirectUrlInvalid: { en: 'Redirection URL invalid', cn: '重定向URL无效' },
});

/** Up to 10 languages, each name once (case-insensitive). */
export function checkPortalLanguages(names: readonly string[]) {
  if (names.length > PORTAL_MAX_LANGUAGES)
    return { key: 'portalLanguagesMax', params: { num: PORTAL_MAX_LANGUAGES } };
  return duplicates(names, (n) => n.trim().toLowerCase()).length ? 'languageNameDuplicate' : null;
}
export const PortalLanguageNamesSchema = z
  .array(requiredText().max(50))
  .superRefine(refineWith(checkPortalLanguages));

/** Both backgrounds must be set: the portal renders on either screen. */
export function portalBackgroundsComplete(backgrounds: {
  pc?: string | null;
  mobile?: string | null;
}): boolean {
  return Boolean(backgrounds.pc) && Boolean(backgrounds.mobile);
}

/** An absolute http or https URL with a host; the device redirects a signed-in visitor there. */
export function isRedirectUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
export const RedirectUrlSchema = requiredText().refine(isRedirectUrl, { error: 'redirectUrlInvalid' });

/** The time of day daily portal limits reset, HH:mm. */
export const PortalResetTimeSchema = TimeOfDaySchema;

/** A portal limit (sessions, minutes, MB): an integer 1 to `max`, or 0 for unlimited. */
export function portalLimitSchema(max: number) {
  const ok = (value: number) => Number.isInteger(value) && value >= 0 && value <= max;
  return z
    .number()
    .superRefine(refineWith((value: number) => (ok(value) ? null : 'integerAtMost'), { num: max }));
}
