import {
  type CheckoutOffer,
  ErrorCode,
  errorMessage,
  LICENCE_PRODUCT_LABELS,
  type LicenceProduct,
  MAX_TRANSACTION_USD,
  myOrdersCall,
  type PurchaseOrder,
} from '@fleetport/contract';
import { Alert, App, Button, Card, Flex, Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { checkout } from './checkout.i18n.ts';
import { useCancelOrder, useCheckoutOffer, usePlaceOrder } from './checkout-queries.ts';
import { orderColumns } from './order-columns.tsx';

addNamespaces({ checkout });

interface OrderValues {
  product: LicenceProduct;
  quantity: number;
  note?: string;
}

/** One key per order being placed: a retry after a time-out sends it again and places nothing new. */
const newOrderKey = () => crypto.randomUUID();

/** A transport failure: the order may or may not have reached the server (code 404 time-out, -1). */
const isTimeout = (code: number) => code === ErrorCode.NOT_FOUND || code === ErrorCode.REQUEST_ERROR;

/** Online checkout (core §2 operation/onlineCheckout): order licences from the partner upstream. */
export function CheckoutPage() {
  return (
    <PageGate funCode="checkout.view">
      <Flex vertical gap={16} data-testid="checkout-page">
        <OrderCard />
        <MyOrders />
      </Flex>
    </PageGate>
  );
}

function OrderCard() {
  const { t } = useTranslation('checkout');
  const offer = useCheckoutOffer();
  return (
    <Card loading={offer.isLoading}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      {offer.data && <OrderForm offer={offer.data} refresh={() => offer.refetch()} />}
    </Card>
  );
}

function OrderForm({ offer, refresh }: { offer: CheckoutOffer; refresh: () => Promise<unknown> }) {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<OrderValues>();
  const key = useRef(newOrderKey());
  const [timedOut, setTimedOut] = useState(false);
  const place = usePlaceOrder();
  const product = Form.useWatch('product', form);
  const quantity = Form.useWatch('quantity', form);
  const terms = offer.products.find((p) => p.product === product);
  const seller = offer.seller?.name ?? t('platform');
  const total = terms?.unitPrice != null && quantity ? terms.unitPrice * quantity : null;
  const totalText = total === null ? t('totalUnpriced') : t('totalValue', { total: total.toFixed(2) });

  async function send(values: OrderValues) {
    setTimedOut(false);
    try {
      const order = await place.mutateAsync({
        product: values.product,
        quantity: values.quantity,
        ...(values.note?.trim() ? { note: values.note.trim() } : {}),
        idempotencyKey: key.current,
      });
      void message.success(t('placed', { orderNo: order.orderNo }));
      form.resetFields();
      key.current = newOrderKey();
    } catch (error) {
      // Refused orders (190312, 190313, 190320) are shown by the client; a time-out keeps the key.
      if (isTimeout((error as { code: number }).code)) setTimedOut(true);
      else key.current = newOrderKey();
    }
  }

  async function submit() {
    // The form shows what is wrong under each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmBody', {
        quantity: values.quantity,
        product: LICENCE_PRODUCT_LABELS[values.product][lang],
        seller,
        total: totalText,
      }),
      okButtonProps: { 'data-testid': 'checkout-confirm' } as never,
      onOk: () => send(values),
    });
  }

  async function retry() {
    await refresh();
    await send(form.getFieldsValue());
  }

  return (
    <Flex vertical gap={12}>
      <Alert
        type="info"
        showIcon
        message={offer.seller ? t('sellerPartner', { seller }) : t('sellerPlatform')}
        description={offer.cardPayment ? undefined : t('noCard')}
        data-testid="checkout-seller"
      />
      {offer.onlinePurchaseForbidden && (
        <Alert
          type="warning"
          showIcon
          message={errorMessage(ErrorCode.PURCHASE_FORBIDDEN, lang)}
          description={t('forbidden', { seller })}
          data-testid="checkout-forbidden"
        />
      )}
      {timedOut && (
        <Alert
          type="error"
          showIcon
          message={t('timedOut')}
          action={
            <Button size="small" onClick={retry} loading={place.isPending} data-testid="checkout-retry">
              {t('retry')}
            </Button>
          }
          data-testid="checkout-timed-out"
        />
      )}
      <Form<OrderValues>
        form={form}
        layout="vertical"
        disabled={offer.onlinePurchaseForbidden}
        style={{ maxWidth: 520 }}
        initialValues={{ product: offer.products[0]?.product }}
      >
        <Form.Item name="product" label={t('product')} rules={[{ required: true }]}>
          <Select
            options={offer.products.map((p) => ({
              value: p.product,
              label:
                p.unitPrice === null
                  ? t('productOptionUnpriced', {
                      product: LICENCE_PRODUCT_LABELS[p.product][lang],
                      minimum: p.minimumPurchase,
                    })
                  : t('productOption', {
                      product: LICENCE_PRODUCT_LABELS[p.product][lang],
                      price: p.unitPrice.toFixed(2),
                      minimum: p.minimumPurchase,
                    }),
            }))}
            data-testid="checkout-product"
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t('quantity')}
          dependencies={['product']}
          rules={[
            { required: true, message: t('quantityMinimum', { minimum: terms?.minimumPurchase ?? 12 }) },
            {
              validator: async (_, value: number | null) => {
                if (value === null || value === undefined) return;
                if (!Number.isInteger(value)) throw new Error(t('quantityWhole'));
                const minimum = terms?.minimumPurchase ?? 12;
                if (value < minimum) throw new Error(t('quantityMinimum', { minimum }));
                if (terms?.unitPrice != null && value * terms.unitPrice > MAX_TRANSACTION_USD)
                  throw new Error(t('totalTooLarge', { max: MAX_TRANSACTION_USD.toLocaleString('en-US') }));
              },
            },
          ]}
        >
          <NumberInput
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: 200 }}
            data-testid="checkout-quantity"
          />
        </Form.Item>
        <Form.Item name="note" label={t('note')}>
          <Input maxLength={200} placeholder={t('notePlaceholder')} data-testid="checkout-note" />
        </Form.Item>
        <Typography.Paragraph data-testid="checkout-total">
          <Typography.Text type="secondary">{t('total')}: </Typography.Text>
          <Typography.Text strong>{totalText}</Typography.Text>
        </Typography.Paragraph>
        <Can funCode="checkout.create">
          <Button type="primary" onClick={submit} loading={place.isPending} data-testid="checkout-place">
            {t('place')}
          </Button>
        </Can>
      </Form>
    </Flex>
  );
}

