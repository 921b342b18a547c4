import { accessRestrictionFeature } from '../features/access-restriction/access-restriction.feature.ts';
import { accountsFeature } from '../features/accounts/accounts.feature.ts';
import { activityLogFeature } from '../features/activity-log/activity-log.feature.ts';
import { alertsFeature } from '../features/alerts/alerts.feature.ts';
import { appCentreFeature } from '../features/app-centre/app-centre.feature.ts';
import { authFeature } from '../features/auth/auth.feature.ts';
import { brandingFeature } from '../features/branding/branding.feature.ts';
import { checkoutFeature } from '../features/checkout/checkout.feature.ts';
import { companiesFeature } from '../features/companies/companies.feature.ts';
import { companyAccountFeature } from '../features/company-account/company-account.feature.ts';
import { customersFeature } from '../features/customers/customers.feature.ts';
import { dataPoolFeature } from '../features/data-pool/data-pool.feature.ts';
import { deviceConfigFeature } from '../features/device-config/device-config.feature.ts';
import { deviceDetailsFeature } from '../features/device-details/device-details.feature.ts';
import { deviceNotificationsFeature } from '../features/device-notifications/device-notifications.feature.ts';
import { deviceTagsFeature } from '../features/device-tags/device-tags.feature.ts';
import { deviceTemplatesFeature } from '../features/device-templates/device-templates.feature.ts';
import { devicesFeature } from '../features/devices/devices.feature.ts';
import { endpointsFeature } from '../features/endpoints/endpoints.feature.ts';
import { exportsFeature } from '../features/exports/exports.feature.ts';
import { installerConsoleFeature } from '../features/installer-console/installer-console.feature.ts';
import { iotConnectorFeature } from '../features/iot-connector/iot-connector.feature.ts';
import { licencesFeature } from '../features/licences/licences.feature.ts';
import { notificationsFeature } from '../features/notifications/notifications.feature.ts';
import { openApiFeature } from '../features/open-api/open-api.feature.ts';
import { pageColumnsFeature } from '../features/page-columns/page-columns.feature.ts';
import { partnerNotificationsFeature } from '../features/partner-notifications/partner-notifications.feature.ts';
import { pointTablesFeature } from '../features/point-tables/point-tables.feature.ts';
import { portalManagerFeature } from '../features/portal-manager/portal-manager.feature.ts';
import { productsFeature } from '../features/products/products.feature.ts';
import { quotasFeature } from '../features/quotas/quotas.feature.ts';
import { rebatesFeature } from '../features/rebates/rebates.feature.ts';
import { releaseNotesFeature } from '../features/release-notes/release-notes.feature.ts';
import { reportsFeature } from '../features/reports/reports.feature.ts';
import { rolesFeature } from '../features/roles/roles.feature.ts';
import { rolloutsFeature } from '../features/rollouts/rollouts.feature.ts';
import { shellFeature } from '../features/shell/shell.feature.ts';
import { superAdminFeature } from '../features/super-admin/super-admin.feature.ts';
import { supportFeature } from '../features/support/support.feature.ts';
import { twoFactorFeature } from '../features/two-factor/two-factor.feature.ts';
import { usersFeature } from '../features/users/users.feature.ts';
import { vpnFeature } from '../features/vpn/vpn.feature.ts';
import type { ConsoleFeature } from './feature.ts';

/** Every console area, one line each (docs/adding-an-area.md): its pages, menu entries and text. */
export const CONSOLE_FEATURES: readonly ConsoleFeature[] = [
  authFeature,
  companiesFeature,
  accountsFeature,
  shellFeature,
  companyAccountFeature,
  usersFeature,
  rolesFeature,
  accessRestrictionFeature,
  pageColumnsFeature,
  activityLogFeature,
  devicesFeature,
  deviceTagsFeature,
  portalManagerFeature,
  deviceDetailsFeature,
  deviceNotificationsFeature,
  exportsFeature,
  licencesFeature,
  dataPoolFeature,
  checkoutFeature,
  customersFeature,
  partnerNotificationsFeature,
  rebatesFeature,
  vpnFeature,
  brandingFeature,
  releaseNotesFeature,
  supportFeature,
  superAdminFeature,
  quotasFeature,
  openApiFeature,
  alertsFeature,
  notificationsFeature,
  deviceConfigFeature,
  appCentreFeature,
  rolloutsFeature,
  reportsFeature,
  pointTablesFeature,
  productsFeature,
  endpointsFeature,
  iotConnectorFeature,
  installerConsoleFeature,
  deviceTemplatesFeature,
  twoFactorFeature,
];
