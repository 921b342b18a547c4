import { alerts } from '../features/alerts/alerts.i18n.ts';
import { appCentre } from '../features/app-centre/app-centre.i18n.ts';
import { branding } from '../features/branding/branding.i18n.ts';
import { checkout } from '../features/checkout/checkout.i18n.ts';
import { customers } from '../features/customers/customers.i18n.ts';
import { dataPool } from '../features/data-pool/data-pool.i18n.ts';
import { deviceConfig } from '../features/device-config/device-config.i18n.ts';
import { deviceDetails } from '../features/device-details/device-details.i18n.ts';
import { deviceSoftware } from '../features/device-details/software.i18n.ts';
import { deviceStatus } from '../features/device-details/status-panel.i18n.ts';
import { deviceTemplates } from '../features/device-templates/device-templates.i18n.ts';
import { endpoints } from '../features/endpoints/endpoints.i18n.ts';
import { installerConsole } from '../features/installer-console/installer-console.i18n.ts';
import { iotConnector } from '../features/iot-connector/iot-connector.i18n.ts';
import { licences } from '../features/licences/licences.i18n.ts';
import { notifications } from '../features/notifications/notifications.i18n.ts';
import { apiManual } from '../features/open-api/api-manual.i18n.ts';
import { openApi } from '../features/open-api/open-api.i18n.ts';
import { partnerNotifications } from '../features/partner-notifications/partner-notifications.i18n.ts';
import { pointTables } from '../features/point-tables/point-tables.i18n.ts';
import { portalManager } from '../features/portal-manager/portal-manager.i18n.ts';
import { products } from '../features/products/products.i18n.ts';
import { quotas } from '../features/quotas/quotas.i18n.ts';
import { rebates } from '../features/rebates/rebates.i18n.ts';
import { releaseNotes } from '../features/release-notes/release-notes.i18n.ts';
import { reports } from '../features/reports/reports.i18n.ts';
import { rollouts } from '../features/rollouts/rollouts.i18n.ts';
import { maintenance } from '../features/shell/maintenance.i18n.ts';
import { superAdmin } from '../features/super-admin/super-admin.i18n.ts';
import { support } from '../features/support/support.i18n.ts';
import { twoFactor } from '../features/two-factor/two-factor.i18n.ts';
import { vpn } from '../features/vpn/vpn.i18n.ts';
import { vpnConsole } from '../features/vpn/vpn-console.i18n.ts';
import { adminList } from '../widgets/admin-list.i18n.ts';
import { FRAME_RESOURCES } from './frame-resources.ts';

/**
 * Namespaces that come with the pages showing them (addNamespaces in their modules), not with the
 * console's frame: the device details' (its page; deviceStatus also with the device columns), the
 * licences and billing pages' (the data pool's with its tab there), the alert centre's.
 */
export const PAGE_TEXT = {
  deviceDetails,
  deviceSoftware,
  deviceStatus,
  licences,
  dataPool,
  checkout,
  customers,
  partnerNotifications,
  rebates,
  branding,
  quotas,
  alerts,
  notifications,
  appCentre,
  deviceConfig,
  rollouts,
  reports,
  deviceTemplates,
  vpn,
  vpnConsole,
  openApi,
  apiManual,
  pointTables,
  products,
  endpoints,
  iotConnector,
  installerConsole,
  portalManager,
  twoFactor,
  releaseNotes,
  maintenance,
  support,
  adminList,
  superAdmin,
} as const;

/**
 * Every namespace of console text, English and Chinese side by side. A feature adds its file to
 * i18n/frame-resources.ts (or, if only its own pages show it, to PAGE_TEXT here); the i18n test
 * checks both languages carry the same keys.
 */
export const RESOURCES = { ...FRAME_RESOURCES, ...PAGE_TEXT } as const;

export type NamespaceName = keyof typeof RESOURCES;
