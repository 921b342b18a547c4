import {
  COMPANY_TYPE_LABELS,
  type CompanyType,
  CUSTOMER_EXPORT_COLUMNS,
  type Customer,
  type CustomerExportFilter,
  CustomerExportFilterSchema,
  exportCustomersCall,
  formatDateTime,
  interpolate,
  LICENCE_PRODUCT_LABELS,
} from '@fleetport/contract';
import { systemClock } from '../../platform/clock.ts';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { customerRows } from './customers.service.ts';
import { countCustomers } from './customers.store.ts';
import { CUSTOMER_EXPORT_TEXT as TEXT } from './customers.text.ts';

function cell(row: Customer, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  switch (field) {
    case 'type':
      return COMPANY_TYPE_LABELS[row.type as CompanyType]?.[lang] ?? row.type;
    case 'createdAt':
      return formatDateTime(row.createdAt, undefined, { utcOffsetMinutes });
    case 'licences':
      return row.licences
        .map((l) =>
          interpolate(TEXT.licence[lang], {
            product: LICENCE_PRODUCT_LABELS[l.product][lang],
            unused: l.unused,
            assigned: l.assigned,
          }),
        )
        .join('; ');
    default:
      return plainCell(row, field);
  }
}

/**
 * An export source is given no clock: a customer's licences "held now" are read at the time the job runs
 * (the list reads them with the app's clock, which differs only where tests move it).
 */
const wallClock = { clock: systemClock };

/** My customers as an export source: the list's filter and order (customers.store.ts). */
export const customerExportSource: ExportSource<CustomerExportFilter, Customer> = {
  call: exportCustomersCall,
  filter: CustomerExportFilterSchema as never,
  columns: CUSTOMER_EXPORT_COLUMNS,
  module: 'distributorconsole/myCustomers',
  sheetName: TEXT.sheetName,
  count: (db, scope, filter, limit) => countCustomers(db, scope, filter, limit),
  rows: (db, scope, filter, offset, limit) =>
    customerRows({ db, ...wallClock }, scope, filter, offset, limit),
  cell,
};
