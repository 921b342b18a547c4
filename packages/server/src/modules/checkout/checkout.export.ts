import {
  type CustomerOrderExportFilter,
  CustomerOrderExportFilterSchema,
  exportCustomerOrdersCall,
  formatDateTime,
  LICENCE_PRODUCT_LABELS,
  ORDER_EXPORT_COLUMNS,
  ORDER_STATE_LABELS,
  type PurchaseOrder,
} from '@fleetport/contract';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { countOrders, type OrderFilter, orderRows } from './checkout.store.ts';
import { ORDER_EXPORT_TEXT as TEXT } from './checkout.text.ts';

function cell(row: PurchaseOrder, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  const time = (at: number | null) =>
    at === null ? null : formatDateTime(at, undefined, { utcOffsetMinutes });
  switch (field) {
    case 'state':
      return ORDER_STATE_LABELS[row.state][lang];
    case 'buyer':
      return row.buyer.name;
    case 'product':
      return LICENCE_PRODUCT_LABELS[row.product][lang];
    case 'placedAt':
      return time(row.placedAt);
    case 'decidedAt':
      return time(row.decidedAt);
    default:
      return plainCell(row, field);
  }
}

const filterOf = ({ companyId, ...rest }: CustomerOrderExportFilter): OrderFilter => ({
  ...rest,
  buyerCompanyId: companyId,
});

/** The seller's purchase orders as an export source: the page's filter and order (checkout.store.ts). */
export const customerOrderExportSource: ExportSource<CustomerOrderExportFilter, PurchaseOrder> = {
  call: exportCustomerOrdersCall,
  filter: CustomerOrderExportFilterSchema as never,
  columns: ORDER_EXPORT_COLUMNS,
  module: 'distributorconsole/myCustomers/orders',
  sheetName: TEXT.sheetName,
  count: (db, scope, filter, limit) => countOrders(db, { side: 'seller', scope }, filterOf(filter), limit),
  // Rows only: the job counts once (`count`), not again with every batch.
  rows: (db, scope, filter, offset, limit) =>
    orderRows(db, { side: 'seller', scope }, filterOf(filter), offset, limit),
  cell,
};
