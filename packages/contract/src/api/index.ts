import { ACCESS_RESTRICTION_CALLS } from './access-restriction.ts';
import { ACCOUNT_CALLS } from './accounts.ts';
import { ACTIVITY_LOG_CALLS } from './activity-log.ts';
import { ALERT_CALLS } from './alerts.ts';
import { APP_CENTRE_CALLS } from './app-centre.ts';
import { SSO_CALLS } from './auth.ts';
import { BRANDING_CALLS } from './branding.ts';
import { CHECKOUT_CALLS } from './checkout.ts';
import { COMPANY_CALLS } from './companies.ts';
import { COMPANY_ACCOUNT_CALLS } from './company-account.ts';
import { CUSTOMER_CALLS } from './customers.ts';
import { DATA_POOL_CALLS } from './data-pool.ts';
import type { CallDef, CallOutput } from './define.ts';
import { DEVICE_CONFIG_CALLS } from './device-config.ts';
import { DEVICE_DASHBOARD_CALLS } from './device-dashboard.ts';
import { DEVICE_DETAIL_CALLS } from './device-details.ts';
import { GROUP_ADMIN_CALLS } from './device-group-admins.ts';
import { DEVICE_GROUP_CALLS } from './device-groups.ts';
import { DEVICE_NOTIFICATION_CALLS } from './device-notifications.ts';
import { DEVICE_SOFTWARE_CALLS } from './device-software.ts';
import { DEVICE_TAG_CALLS } from './device-tags.ts';
import { DEVICE_TEMPLATE_CALLS } from './device-templates.ts';
import { DEVICE_CALLS } from './devices.ts';
import { ENDPOINT_CALLS } from './endpoints.ts';
import { EXPORT_CALLS } from './exports.ts';
import { FILE_CALLS } from './files.ts';
import { INSTALLER_CONSOLE_CALLS } from './installer-console.ts';
import { IOT_CONNECTOR_CALLS } from './iot-connector.ts';
import { JOB_CALLS } from './jobs.ts';
import { LICENCE_CALLS } from './licences.ts';
import { MENU_CALLS } from './menus.ts';
import { NOTIFICATION_CALLS } from './notifications.ts';
import { OPEN_API_CALLS } from './open-api.ts';
import { PAGE_COLUMN_CALLS } from './page-columns.ts';
import { PARTNER_NOTIFICATION_CALLS } from './partner-notifications.ts';
import { PLATFORM_CALLS } from './platform.ts';
import { POINT_TABLE_CALLS } from './point-tables.ts';
import { PORTAL_MANAGER_CALLS } from './portal-manager.ts';
import { PRODUCT_CALLS } from './products.ts';
import { QUOTA_CALLS } from './quotas.ts';
import { REBATE_CALLS } from './rebates.ts';
import { RELEASE_NOTE_CALLS } from './release-notes.ts';
import { REMOTE_ACTION_CALLS } from './remote-actions.ts';
import { REPORT_CALLS } from './reports.ts';
import { ROLE_CALLS } from './roles.ts';
import { ROLLOUT_CALLS } from './rollouts.ts';
import { SHELL_CALLS } from './shell.ts';
import { SUPER_ADMIN_CALLS } from './super-admin.ts';
import { SUPPORT_CALLS } from './support.ts';
import { TWO_FACTOR_CALLS } from './two-factor.ts';
import { USER_CALLS } from './users.ts';
import { VPN_CONSOLE_CALLS } from './vpn.console.ts';
import { VPN_CALLS } from './vpn.ts';

export * from './access-restriction.ts';
export * from './accounts.ts';
export * from './activity-log.ts';
export * from './alerts.ts';
export * from './app-centre.ts';
export * from './auth.ts';
export * from './branding.ts';
export * from './checkout.ts';
export * from './companies.ts';
export * from './company-account.ts';
export * from './customers.ts';
export * from './data-pool.ts';
export * from './define.ts';
export * from './device-config.ts';
export * from './device-dashboard.ts';
export * from './device-details.ts';
export * from './device-group-admins.ts';
export * from './device-groups.ts';
export * from './device-notifications.ts';
export * from './device-software.ts';
export * from './device-tags.ts';
export * from './device-templates.ts';
export * from './devices.ts';
export * from './endpoints.ts';
export * from './exports.ts';
export * from './files.ts';
export * from './installer-console.provisioning.ts';
export * from './installer-console.ts';
export * from './iot-connector.ts';
export * from './jobs.ts';
export * from './licences.ts';
export * from './menus.ts';
export * from './notifications.ts';
export * from './open-api.curl.ts';
export * from './open-api.document.ts';
export * from './open-api.ts';
export * from './open-api-interfaces.ts';
export * from './page-columns.ts';
export * from './partner-notifications.ts';
export * from './platform.ts';
export * from './point-tables.ts';
export * from './portal-manager.ts';
export * from './products.ts';
export * from './quotas.ts';
export * from './rebates.ts';
export * from './release-notes.ts';
export * from './remote-actions.ts';
export * from './reports.ts';
export * from './roles.ts';
export * from './rollouts.ts';
export * from './shell.ts';
export * from './super-admin.ts';
export * from './support.ts';
export * from './test-mode.ts';
export * from './two-factor.ts';
export * from './users.ts';
export * from './vpn.console.ts';
export * from './vpn.ts';

