import {
  customerOrdersCall,
  exportCustomerOrdersCall,
  isAmount,
  LICENCE_PRODUCT_LABELS,
  ORDER_EXPORT_COLUMNS,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  type OrderState,
  type PurchaseOrder,
} from '@fleetport/contract';
import { App, Button, Form, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { ExportButton } from '../exports/export-button.tsx';
import { checkout } from './checkout.i18n.ts';
import { useApproveOrder, useRejectOrder } from './checkout-queries.ts';
import { orderColumns } from './order-columns.tsx';

addNamespaces({ checkout });

interface FilterValues {
  state?: OrderState;
  orderNo?: string;
}

/** The partner console this page is under (distributor or re-seller): its "my customers" page. */
export function useCustomersPath(): string {
  const { pathname } = useLocation();
  return `/${pathname.split('/')[1] ?? 'distributorconsole'}/myCustomers`;
}

/** Orders the company's customers placed with it (the partner consoles' my customers → orders). */
export function PurchaseOrdersPage() {
  return (
    <PageGate funCode="customers.view">
      <PurchaseOrders />
    </PageGate>
  );
}

function PurchaseOrders() {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const customers = useCustomersPath();
  const list = useListQuery(customerOrdersCall, { defaults: { pageSize: 20 } });
  const { filters, setFilters } = list;
  const [form] = Form.useForm<FilterValues>();
  const [approving, setApproving] = useState<PurchaseOrder | null>(null);
  const [rejecting, setRejecting] = useState<PurchaseOrder | null>(null);

  useEffect(() => {
    form.setFieldsValue({ state: filters.state, orderNo: filters.orderNo });
  }, [form, filters.state, filters.orderNo]);

  const columns = useMemo(() => orderColumns(t, lang, 'seller'), [t, lang]);
  const actions = useMemo(
    (): ColumnsType<PurchaseOrder> => [
      {
        key: 'actions',
        title: '',
        // The decision stays in reach however wide the order's columns make the table.
        fixed: 'right',
        render: (_, order) =>
          order.state === 'pending' && (
            <Can funCode="customers.edit">
              <Space>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setApproving(order)}
                  data-testid={`order-approve-${order.orderNo}`}
                >
                  {t('orders.approve')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => setRejecting(order)}
                  data-testid={`order-reject-${order.orderNo}`}
                >
                  {t('orders.reject')}
                </Button>
              </Space>
            </Can>
          ),
      },
    ],
    [t],
  );

  return (
    <>
      <ListPage<PurchaseOrder>
        title={
          <Space>
            <Link to={customers}>{t('orders.back')}</Link>
            <Typography.Text type="secondary">/</Typography.Text>
            {t('orders.title')}
          </Space>
        }
        testId="purchase-orders-page"
        tableTestId="purchase-orders-table"
        rowKey="id"
        list={list}
        columns={columns}
        trailingColumns={actions}
        empty={{ description: t('orders.empty') }}
        exportAction={({ total }) => (
          <ExportButton
            call={exportCustomerOrdersCall}
            filter={filters}
            total={total}
            columns={ORDER_EXPORT_COLUMNS}
            fileNamePrefix={t('orders.title')}
            module="distributorconsole/myCustomers/orders"
            funCode="customers.export"
          />
        )}
        filters={
          <Form<FilterValues>
            form={form}
            layout="inline"
            onFinish={(v) => setFilters({ state: v.state, orderNo: v.orderNo?.trim() || undefined })}
          >
            <Form.Item name="state">
              <Select
                allowClear
                placeholder={t('orders.state')}
                style={{ width: 160 }}
                options={ORDER_STATES.map((s) => ({ value: s, label: ORDER_STATE_LABELS[s][lang] }))}
                data-testid="orders-state"
              />
            </Form.Item>
            <Form.Item name="orderNo">
              <Input placeholder={t('orders.orderNo')} style={{ width: 160 }} data-testid="orders-no" />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="orders-search">
              {t('orders.search')}
            </Button>
          </Form>
        }
      />
      <ApproveDialog order={approving} onClose={() => setApproving(null)} />
      <RejectDialog order={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function ApproveDialog({ order, onClose }: { order: PurchaseOrder | null; onClose: () => void }) {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ unitPrice?: number }>();
  const approve = useApproveOrder();
  const unpriced = order?.unitPrice === null;

  function close() {
    form.resetFields();
    onClose();
  }

  async function save() {
    if (!order) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // 190302 (the pool is short) and 190320 are shown by the client; the dialog stays open.
    const done = await approve
      .mutateAsync({ orderId: order.id, ...(unpriced ? { unitPrice: values.unitPrice } : {}) })
      .catch(() => null);
    if (!done) return;
    void message.success(t('orders.approved', { orderNo: done.orderNo, transactionNo: done.transactionNo }));
    close();
  }

  return (
    <DraggableDialog
      title={order ? t('orders.approveTitle', { orderNo: order.orderNo }) : ''}
      open={order !== null}
      onSave={save}
      onCancel={close}
      saving={approve.isPending}
    >
      {order && (
        <Typography.Paragraph data-testid="approve-summary">
          {t('orders.approveBody', {
            quantity: order.quantity,
            product: LICENCE_PRODUCT_LABELS[order.product][lang],
            buyer: order.buyer.name,
          })}
        </Typography.Paragraph>
      )}
      {unpriced && (
        <Form form={form} layout="vertical">
          <Form.Item
            name="unitPrice"
            label={t('orders.approvePrice')}
            extra={t('orders.approvePriceHint')}
            rules={[
              { required: true, message: t('prices.priceRequired') },
              {
                validator: async (_, value: number | null) => {
                  if (value != null && !isAmount(value)) throw new Error(t('prices.priceInvalid'));
                },
              },
            ]}
          >
            <NumberInput min={0.01} step={0.01} style={{ width: 200 }} data-testid="approve-price" />
          </Form.Item>
        </Form>
      )}
    </DraggableDialog>
  );
}

function RejectDialog({ order, onClose }: { order: PurchaseOrder | null; onClose: () => void }) {
  const { t } = useTranslation('checkout');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectOrder();

  function close() {
    form.resetFields();
    onClose();
  }

  async function save() {
    if (!order) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const done = await reject
      .mutateAsync({ orderId: order.id, reason: values.reason.trim() })
      .catch(() => null);
    if (!done) return;
    void message.success(t('orders.rejected', { orderNo: done.orderNo }));
    close();
  }

  return (
    <DraggableDialog
      title={order ? t('orders.rejectTitle', { orderNo: order.orderNo }) : ''}
      open={order !== null}
      onSave={save}
      onCancel={close}
      saving={reject.isPending}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('orders.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('orders.rejectReasonRequired') }]}
        >
          <Input.TextArea maxLength={200} rows={3} data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
