import { z } from 'zod';
import {
  PORTAL_BANDWIDTH_MAX_KBPS,
  PORTAL_DATA_LIMIT_MAX_MB,
  PORTAL_MAX_LANGUAGES,
  PORTAL_RESET_EVERY_MAX_DAYS,
  PORTAL_SESSION_TIMEOUT_MAX_MINUTES,
} from '../limits.ts';
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
  hostPattern: {
    en: 'Enter a domain such as example.com or *.example.com',
    cn: '请输入域名，例如 example.com 或 *.example.com',
  },
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

/** A portal's session settings (features §5 "Session settings"); each limit 0 = unlimited. */
export const PortalSessionSettingsSchema = z.strictObject({
  /** MB a visitor may download per reset period. */
  downloadLimitMb: portalLimitSchema(PORTAL_DATA_LIMIT_MAX_MB),
  /** MB a visitor may upload per reset period. */
  uploadLimitMb: portalLimitSchema(PORTAL_DATA_LIMIT_MAX_MB),
  /** MB down and up together per reset period. */
  totalLimitMb: portalLimitSchema(PORTAL_DATA_LIMIT_MAX_MB),
  /** Minutes one session lasts before the router ends it. */
  sessionTimeoutMinutes: portalLimitSchema(PORTAL_SESSION_TIMEOUT_MAX_MINUTES),
  /** kbit/s towards the visitor. */
  downloadKbps: portalLimitSchema(PORTAL_BANDWIDTH_MAX_KBPS),
  /** kbit/s from the visitor. */
  uploadKbps: portalLimitSchema(PORTAL_BANDWIDTH_MAX_KBPS),
  /** Whether usage resets every `resetEveryDays` days from `resetStartTime`. */
  autoReset: z.boolean(),
  resetEveryDays: z.number().int({ error: 'integer' }).min(1).max(PORTAL_RESET_EVERY_MAX_DAYS),
  /** "HH:mm" in the company's time. */
  resetStartTime: PortalResetTimeSchema,
  /** Day of the month usage also resets (the rent day); null when none. */
  rentDay: z.number().int({ error: 'integer' }).min(1).max(31).nullable(),
});
export type PortalSessionSettings = z.infer<typeof PortalSessionSettingsSchema>;

/** Unlimited everything, no auto-reset: a new template's settings. */
export const DEFAULT_PORTAL_SESSION_SETTINGS: PortalSessionSettings = {
  downloadLimitMb: 0,
  uploadLimitMb: 0,
  totalLimitMb: 0,
  sessionTimeoutMinutes: 0,
  downloadKbps: 0,
  uploadKbps: 0,
  autoReset: false,
  resetEveryDays: 1,
  resetStartTime: '00:00',
  rentDay: null,
};

/** A host name or `*.domain` (allowed sites, blocked domains). */
export const PortalHostPatternSchema = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/i, { error: 'hostPattern' });