/**
 * The calls of each area, one line per area, keyed by the area's name: the same name as its file
 * here, its server module (`server/src/modules/<area>/`) and its console feature
 * (`web/src/features/<area>/`); docs/areas.md lists where a name differs and why.
 */
const AREA_CALLS = {
  platform: PLATFORM_CALLS,
  auth: SSO_CALLS,
  accounts: ACCOUNT_CALLS,
  companies: COMPANY_CALLS,
  menus: MENU_CALLS,
  shell: SHELL_CALLS,
  'company-account': COMPANY_ACCOUNT_CALLS,
  users: USER_CALLS,
  roles: ROLE_CALLS,
  'access-restriction': ACCESS_RESTRICTION_CALLS,
  'page-columns': PAGE_COLUMN_CALLS,
  'activity-log': ACTIVITY_LOG_CALLS,
  devices: DEVICE_CALLS,
  'device-groups': DEVICE_GROUP_CALLS,
  'device-tags': DEVICE_TAG_CALLS,
  'portal-manager': PORTAL_MANAGER_CALLS,
  'device-config': DEVICE_CONFIG_CALLS,
  vpn: [...VPN_CALLS, ...VPN_CONSOLE_CALLS],
  'device-dashboard': DEVICE_DASHBOARD_CALLS,
  'device-details': DEVICE_DETAIL_CALLS,
  'remote-actions': REMOTE_ACTION_CALLS,
  'device-notifications': DEVICE_NOTIFICATION_CALLS,
  'device-software': DEVICE_SOFTWARE_CALLS,
  'device-group-admins': GROUP_ADMIN_CALLS,
  jobs: JOB_CALLS,
  files: FILE_CALLS,
  exports: EXPORT_CALLS,
  licences: LICENCE_CALLS,
  'data-pool': DATA_POOL_CALLS,
  checkout: CHECKOUT_CALLS,
  customers: CUSTOMER_CALLS,
  'partner-notifications': PARTNER_NOTIFICATION_CALLS,
  rebates: REBATE_CALLS,
  branding: BRANDING_CALLS,
  'iot-connector': IOT_CONNECTOR_CALLS,
  'release-notes': RELEASE_NOTE_CALLS,
  support: SUPPORT_CALLS,
  quotas: QUOTA_CALLS,
  alerts: ALERT_CALLS,
  notifications: NOTIFICATION_CALLS,
  'app-centre': APP_CENTRE_CALLS,
  rollouts: ROLLOUT_CALLS,
  'device-templates': DEVICE_TEMPLATE_CALLS,
  reports: REPORT_CALLS,
  'open-api': OPEN_API_CALLS,
  'point-tables': POINT_TABLE_CALLS,
  products: PRODUCT_CALLS,
  endpoints: ENDPOINT_CALLS,
  'two-factor': TWO_FACTOR_CALLS,
  'super-admin': SUPER_ADMIN_CALLS,
  'installer-console': INSTALLER_CONSOLE_CALLS,
} as const;

export const CALLS_BY_AREA: Readonly<Record<string, readonly CallDef[]>> = AREA_CALLS;

/** Any call of the contract, each with its own input, output and path types. */
export type AnyCall = (typeof AREA_CALLS)[keyof typeof AREA_CALLS][number];

/**
 * The `data` each call answers, by its path: what a test's fake server is typed by, so a fake that
 * drifts from the contract fails to compile. Paths built at run time (exports) are not in it.
 */
export type OutputOfPath = {
  [C in AnyCall as string extends C['path'] ? never : C['path']]: CallOutput<C>;
};

/**
 * Every call of the console API. The server registers exactly these; the tenancy and fuzz tests
 * walk this list, so a call added here without a permission or validation fails them.
 */
export const ALL_CALLS: readonly CallDef[] = Object.values(CALLS_BY_AREA).flat();
