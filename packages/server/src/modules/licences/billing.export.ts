import {
  BILLING_EXPORT_COLUMNS,
  BILLING_TYPE_LABELS,
  type BillingExportFilter,
  BillingExportFilterSchema,
  type BillingRecord,
  billingExportCall,
  formatDateTime,
  LICENCE_MOVEMENT_LABELS,
  LICENCE_PRODUCT_LABELS,
} from '@fleetport/contract';
import { boundToExportRange } from '../exports/export-range.ts';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { billingRows, countBilling } from './billing.store.ts';
import { BILLING_EXPORT_TEXT as TEXT } from './licences.text.ts';

function cell(row: BillingRecord, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  switch (field) {
    case 'at':
      return formatDateTime(row.at, undefined, { utcOffsetMinutes });
    case 'billingType':
      return BILLING_TYPE_LABELS[row.billingType][lang];
    case 'movement':
      return LICENCE_MOVEMENT_LABELS[row.movement][lang];
    case 'product':
      return LICENCE_PRODUCT_LABELS[row.product][lang];
    case 'operator':
      return row.operator ?? TEXT.system[lang];
    default:
      return plainCell(row, field);
  }
}

/** The billing history as an export source: the list's filter and order (billing.store.ts). */
export const billingExportSource: ExportSource<BillingExportFilter, BillingRecord> = {
  call: billingExportCall,
  filter: BillingExportFilterSchema as never,
  columns: BILLING_EXPORT_COLUMNS,
  module: 'operation/billing',
  sheetName: TEXT.sheetName,
  bound: boundToExportRange,
  count: countBilling,
  rows: billingRows,
  cell,
};
