import { activityExportSource } from '../activity-log/activity-log.export.ts';
import { alertExportSource } from '../alerts/alerts.export.ts';
import { customerOrderExportSource } from '../checkout/checkout.export.ts';
import { customerExportSource } from '../customers/customers.export.ts';
import { dataPoolExportSource } from '../data-pool/data-pool.export.ts';
import { deviceExportSource } from '../devices/device-export.ts';
import { billingExportSource } from '../licences/billing.export.ts';
import { rebateExportSource } from '../rebates/rebates.export.ts';
import { rolloutDeviceExportSource } from '../rollouts/rollouts.export.ts';
import { vpnActivityExportSource, vpnTunnelExportSource } from '../vpn/vpn.export.ts';
import type { ExportSource } from './export-source.ts';

/** Every list that exports: a list joins by adding its source here (its export call is in the contract). */
// biome-ignore lint/suspicious/noExplicitAny: sources of every filter and row type in one list.
export const EXPORT_SOURCES: readonly ExportSource<any, any>[] = [
  deviceExportSource,
  activityExportSource,
  billingExportSource,
  customerExportSource,
  customerOrderExportSource,
  dataPoolExportSource,
  rebateExportSource,
  rolloutDeviceExportSource,
  alertExportSource,
  vpnTunnelExportSource,
  vpnActivityExportSource,
];

export function exportSourceOf(callId: string) {
  return EXPORT_SOURCES.find((s) => s.call.id === callId);
}
