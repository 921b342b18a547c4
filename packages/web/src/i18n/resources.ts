import { account } from '../features/accounts/account.i18n.ts';
import { auth } from '../features/auth/auth.i18n.ts';
import { company } from '../features/companies/company.i18n.ts';
import { deviceDetails } from '../features/device-details/device-details.i18n.ts';
import { deviceSoftware } from '../features/device-details/software.i18n.ts';
import { deviceStatus } from '../features/device-details/status-panel.i18n.ts';
import { deviceNotifications } from '../features/device-notifications/device-notifications.i18n.ts';
import { devices } from '../features/devices/devices.i18n.ts';
import { exports } from '../features/exports/exports.i18n.ts';
import { menus } from '../features/shell/menus.i18n.ts';
import { shell } from '../features/shell/shell.i18n.ts';
import { common } from './common.ts';
import { operation } from './operation.ts';
import { request } from './request.ts';
import { widgets } from './widgets.ts';

/**
 * Every namespace of console text, English and Chinese side by side. A feature adds its file here;
 * the i18n test checks both languages carry the same keys.
 */
export const RESOURCES = {
  common,
  auth,
  company,
  devices,
  exports,
  deviceDetails,
  deviceNotifications,
  deviceSoftware,
  deviceStatus,
  account,
  shell,
  menus,
  operation,
  request,
  widgets,
} as const;

type Namespaces = typeof RESOURCES;
export type NamespaceName = keyof Namespaces;

export function resourcesFor(lang: 'en' | 'cn') {
  const out: Record<string, unknown> = {};
  for (const [ns, texts] of Object.entries(RESOURCES)) out[ns] = texts[lang];
  return out;
}
