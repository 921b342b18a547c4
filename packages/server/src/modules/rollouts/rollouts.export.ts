import {
  exportRolloutDevicesCall,
  formatDateTime,
  ROLLOUT_DEVICE_EXPORT_COLUMNS,
  ROLLOUT_DEVICE_STATE_LABELS,
  type RolloutDeviceExportFilter,
  RolloutDeviceExportFilterSchema,
} from '@fleetport/contract';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { ownRollout, reasonOf } from './rollouts.service.ts';
import { listRolloutDevices, type RolloutDeviceRow, type RolloutRow } from './rollouts.store.ts';
import { ROLLOUT_TEXT } from './rollouts.text.ts';

/** A device row with its rollout: the reason's words depend on the rollout's deadlines. */
type ExportRow = RolloutDeviceRow & { rollout: RolloutRow };

function cell(row: ExportRow, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  switch (field) {
    case 'step':
      return row.stage + 1;
    case 'state':
      return ROLLOUT_DEVICE_STATE_LABELS[row.state][lang];
    case 'reason':
      return reasonOf(row, row.rollout, lang);
    case 'updatedAt':
      return formatDateTime(row.updatedAt.getTime(), undefined, { utcOffsetMinutes });
    default:
      return plainCell(row, field);
  }
}

/** A rollout's devices as an export source: the device list's filter and order (rollouts.store.ts). */
export const rolloutDeviceExportSource: ExportSource<RolloutDeviceExportFilter, ExportRow> = {
  call: exportRolloutDevicesCall,
  filter: RolloutDeviceExportFilterSchema as never,
  columns: ROLLOUT_DEVICE_EXPORT_COLUMNS,
  module: 'devices/appCentre',
  sheetName: ROLLOUT_TEXT.sheetName,
  async count(db, scope, filter, limit) {
    const rollout = await ownRollout(db, scope, filter.id);
    const { total } = await listRolloutDevices(db, rollout, { ...filter, offset: 0, limit: 0 });
    return Math.min(total, limit);
  },
  async rows(db, scope, filter, offset, limit) {
    const rollout = await ownRollout(db, scope, filter.id);
    const { rows } = await listRolloutDevices(db, rollout, { ...filter, offset, limit });
    return rows.map((row) => ({ ...row, rollout }));
  },
  cell,
};
