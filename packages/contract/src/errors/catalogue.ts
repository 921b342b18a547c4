import { interpolate, type Lang } from '../i18n.ts';
import { ACCOUNT_ERRORS } from './accounts.ts';
import { ALERT_ERRORS } from './alerts.ts';
import { APP_CENTRE_ERRORS } from './app-centre.ts';
import { BRANDING_ERRORS } from './branding.ts';
import { COMPANY_ERRORS } from './companies.ts';
import { CORE_ERROR_CODES as ErrorCode } from './core-codes.ts';
import { DATA_POOL_ERRORS } from './data-pool.ts';
import { DEVICE_CONFIG_ERRORS } from './device-config.ts';
import { DEVICE_TAG_ERRORS } from './device-tags.ts';
import { DEVICE_ERRORS } from './devices.ts';
import { ELEVATOR_ERRORS } from './elevators.ts';
import { ENDPOINT_ERRORS } from './endpoints.ts';
import { INSTALLER_ERRORS } from './installer-console.ts';
import { IOT_CONNECTOR_ERRORS } from './iot-connector.ts';
import { LICENCE_ERRORS } from './licences.ts';
import { OPEN_API_ERRORS } from './open-api.ts';
import { PARTNER_NOTIFICATION_ERRORS } from './partner-notifications.ts';
import { PLATFORM_ERRORS } from './platform.ts';
import { POINT_TABLE_ERRORS } from './point-table.ts';
import { PORTAL_ERRORS } from './portal.ts';
import { QUOTA_ERRORS } from './quotas.ts';
import { REBATE_ERRORS } from './rebates.ts';
import { REPORT_ERRORS } from './reports.ts';
import { ROLLOUT_ERRORS } from './rollouts.ts';
import { SUPER_ADMIN_ERRORS } from './super-admin.ts';
import { TEMPLATE_ERRORS } from './templates.ts';
import { TRANSPORT_ERRORS } from './transport.ts';
import { TWO_FACTOR_ERRORS } from './two-factor.ts';
import type { ErrorEntry } from './types.ts';
import { VPN_ERRORS } from './vpn.ts';

/**
 * The messages of every code in both languages. The server answers with them; the console's first
 * load leaves them out and fetches them just after (web api/error-text.ts), so nothing here may be
 * needed to decide what a code does (that is reactions.ts).
 */
const ALL_ENTRIES: readonly ErrorEntry[] = [
  ...PLATFORM_ERRORS,
  ...TRANSPORT_ERRORS,
  ...ACCOUNT_ERRORS,
  ...COMPANY_ERRORS,
  ...DEVICE_ERRORS,
  ...DEVICE_TAG_ERRORS,
  ...VPN_ERRORS,
  ...LICENCE_ERRORS,
  ...PARTNER_NOTIFICATION_ERRORS,
  ...DATA_POOL_ERRORS,
  ...REBATE_ERRORS,
  ...BRANDING_ERRORS,
  ...QUOTA_ERRORS,
  ...TEMPLATE_ERRORS,
  ...ENDPOINT_ERRORS,
  ...POINT_TABLE_ERRORS,
  ...PORTAL_ERRORS,
  ...ELEVATOR_ERRORS,
  ...IOT_CONNECTOR_ERRORS,
  ...INSTALLER_ERRORS,
  ...ALERT_ERRORS,
  ...APP_CENTRE_ERRORS,
  ...DEVICE_CONFIG_ERRORS,
  ...ROLLOUT_ERRORS,
  ...REPORT_ERRORS,
  ...SUPER_ADMIN_ERRORS,
  ...OPEN_API_ERRORS,
  ...TWO_FACTOR_ERRORS,
];

/** The whole catalogue by code. Building it throws on a duplicate code, so a clash fails every test. */
export const ERROR_CATALOGUE: ReadonlyMap<number, ErrorEntry> = (() => {
  const map = new Map<number, ErrorEntry>();
  for (const e of ALL_ENTRIES) {
    if (map.has(e.code)) throw new Error(`error code ${e.code} is defined twice`);
    map.set(e.code, e);
  }
  return map;
})();

export function errorEntry(code: number): ErrorEntry | undefined {
  return ERROR_CATALOGUE.get(code);
}

/**
 * Placeholder values from the envelope's `data`. 14031/14032 carry seconds locked and show minutes
 * rounded up; 180032 (and any other numeric data) fills {num}; a string fills {sn} and {num}; an array
 * fills {sn} with its items joined; object data fills its own keys ({success}, {fail} ...).
 */
export function errorPlaceholders(code: number, data: unknown): Record<string, string | number | undefined> {
  if (typeof data === 'number') {
    if (code === ErrorCode.ACCOUNT_LOCKED || code === ErrorCode.ACCOUNT_LOCKED_NOW)
      return { num: Math.ceil(data / 60) };
    return { num: data };
  }
  if (typeof data === 'string') return { num: data, sn: data };
  // A list (the missing serial numbers of 120108) reads as the items joined, and its length as {num}.
  if (Array.isArray(data)) return { sn: data.map(String).join(', '), num: data.length };
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const vars: Record<string, string | number | undefined> = {};
    for (const [k, v] of Object.entries(data)) {
      if (typeof v === 'string' || typeof v === 'number') vars[k] = v;
    }
    return vars;
  }
  return {};
}

/** The message for a code in a language, placeholders filled from `data`. */
export function errorMessage(code: number, lang: Lang, data?: unknown): string {
  const e = ERROR_CATALOGUE.get(code) ?? ERROR_CATALOGUE.get(ErrorCode.REQUEST_ERROR)!;
  return interpolate(e[lang], errorPlaceholders(code, data));
}
