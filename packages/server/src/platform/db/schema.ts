import type { Generated } from 'kysely';
import type { AccountTables } from '../../modules/accounts/accounts.tables.ts';
import type { AlertTables } from '../../modules/alerts/alerts.tables.ts';
import type { AppCentreTables } from '../../modules/app-centre/app-centre.tables.ts';
import type { BrandingTables } from '../../modules/branding/branding.tables.ts';
import type { CheckoutTables } from '../../modules/checkout/checkout.tables.ts';
import type { DataPoolTables } from '../../modules/data-pool/data-pool.tables.ts';
import type { DeviceConfigTables } from '../../modules/device-config/device-config.tables.ts';
import type { DeviceNotificationTables } from '../../modules/device-notifications/device-notifications.tables.ts';
import type { DeviceConsoleTables } from '../../modules/device-tags/device-tags.tables.ts';
import type { DeviceTemplateTables } from '../../modules/device-templates/device-templates.tables.ts';
import type { DeviceTables } from '../../modules/devices/devices.tables.ts';
import type { EndpointTables } from '../../modules/endpoints/endpoints.tables.ts';
import type { ExportTables } from '../../modules/exports/exports.tables.ts';
import type { InstallerConsoleTables } from '../../modules/installer-console/installer-console.tables.ts';
import type { IotConnectorTables } from '../../modules/iot-connector/iot-connector.tables.ts';
import type { LicenceTables } from '../../modules/licences/licences.tables.ts';
import type { NotificationTables } from '../../modules/notifications/notifications.tables.ts';
import type { OpenApiTables } from '../../modules/open-api/open-api.tables.ts';
import type { PartnerNotificationTables } from '../../modules/partner-notifications/partner-notifications.tables.ts';
import type { PointTableTables } from '../../modules/point-tables/point-tables.tables.ts';
import type { PortalManagerTables } from '../../modules/portal-manager/portal-manager.tables.ts';
import type { ProductTables } from '../../modules/products/products.tables.ts';
import type { QuotaTables } from '../../modules/quotas/quotas.tables.ts';
import type { RebateTables } from '../../modules/rebates/rebates.tables.ts';
import type { ReleaseNoteTables } from '../../modules/release-notes/release-notes.tables.ts';
import type { ReportTables } from '../../modules/reports/reports.tables.ts';
import type { RolloutTables } from '../../modules/rollouts/rollouts.tables.ts';
import type { SuperAdminTables } from '../../modules/super-admin/super-admin.tables.ts';
import type { SupportTables } from '../../modules/support/support.tables.ts';
import type { TwoFactorTables } from '../../modules/two-factor/two-factor.tables.ts';
import type { AdministrationTables } from '../../modules/users/administration.tables.ts';
import type { VpnTables } from '../../modules/vpn/vpn.tables.ts';
import type { FileTables } from '../files/files.tables.ts';
import type { JobTables } from '../jobs/jobs.tables.ts';

/**
 * The tables the server knows. Each module adds its tables here in one interface of its own, so
 * store code is typed against the same names the migrations create.
 */
export interface PlatformTables {
  app_setting: {
    key: string;
    value: unknown;
    updated_at: Generated<Date>;
  };
}

export interface Database
  extends PlatformTables,
    AccountTables,
    DeviceTables,
    AdministrationTables,
    DeviceConsoleTables,
    DeviceNotificationTables,
    JobTables,
    FileTables,
    ExportTables,
    ReportTables,
    LicenceTables,
    CheckoutTables,
    PartnerNotificationTables,
    DataPoolTables,
    RebateTables,
    BrandingTables,
    ReleaseNoteTables,
    SupportTables,
    QuotaTables,
    AlertTables,
    NotificationTables,
    AppCentreTables,
    DeviceConfigTables,
    RolloutTables,
    DeviceTemplateTables,
    VpnTables,
    OpenApiTables,
    PointTableTables,
    ProductTables,
    EndpointTables,
    PortalManagerTables,
    TwoFactorTables,
    SuperAdminTables,
    IotConnectorTables,
    InstallerConsoleTables {}
