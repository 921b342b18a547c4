import type { Localized } from '../i18n.ts';

/**
 * What the console does when a call answers with a code (core §8 "Handling rules").
 * - success: code 0
 * - silent: the caller handles it; no generic toast
 * - toast: error toast "message (code)" for 5 s
 * - warning: a warning message instead of an error toast (120089-120091)
 * - logout: one alert with message and code, then logout (108, 3, 14019, 20)
 * - upgrade: the upgrade dialog (190308, 120095)
 * - systemUpgrading: alert with data's en/cn text, then logout (14053)
 * - accessWindow: alert and logout, except on the company selection page (14091)
 */
export const ERROR_REACTIONS = [
  'success',
  'silent',
  'toast',
  'warning',
  'logout',
  'upgrade',
  'systemUpgrading',
  'accessWindow',
] as const;
export type ErrorReaction = (typeof ERROR_REACTIONS)[number];

export interface ErrorEntry extends Localized {
  code: number;
}
