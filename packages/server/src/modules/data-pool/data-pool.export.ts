import {
  DATA_POOL_EXPORT_COLUMNS,
  DATA_POOL_SOURCE_LABELS,
  DATA_POOL_STATE_LABELS,
  type DataPoolItem,
  type DataPoolItemExportFilter,
  DataPoolItemExportFilterSchema,
  dataPoolExportCall,
  formatBytes,
  formatDateTime,
} from '@fleetport/contract';
import { z } from 'zod';
import type { ExportCell, ExportReader, ExportSource } from '../exports/export-source.ts';
import { plainCell } from '../exports/export-source.ts';
import { countItems, itemRows } from './data-pool.store.ts';
import { DATA_POOL_EXPORT_TEXT as TEXT } from './data-pool.text.ts';

/** The list's filter with the moment the export was asked for: the file shows the states of then. */
type ItemExportFilter = DataPoolItemExportFilter & { asOf?: number };

const BYTE_FIELDS = new Set(['packageBytes', 'licenceBytes', 'usedBytes', 'remainingBytes']);

function cell(row: DataPoolItem, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  if (BYTE_FIELDS.has(field)) return formatBytes(row[field as keyof DataPoolItem] as number);
  switch (field) {
    case 'source':
      return DATA_POOL_SOURCE_LABELS[row.source][lang];
    case 'state':
      return DATA_POOL_STATE_LABELS[row.state][lang];
    case 'firstUsedAt':
    case 'expiresAt': {
      const at = row[field];
      return at === null ? '' : formatDateTime(at, undefined, { utcOffsetMinutes });
    }
    default:
      return plainCell(row, field);
  }
}

const asOf = (f: ItemExportFilter) => new Date(f.asOf ?? Date.now());

/** The pool items as an export source: the list's filter and order (data-pool.store.ts). */
export const dataPoolExportSource: ExportSource<ItemExportFilter, DataPoolItem> = {
  call: dataPoolExportCall,
  filter: DataPoolItemExportFilterSchema.extend({ asOf: z.number().int().optional() }) as never,
  columns: DATA_POOL_EXPORT_COLUMNS,
  module: 'operation/licenses',
  sheetName: TEXT.sheetName,
  bound: (f, now) => ({ ...f, asOf: now.getTime() }),
  count: (db, scope, f, limit) => countItems(db, scope, f, limit, asOf(f)),
  rows: (db, scope, f, offset, limit) => itemRows(db, scope, f, offset, limit, asOf(f)),
  cell,
};
