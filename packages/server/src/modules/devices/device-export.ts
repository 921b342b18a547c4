import {
  DEVICE_EXPORT_COLUMNS,
  type DeviceExportFilter,
  DeviceExportFilterSchema,
  type DeviceRow,
  exportDevicesCall,
  formatDateTime,
  LICENCE_LEVEL_LABELS,
} from '@fleetport/contract';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { countMatchingDevices, matchingDevicesInOrder } from './device-list.store.ts';
import { DEVICE_EXPORT_TEXT as TEXT } from './devices.text.ts';

function cell(row: DeviceRow, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  switch (field) {
    case 'online':
      return (row.online ? TEXT.online : TEXT.offline)[lang];
    case 'groupName':
      return row.groupName ?? TEXT.ungrouped[lang];
    case 'tags':
      return row.tags.join(', ');
    case 'licenceLevel':
      return LICENCE_LEVEL_LABELS[row.licenceLevel]?.[lang] ?? row.licenceLevel;
    case 'lastSeenAt':
    case 'createdAt':
      return formatDateTime(row[field], undefined, { utcOffsetMinutes });
    default:
      return plainCell(row, field);
  }
}

/** The all-devices list as an export source: the list's filters and order (device-list.store.ts). */
export const deviceExportSource: ExportSource<DeviceExportFilter, DeviceRow> = {
  call: exportDevicesCall,
  filter: DeviceExportFilterSchema as never,
  columns: DEVICE_EXPORT_COLUMNS,
  module: 'robustlink/devices/allDevices',
  sheetName: TEXT.sheetName,
  count: countMatchingDevices,
  rows: matchingDevicesInOrder,
  cell,
};