function MyOrders() {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const { message, modal } = App.useApp();
  const list = useListQuery(myOrdersCall, { defaults: { pageSize: 10 } });
  const cancel = useCancelOrder();
  const columns = useMemo(() => orderColumns(t, lang, 'buyer'), [t, lang]);
  const actions = useMemo(
    (): ColumnsType<PurchaseOrder> => [
      {
        key: 'actions',
        title: '',
        // The decision stays in reach however wide the order's columns make the table.
        fixed: 'right',
        render: (_, order) =>
          order.state === 'pending' && (
            <Can funCode="checkout.create">
              <Button
                size="small"
                danger
                data-testid={`order-cancel-${order.orderNo}`}
                onClick={() =>
                  modal.confirm({
                    title: t('cancelConfirm', { orderNo: order.orderNo }),
                    okButtonProps: { danger: true },
                    onOk: async () => {
                      await cancel.mutateAsync({ orderId: order.id });
                      void message.success(t('cancelled', { orderNo: order.orderNo }));
                    },
                  })
                }
              >
                {t('cancel')}
              </Button>
            </Can>
          ),
      },
    ],
    [t, modal, message, cancel],
  );
  return (
    <ListPage<PurchaseOrder>
      title={t('myOrders')}
      testId="my-orders"
      tableTestId="my-orders-table"
      rowKey="id"
      list={list}
      columns={columns}
      trailingColumns={actions}
      empty={{ description: t('empty') }}
    />
  );
}
