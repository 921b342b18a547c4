import {
  formatDateTime,
  LICENCE_PRODUCT_LABELS,
  REBATE_EXPORT_COLUMNS,
  type RebateExportFilter,
  RebateExportFilterSchema,
  type RebateRecord,
  rebateExportCall,
} from '@fleetport/contract';
import { boundToExportRange } from '../exports/export-range.ts';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { countRebates, rebateRows } from './rebates.store.ts';
import { REBATE_EXPORT_TEXT as TEXT } from './rebates.text.ts';

function cell(row: RebateRecord, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  switch (field) {
    case 'at':
      return formatDateTime(row.at, undefined, { utcOffsetMinutes });
    case 'product':
      return LICENCE_PRODUCT_LABELS[row.product][lang];
    case 'seller':
      return row.seller ?? TEXT.platform[lang];
    default:
      return plainCell(row, field);
  }
}

/** The distributor's rebates as an export source: the page's filter and order (rebates.store.ts). */
export const rebateExportSource: ExportSource<RebateExportFilter, RebateRecord> = {
  call: rebateExportCall,
  filter: RebateExportFilterSchema as never,
  columns: REBATE_EXPORT_COLUMNS,
  module: 'distributorconsole/rebateAmount',
  sheetName: TEXT.sheetName,
  bound: boundToExportRange,
  count: countRebates,
  rows: rebateRows,
  cell,
};
