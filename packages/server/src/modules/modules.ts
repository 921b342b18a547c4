import type { ServerModule } from '../platform/module.ts';
import { accessRestrictionModule } from './access-restriction/access-restriction.module.ts';
import { accountsModule } from './accounts/accounts.module.ts';
import { activityLogModule } from './activity-log/activity-log.module.ts';
import { alertsModule } from './alerts/alerts.module.ts';
import { appCentreModule } from './app-centre/app-centre.module.ts';
import { authModule } from './auth/auth.module.ts';
import { brandingModule } from './branding/branding.module.ts';
import { checkoutModule } from './checkout/checkout.module.ts';
import { companiesModule } from './companies/companies.module.ts';
import { companyAccountModule } from './company-account/company-account.module.ts';
import { customersModule } from './customers/customers.module.ts';
import { dataPoolModule } from './data-pool/data-pool.module.ts';
import { deviceConfigModule } from './device-config/device-config.module.ts';
import { deviceDashboardModule } from './device-dashboard/device-dashboard.module.ts';
import { deviceDetailsModule } from './device-details/device-details.module.ts';
import { deviceGroupsModule } from './device-groups/device-groups.module.ts';
import { deviceNotificationsModule } from './device-notifications/device-notifications.module.ts';
import { deviceSoftwareModule } from './device-software/device-software.module.ts';
import { deviceTagsModule } from './device-tags/device-tags.module.ts';
import { deviceTemplatesModule } from './device-templates/device-templates.module.ts';
import { devicesModule } from './devices/devices.module.ts';
import { endpointsModule } from './endpoints/endpoints.module.ts';
import { exportsModule } from './exports/exports.module.ts';
import { filesModule } from './files/files.module.ts';
import { installerConsoleModule } from './installer-console/installer-console.module.ts';
import { iotConnectorModule } from './iot-connector/iot-connector.module.ts';
import { jobsModule } from './jobs/jobs.module.ts';
import { licencesModule } from './licences/licences.module.ts';
import { menusModule } from './menus/menus.module.ts';
import { notificationsModule } from './notifications/notifications.module.ts';
import { openApiModule } from './open-api/open-api.module.ts';
import { pageColumnsModule } from './page-columns/page-columns.module.ts';
import { partnerNotificationsModule } from './partner-notifications/partner-notifications.module.ts';
import { platformModule } from './platform/platform.module.ts';
import { pointTablesModule } from './point-tables/point-tables.module.ts';
import { portalManagerModule } from './portal-manager/portal-manager.module.ts';
import { productsModule } from './products/products.module.ts';
import { quotasModule } from './quotas/quotas.module.ts';
import { rebatesModule } from './rebates/rebates.module.ts';
import { releaseNotesModule } from './release-notes/release-notes.module.ts';
import { remoteActionsModule } from './remote-actions/remote-actions.module.ts';
import { reportsModule } from './reports/reports.module.ts';
import { rolesModule } from './roles/roles.module.ts';
import { rolloutsModule } from './rollouts/rollouts.module.ts';
import { shellModule } from './shell/shell.module.ts';
import { superAdminModule } from './super-admin/super-admin.module.ts';
import { supportModule } from './support/support.module.ts';
import { twoFactorModule } from './two-factor/two-factor.module.ts';
import { usersModule } from './users/users.module.ts';
import { vpnModule } from './vpn/vpn.module.ts';

/**
 * Every server area, one line each (docs/adding-an-area.md). The app registers their routes in this
 * order; the route, tenancy and fuzz tests walk the same list.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  platformModule,
  authModule,
  accountsModule,
  companiesModule,
  menusModule,
  shellModule,
  companyAccountModule,
  usersModule,
  rolesModule,
  accessRestrictionModule,
  pageColumnsModule,
  activityLogModule,
  devicesModule,
  deviceGroupsModule,
  deviceTagsModule,
  portalManagerModule,
  deviceConfigModule,
  vpnModule,
  deviceDashboardModule,
  deviceNotificationsModule,
  deviceDetailsModule,
  remoteActionsModule,
  deviceSoftwareModule,
  jobsModule,
  filesModule,
  exportsModule,
  licencesModule,
  dataPoolModule,
  checkoutModule,
  customersModule,
  quotasModule,
  partnerNotificationsModule,
  rebatesModule,
  brandingModule,
  iotConnectorModule,
  installerConsoleModule,
  releaseNotesModule,
  supportModule,
  alertsModule,
  notificationsModule,
  appCentreModule,
  rolloutsModule,
  reportsModule,
  deviceTemplatesModule,
  openApiModule,
  pointTablesModule,
  productsModule,
  endpointsModule,
  twoFactorModule,
  superAdminModule,
];

/**
 * Tables of the platform layer itself (settings, sessions, outbox, jobs, stored files, RPC commands of the gateway), not of
 * an area. Every other table belongs to exactly one module's `tables`.
 */
export const PLATFORM_TABLES: readonly string[] = [
  'app_setting',
  'job',
  'job_schedule',
  'mail_outbox',
  'rpc_command',
  'session_generation',
  'stored_file',
  'user_session',
];
