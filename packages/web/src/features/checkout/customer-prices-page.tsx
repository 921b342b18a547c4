import {
  type CustomerTerms,
  isAmount,
  LICENCE_PRODUCT_LABELS,
  type LicenceProduct,
  MIN_PURCHASE,
} from '@fleetport/contract';
import { App, Button, Card, Checkbox, Flex, Form, Space, Switch, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { checkout } from './checkout.i18n.ts';
import { useCustomerTerms, useSetCustomerTerms } from './checkout-queries.ts';
import { useCustomersPath } from './purchase-orders-page.tsx';

addNamespaces({ checkout });

interface PriceRowValues {
  priced: boolean;
  unitPrice: number | null;
  minimumPurchase: number;
}

interface TermsValues {
  onlinePurchaseForbidden: boolean;
  prices: PriceRowValues[];
}

function toValues(terms: CustomerTerms): TermsValues {
  return {
    onlinePurchaseForbidden: terms.onlinePurchaseForbidden,
    prices: terms.prices.map((p) => ({
      priced: p.unitPrice !== null,
      unitPrice: p.unitPrice,
      minimumPurchase: p.minimumPurchase,
    })),
  };
}

/** One customer's prices, minimum purchases and online-purchase switch (features §6). */
export function CustomerPricesPage() {
  return (
    <PageGate funCode="customers.view">
      <CustomerPrices />
    </PageGate>
  );
}

function CustomerPrices() {
  const { t } = useTranslation('checkout');
  const lang = useLang();
  const { message } = App.useApp();
  const companyId = Number(useParams().companyId);
  const customers = useCustomersPath();
  const terms = useCustomerTerms(companyId);
  const save = useSetCustomerTerms(companyId);
  const [form] = Form.useForm<TermsValues>();
  const rows = Form.useWatch('prices', form) ?? [];
  // The products come from the terms (the watched rows arrive a render later than the table).
  const productAt = (index: number) => terms.data?.prices[index]?.product ?? '';

  useEffect(() => {
    if (terms.data) form.setFieldsValue(toValues(terms.data));
  }, [form, terms.data]);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // The form holds the inputs only; each row's product is the terms' row at the same place.
    const prices = values.prices.flatMap((p, i) =>
      p.priced
        ? [
            {
              product: productAt(i) as LicenceProduct,
              unitPrice: p.unitPrice!,
              minimumPurchase: p.minimumPurchase,
            },
          ]
        : [],
    );
    // 190312 and 190320 are shown by the client; the form keeps what was typed.
    const done = await save
      .mutateAsync({ companyId, onlinePurchaseForbidden: values.onlinePurchaseForbidden, prices })
      .catch(() => null);
    if (done) void message.success(t('prices.saved'));
  }

  return (
    <Card loading={terms.isLoading} data-testid="customer-prices-page">
      <Flex vertical gap={12}>
        <Space>
          <Link to={customers}>{t('prices.back')}</Link>
          <Typography.Text type="secondary">/</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('prices.title', { customer: terms.data?.companyName ?? '' })}
          </Typography.Title>
        </Space>
        <Typography.Paragraph type="secondary">{t('prices.explain')}</Typography.Paragraph>
        <Form<TermsValues> form={form} layout="vertical">
          <Form.List name="prices">
            {(fields) => (
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                data-testid="customer-prices-table"
                columns={[
                  {
                    key: 'product',
                    title: t('prices.product'),
                    render: (_, field) => {
                      const product = productAt(field.name);
                      return product ? LICENCE_PRODUCT_LABELS[product][lang] : '';
                    },
                  },
                  {
                    key: 'priced',
                    title: t('prices.priced'),
                    render: (_, field) => (
                      <Form.Item name={[field.name, 'priced']} valuePropName="checked" noStyle>
                        <Checkbox data-testid={`price-priced-${productAt(field.name)}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'unitPrice',
                    title: t('prices.unitPrice'),
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'unitPrice']}
                        style={{ margin: 0 }}
                        rules={[
                          {
                            validator: async (_, value: number | null) => {
                              if (!rows[field.name]?.priced) return;
                              if (value === null || value === undefined)
                                throw new Error(t('prices.priceRequired'));
                              if (!isAmount(value)) throw new Error(t('prices.priceInvalid'));
                            },
                          },
                        ]}
                        dependencies={[['prices', field.name, 'priced']]}
                      >
                        <NumberInput
                          min={0.01}
                          step={0.01}
                          disabled={!rows[field.name]?.priced}
                          style={{ width: 140 }}
                          data-testid={`price-unit-${productAt(field.name)}`}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'minimumPurchase',
                    title: t('prices.minimumPurchase'),
                    render: (_, field) => (
                      <Form.Item
                        name={[field.name, 'minimumPurchase']}
                        style={{ margin: 0 }}
                        rules={[
                          {
                            type: 'number',
                            min: MIN_PURCHASE,
                            message: t('prices.minimumHint', { minimum: MIN_PURCHASE }),
                          },
                        ]}
                      >
                        <NumberInput
                          min={MIN_PURCHASE}
                          precision={0}
                          disabled={!rows[field.name]?.priced}
                          style={{ width: 120 }}
                          data-testid={`price-minimum-${productAt(field.name)}`}
                        />
                      </Form.Item>
                    ),
                  },
                ]}
              />
            )}
          </Form.List>
          <Form.Item
            name="onlinePurchaseForbidden"
            label={t('prices.forbid')}
            extra={t('prices.forbidHint')}
            valuePropName="checked"
            style={{ marginTop: 16 }}
          >
            <Switch data-testid="prices-forbid" />
          </Form.Item>
          <Can funCode="customers.edit">
            <Button type="primary" onClick={submit} loading={save.isPending} data-testid="prices-save">
              {t('prices.save')}
            </Button>
          </Can>
        </Form>
      </Flex>
    </Card>
  );
}
