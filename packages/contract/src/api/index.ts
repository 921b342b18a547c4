import { ACCESS_RESTRICTION_CALLS } from './access-restriction.ts';
import { ACCOUNT_CALLS } from './account.ts';
import { ACTIVITY_LOG_CALLS } from './activity-log.ts';
import { COMPANY_CALLS } from './company.ts';
import { COMPANY_ACCOUNT_CALLS } from './company-account.ts';
import type { CallDef } from './define.ts';
import { DEVICE_DASHBOARD_CALLS } from './device-dashboard.ts';
import { DEVICE_DETAIL_CALLS } from './device-details.ts';
import { GROUP_ADMIN_CALLS } from './device-group-admins.ts';
import { DEVICE_GROUP_CALLS } from './device-groups.ts';
import { DEVICE_NOTIFICATION_CALLS } from './device-notifications.ts';
import { DEVICE_SOFTWARE_CALLS } from './device-software.ts';
import { DEVICE_TAG_CALLS } from './device-tags.ts';
import { DEVICE_CALLS } from './devices.ts';
import { EXPORT_CALLS } from './exports.ts';
import { FILE_CALLS } from './files.ts';
import { JOB_CALLS } from './jobs.ts';
import { MENU_CALLS } from './menu.ts';
import { PAGE_COLUMN_CALLS } from './page-columns.ts';
import { PLATFORM_CALLS } from './platform.ts';
import { REMOTE_ACTION_CALLS } from './remote-actions.ts';
import { ROLE_CALLS } from './roles.ts';
import { SHELL_CALLS } from './shell.ts';
import { SSO_CALLS } from './sso.ts';
import { USER_CALLS } from './users.ts';

export * from './access-restriction.ts';
export * from './account.ts';
export * from './activity-log.ts';
export * from './company.ts';
export * from './company-account.ts';
export * from './define.ts';
export * from './device-dashboard.ts';
export * from './device-details.ts';
export * from './device-group-admins.ts';
export * from './device-groups.ts';
export * from './device-notifications.ts';
export * from './device-software.ts';
export * from './device-tags.ts';
export * from './devices.ts';
export * from './exports.ts';
export * from './files.ts';
export * from './jobs.ts';
export * from './menu.ts';
export * from './page-columns.ts';
export * from './platform.ts';
export * from './remote-actions.ts';
export * from './roles.ts';
export * from './shell.ts';
export * from './sso.ts';
export * from './users.ts';

/**
 * Every call of the console API. The server registers exactly these; the tenancy and fuzz tests
 * walk this list, so a call added here without a permission or validation fails them.
 */
export const ALL_CALLS: readonly CallDef[] = [
  ...PLATFORM_CALLS,
  ...SSO_CALLS,
  ...ACCOUNT_CALLS,
  ...COMPANY_CALLS,
  ...MENU_CALLS,
  ...SHELL_CALLS,
  ...COMPANY_ACCOUNT_CALLS,
  ...USER_CALLS,
  ...ROLE_CALLS,
  ...ACCESS_RESTRICTION_CALLS,
  ...PAGE_COLUMN_CALLS,
  ...ACTIVITY_LOG_CALLS,
  ...DEVICE_CALLS,
  ...DEVICE_GROUP_CALLS,
  ...DEVICE_TAG_CALLS,
  ...DEVICE_DASHBOARD_CALLS,
  ...DEVICE_DETAIL_CALLS,
  ...REMOTE_ACTION_CALLS,
  ...DEVICE_NOTIFICATION_CALLS,
  ...DEVICE_SOFTWARE_CALLS,
  ...GROUP_ADMIN_CALLS,
  ...FILE_CALLS,
  ...EXPORT_CALLS,
  ...JOB_CALLS,
];
