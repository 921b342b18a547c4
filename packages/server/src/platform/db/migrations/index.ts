import type { Migration } from 'kysely';
import * as m0001 from './0001_platform.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_sessions.ts';
import * as m0004 from './0004_mail_outbox.ts';
import * as m0005 from './0005_shell.ts';
import * as m0010 from './0010_devices.ts';
import * as m0011 from './0011_device_reports.ts';
import * as m0012 from './0012_rpc_commands.ts';
import * as m0020 from './0020_company_relations.ts';
import * as m0021 from './0021_invitations.ts';
import * as m0022 from './0022_access_restrictions.ts';
import * as m0023 from './0023_page_columns.ts';
import * as m0024 from './0024_activity_log.ts';
import * as m0030 from './0030_device_console.ts';
import * as m0031 from './0031_device_counts.ts';
import * as m0040 from './0040_group_admins.ts';
import * as m0050a from './0050_device_activity.ts';
import * as m0050n from './0050_device_notifications.ts';
import * as m0050s from './0050_device_software.ts';
import * as m0060 from './0060_session_generation.ts';
import * as m0070 from './0070_serial_port_lease.ts';
import * as m0071 from './0071_housekeeping_indexes.ts';
import * as m0080 from './0080_device_seen_index_order.ts';
import * as m0100 from './0100_jobs.ts';
import * as m0110 from './0110_stored_files.ts';
import * as m0120 from './0120_exports.ts';
import * as m0130 from './0130_durable_delivery.ts';
import * as m0140 from './0140_code_requester.ts';
import * as m0150 from './0150_notification_groups.ts';
import * as m0160 from './0160_licences.ts';
import * as m0175 from './0175_checkout.ts';
import * as m0180 from './0180_licence_renewals.ts';
import * as m0190 from './0190_partner_notifications.ts';
import * as m0200 from './0200_data_pool.ts';
import * as m0210 from './0210_rebates_branding.ts';
import * as m0220 from './0220_quotas.ts';
import * as m0230 from './0230_app_centre.ts';
import * as m0240 from './0240_alerts.ts';
import * as m0260 from './0260_alert_lifecycle.ts';
import * as m0280 from './0280_device_config.ts';
import * as m0290 from './0290_rollouts.ts';
import * as m0300 from './0300_vpn.ts';
import * as m0310 from './0310_notification_channels.ts';
import * as m0320 from './0320_device_templates.ts';
import * as m0330 from './0330_reports.ts';
import * as m0340 from './0340_vpn_sites.ts';
import * as m0341 from './0341_vpn_usage.ts';
import * as m0350 from './0350_open_api.ts';
import * as m0360 from './0360_change_set_source.ts';
import * as m0361 from './0361_change_set_reason_code.ts';
import * as m0370 from './0370_rollout_stages.ts';
import * as m0400 from './0400_point_tables.ts';
import * as m0410 from './0410_portal_manager.ts';
import * as m0430 from './0430_two_factor.ts';
import * as m0480 from './0480_rollout_device_history.ts';
import * as m0490 from './0490_change_set_cleared.ts';
import * as m0500 from './0500_change_set_local.ts';
import * as m0510 from './0510_oem_settings.ts';
import * as m0520 from './0520_release_notes.ts';
import * as m0530 from './0530_maintenance_lock.ts';
import * as m0580 from './0580_iot_connectors.ts';
import * as m0600 from './0600_support.ts';
import * as m0610 from './0610_vpn_limit_notices.ts';
import * as m0620 from './0620_super_admin.ts';
import * as m0690 from './0690_installer_console.ts';
import * as m0691 from './0691_sow_templates.ts';
import * as m0700 from './0700_endpoint_values.ts';
import * as m0710 from './0710_vpn_traffic_carried.ts';
import * as m0720 from './0720_products_endpoints.ts';
import * as m0730 from './0730_notification_choices.ts';
import * as m0740 from './0740_portal_pushes.ts';

/**
 * Every migration in order. Names sort by their number; a module's issue takes the next free
 * number. Written once in PostgreSQL's dialect and run on PGlite and PostgreSQL alike.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_accounts': m0002,
  '0003_sessions': m0003,
  '0004_mail_outbox': m0004,
  '0005_shell': m0005,
  '0010_devices': m0010,
  '0011_device_reports': m0011,
  '0012_rpc_commands': m0012,
  '0020_company_relations': m0020,
  '0021_invitations': m0021,
  '0022_access_restrictions': m0022,
  '0023_page_columns': m0023,
  '0024_activity_log': m0024,
  '0030_device_console': m0030,
  '0031_device_counts': m0031,
  '0040_group_admins': m0040,
  '0050_device_activity': m0050a,
  '0050_device_notifications': m0050n,
  '0050_device_software': m0050s,
  '0060_session_generation': m0060,
  '0070_serial_port_lease': m0070,
  '0071_housekeeping_indexes': m0071,
  '0080_device_seen_index_order': m0080,
  '0100_jobs': m0100,
  '0110_stored_files': m0110,
  '0120_exports': m0120,
  '0130_durable_delivery': m0130,
  '0140_code_requester': m0140,
  '0150_notification_groups': m0150,
  '0160_licences': m0160,
  '0175_checkout': m0175,
  '0180_licence_renewals': m0180,
  '0190_partner_notifications': m0190,
  '0200_data_pool': m0200,
  '0210_rebates_branding': m0210,
  '0220_quotas': m0220,
  '0230_app_centre': m0230,
  '0240_alerts': m0240,
  '0260_alert_lifecycle': m0260,
  '0280_device_config': m0280,
  '0290_rollouts': m0290,
  '0300_vpn': m0300,
  '0310_notification_channels': m0310,
  '0320_device_templates': m0320,
  '0330_reports': m0330,
  '0340_vpn_sites': m0340,
  '0341_vpn_usage': m0341,
  '0350_open_api': m0350,
  '0360_change_set_source': m0360,
  '0361_change_set_reason_code': m0361,
  '0370_rollout_stages': m0370,
  '0400_point_tables': m0400,
  '0410_portal_manager': m0410,
  '0430_two_factor': m0430,
  '0480_rollout_device_history': m0480,
  '0490_change_set_cleared': m0490,
  '0500_change_set_local': m0500,
  '0510_oem_settings': m0510,
  '0520_release_notes': m0520,
  '0530_maintenance_lock': m0530,
  '0580_iot_connectors': m0580,
  '0600_support': m0600,
  '0610_vpn_limit_notices': m0610,
  '0620_super_admin': m0620,
  '0690_installer_console': m0690,
  '0691_sow_templates': m0691,
  '0700_endpoint_values': m0700,
  '0710_vpn_traffic_carried': m0710,
  '0720_products_endpoints': m0720,
  '0730_notification_choices': m0730,
  '0740_portal_pushes': m0740,
};
