import { account } from '../features/accounts/account.i18n.ts';
import { auth } from '../features/auth/auth.i18n.ts';
import { company } from '../features/companies/company.i18n.ts';
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
 * The namespaces the console's frame (app/antd-frame.tsx) adds before any page under it renders:
 * the shell's, and those of areas whose words appear across pages. The device details' three
 * (i18n/resources.ts PAGE_TEXT) come with the modules that show them.
 */
export const FRAME_RESOURCES = {
  common,
  auth,
  company,
  devices,
  exports,
  deviceNotifications,
  account,
  shell,
  menus,
  operation,
  request,
  widgets,
} as const;
