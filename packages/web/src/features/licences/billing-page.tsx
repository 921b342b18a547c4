import {
  BILLING_EXPORT_COLUMNS,
  BILLING_TYPE_LABELS,
  BILLING_TYPES,
  type BillingRecord,
  type BillingType,
  billingExportCall,
  billingListCall,
  formatDateTime,
  LICENCE_MOVEMENT_LABELS,
  LICENCE_PRODUCT_LABELS,
  LICENCE_PRODUCTS,
  type LicenceProduct,
} from '@fleetport/contract';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { type DayRange, dayRangeOf, timeRangeOf } from '../../widgets/list/day-range.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { licences } from './licences.i18n.ts';

addNamespaces({ licences });

interface FilterValues {
  billingType?: BillingType;
  product?: LicenceProduct;
  sn?: string;
  range?: DayRange;
}

const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The billing history (core §2 operation/billing): every licence transaction, newest first. */
export function BillingPage() {
  return (
    <PageGate funCode="billing.view">
      <Billing />
    </PageGate>
  );
}

function Billing() {
  const { t } = useTranslation('licences');
  const lang = useLang();
  const list = useListQuery(billingListCall, { defaults: { pageSize: 20 } });
  const { filters, setFilters } = list;
  const [form] = Form.useForm<FilterValues>();

  // The form shows the filters the address holds (a reload, a shared link, Back).
  useEffect(() => {
    form.setFieldsValue({
      billingType: filters.billingType,
      product: filters.product,
      sn: filters.sn,
      range: dayRangeOf(filters.startTime, filters.endTime),
    });
  }, [form, filters.billingType, filters.product, filters.sn, filters.startTime, filters.endTime]);

  function apply(values: FilterValues) {
    setFilters({
      billingType: values.billingType,
      product: values.product,
      sn: values.sn?.trim() || undefined,
      ...timeRangeOf(values.range),
    });
  }

  const columns = useMemo(
    (): ColumnsType<BillingRecord> => [
      { key: 'transactionNo', dataIndex: 'transactionNo', title: t('billing.transactionNo') },
      { key: 'at', dataIndex: 'at', title: t('billing.at'), render: (at: number) => formatDateTime(at) },
      {
        key: 'billingType',
        dataIndex: 'billingType',
        title: t('billing.type'),
        render: (type: BillingType) => BILLING_TYPE_LABELS[type][lang],
      },
      {
        key: 'movement',
        dataIndex: 'movement',
        title: t('billing.movement'),
        render: (movement: BillingRecord['movement']) => LICENCE_MOVEMENT_LABELS[movement][lang],
      },
      { key: 'quantity', dataIndex: 'quantity', title: t('billing.quantity') },
      {
        key: 'product',
        dataIndex: 'product',
        title: t('billing.product'),
        render: (product: LicenceProduct) => LICENCE_PRODUCT_LABELS[product][lang],
      },
      { key: 'unitPrice', dataIndex: 'unitPrice', title: t('billing.unitPrice'), render: money },
      { key: 'total', dataIndex: 'total', title: t('billing.total'), render: money },
      {
        key: 'operator',
        dataIndex: 'operator',
        title: t('billing.operator'),
        // Rows a job wrote (expiries) have no person behind them.
        render: (name: string | null) => name ?? t('billing.system'),
      },
      { key: 'sn', dataIndex: 'sn', title: t('billing.sn') },
      { key: 'counterparty', dataIndex: 'counterparty', title: t('billing.counterparty') },
      // What the platform owes a distributor for a purchase in its tree (a rebate row only).
      { key: 'rebateAmount', dataIndex: 'rebateAmount', title: t('billing.rebateAmount'), render: money },
    ],
    [t, lang],
  );

  return (
    <ListPage<BillingRecord>
      title={t('billing.title')}
      testId="billing-page"
      tableTestId="billing-table"
      rowKey="id"
      list={list}
      columns={columns}
      empty={{ description: t('billing.empty') }}
      exportAction={({ total }) => (
        <ExportButton
          call={billingExportCall}
          filter={filters}
          total={total}
          columns={BILLING_EXPORT_COLUMNS}
          fileNamePrefix={t('billing.title')}
          module="operation/billing"
          funCode="billing.export"
        />
      )}
      filters={
        <Form<FilterValues> form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
          <Form.Item name="billingType">
            <Select
              allowClear
              placeholder={t('billing.type')}
              style={{ width: 160 }}
              options={BILLING_TYPES.map((type) => ({ value: type, label: BILLING_TYPE_LABELS[type][lang] }))}
              data-testid="billing-type"
            />
          </Form.Item>
          <Form.Item name="product">
            <Select
              allowClear
              placeholder={t('billing.product')}
              style={{ width: 180 }}
              options={LICENCE_PRODUCTS.map((p) => ({ value: p, label: LICENCE_PRODUCT_LABELS[p][lang] }))}
              data-testid="billing-product"
            />
          </Form.Item>
          <Form.Item name="sn">
            <Input placeholder={t('billing.sn')} style={{ width: 160 }} data-testid="billing-sn" />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker />
          </Form.Item>
          <Button type="primary" htmlType="submit" data-testid="billing-search">
            {t('billing.search')}
          </Button>
        </Form>
      }
    />
  );
}
