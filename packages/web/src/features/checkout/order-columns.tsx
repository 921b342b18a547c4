import type { Lang } from '@fleetport/contract';
import {
  formatDateTime,
  LICENCE_PRODUCT_LABELS,
  type LicenceProduct,
  ORDER_STATE_LABELS,
  type OrderState,
  type PurchaseOrder,
} from '@fleetport/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

const STATE_COLOURS: Record<OrderState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export const money = (value: number | null) => (value === null ? '- -' : value.toFixed(2));

export function OrderStateTag({ state, lang }: { state: OrderState; lang: Lang }) {
  return (
    <Tag color={STATE_COLOURS[state]} data-testid={`order-state-${state}`}>
      {ORDER_STATE_LABELS[state][lang]}
    </Tag>
  );
}

/**
 * The columns both sides of an order read: the buyer's list shows the seller, the seller's the buyer.
 */
export function orderColumns(
  t: TFunction<'checkout'>,
  lang: Lang,
  side: 'buyer' | 'seller',
): ColumnsType<PurchaseOrder> {
  const party: ColumnsType<PurchaseOrder>[number] =
    side === 'buyer'
      ? {
          key: 'seller',
          title: t('orders.seller'),
          render: (_, o) => o.seller?.name ?? t('platform'),
        }
      : { key: 'buyer', title: t('orders.buyer'), render: (_, o) => o.buyer.name };
  return [
    { key: 'orderNo', dataIndex: 'orderNo', title: t('orders.orderNo') },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('orders.state'),
      render: (state: OrderState) => <OrderStateTag state={state} lang={lang} />,
    },
    party,
    {
      key: 'product',
      dataIndex: 'product',
      title: t('orders.product'),
      render: (product: LicenceProduct) => LICENCE_PRODUCT_LABELS[product][lang],
    },
    { key: 'quantity', dataIndex: 'quantity', title: t('orders.quantity') },
    { key: 'unitPrice', dataIndex: 'unitPrice', title: t('orders.unitPrice'), render: money },
    { key: 'total', dataIndex: 'total', title: t('orders.total'), render: money },
    { key: 'placedBy', dataIndex: 'placedBy', title: t('orders.placedBy') },
    {
      key: 'placedAt',
      dataIndex: 'placedAt',
      title: t('orders.placedAt'),
      render: (at: number) => formatDateTime(at),
    },
    {
      key: 'decidedAt',
      dataIndex: 'decidedAt',
      title: t('orders.decidedAt'),
      render: (at: number | null) => (at === null ? '- -' : formatDateTime(at)),
    },
    { key: 'note', dataIndex: 'note', title: t('orders.note') },
    { key: 'rejectReason', dataIndex: 'rejectReason', title: t('orders.rejectReason') },
    { key: 'transactionNo', dataIndex: 'transactionNo', title: t('orders.transactionNo') },
  ];
}
