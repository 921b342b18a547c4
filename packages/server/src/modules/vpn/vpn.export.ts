import {
  ACTIVITY_EXPORT_COLUMNS,
  type ActivityRow,
  exportVpnActivityCall,
  exportVpnTunnelsCall,
  formatDateTime,
  VPN_DEVICE_STATE_LABELS,
  VPN_TUNNEL_EXPORT_COLUMNS,
  type VpnActivityFilter,
  VpnActivityFilterSchema,
  type VpnTunnelFilter,
  VpnTunnelFilterSchema,
  type VpnTunnelRow,
} from '@fleetport/contract';
import { activityCell } from '../activity-log/activity-log.export.ts';
import { activityRows, countActivity } from '../activity-log/activity-log.query.ts';
import { boundToExportRange } from '../exports/export-range.ts';
import { type ExportSource, plainCell } from '../exports/export-source.ts';
import { toTunnelRow } from './console.service.ts';
import { countTunnels, tunnelRows } from './console.store.ts';
import { VPN_EXPORT_TEXT as TEXT } from './vpn.text.ts';

/** The VPN devices page as an export source: its filter and order (console.store.ts). */
export const vpnTunnelExportSource: ExportSource<VpnTunnelFilter, VpnTunnelRow> = {
  call: exportVpnTunnelsCall,
  filter: VpnTunnelFilterSchema as never,
  columns: VPN_TUNNEL_EXPORT_COLUMNS,
  module: 'vpn/devices',
  sheetName: TEXT.tunnelsSheet,
  count: countTunnels,
  rows: async (db, scope, filter, offset, limit) =>
    (await tunnelRows(db, scope, filter, offset, limit)).map(toTunnelRow),
  cell(row, field, { lang, utcOffsetMinutes }) {
    if (field === 'kind') return TEXT[row.kind][lang];
    if (field === 'vpnState') return VPN_DEVICE_STATE_LABELS[row.vpnState][lang];
    if (field === 'joinedAt') return formatDateTime(row.joinedAt, undefined, { utcOffsetMinutes });
    return plainCell(row, field);
  },
};

/** The VPN activity page as an export source: the activity log's, VPN calls only. */
export const vpnActivityExportSource: ExportSource<VpnActivityFilter, ActivityRow> = {
  call: exportVpnActivityCall,
  filter: VpnActivityFilterSchema as never,
  columns: ACTIVITY_EXPORT_COLUMNS,
  module: 'vpn/activity',
  history: true,
  sheetName: TEXT.activitySheet,
  bound: boundToExportRange,
  count: (db, scope, filter, limit) => countActivity(db, scope, { ...filter, scope: 'vpn' }, limit),
  rows: (db, scope, filter, offset, limit) =>
    activityRows(db, scope, { ...filter, scope: 'vpn' }, offset, limit),
  cell: activityCell,
};
