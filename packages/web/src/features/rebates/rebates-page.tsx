import {
  formatDateTime,
  LICENCE_PRODUCT_LABELS,
  LICENCE_PRODUCTS,
  type LicenceProduct,
  REBATE_EXPORT_COLUMNS,
  REBATE_PERIODS,
  type RebatePeriod,
  type RebateRecord,
  type RebateTotal,
  rebateExportCall,
  rebateListCall,
} from '@fleetport/contract';
import { Button, Card, DatePicker, Flex, Form, Input, Segmented, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { type DayRange, dayRangeOf, timeRangeOf } from '../../widgets/list/day-range.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { REBATE_TOTALS_PAGE_SIZE, useMyRebateRule, useRebateTotals } from './rebate-queries.ts';
import { rebates } from './rebates.i18n.ts';

addNamespaces({ rebates });

interface FilterValues {
  search?: string;
  product?: LicenceProduct;
  range?: DayRange;
}

const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The distributor's rebates (core §2 distributorconsole/rebateAmount): its rates, totals and transactions. */
export function RebatesPage() {
  return (
    <PageGate funCode="distributorRebates.view">
      <Rebates />
    </PageGate>
  );
}

function RuleCard() {
  const { t } = useTranslation('rebates');
  const lang = useLang();
  const rule = useMyRebateRule().data;
  return (
    <Card title={t('rule.title')} size="small" data-testid="rebate-rule">
      {rule && rule.rates.length === 0 && (
        <Typography.Text type="secondary">{t('rule.none')}</Typography.Text>
      )}
      {rule?.rates.map((rate) => (
        <div key={rate.product}>
          <strong>{LICENCE_PRODUCT_LABELS[rate.product][lang]}</strong>
          {': '}
          <span>
            {t(`rule.${rate.kind}`, { value: rate.kind === 'percent' ? rate.value : rate.value.toFixed(2) })}
          </span>
        </div>
      ))}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('rule.hint')}
      </Typography.Paragraph>
    </Card>
  );
}

function Rebates() {
  const { t } = useTranslation('rebates');
  const lang = useLang();
  const list = useListQuery(rebateListCall, { defaults: { pageSize: 20 } });
  const { filters, setFilters } = list;
  const [period, setPeriod] = useState<RebatePeriod>('month');
  const [totalsPage, setTotalsPage] = useState(1);
  const filterKey = JSON.stringify(filters);
  // New filters show the totals from their first page again.
  useEffect(() => {
    if (filterKey) setTotalsPage(1);
  }, [filterKey]);
  const totals = useRebateTotals(filters, period, totalsPage);
  const [form] = Form.useForm<FilterValues>();

  useEffect(() => {
    form.setFieldsValue({
      search: filters.search,
      product: filters.product,
      range: dayRangeOf(filters.startTime, filters.endTime),
    });
  }, [form, filters.search, filters.product, filters.startTime, filters.endTime]);

  function apply(values: FilterValues) {
    const next = {
      search: values.search?.trim() || undefined,
      product: values.product,
      ...timeRangeOf(values.range),
    };
    setFilters(next);
  }

  const totalColumns = useMemo(
    (): ColumnsType<RebateTotal> => [
      { key: 'period', dataIndex: 'period', title: t('totals.period') },
      { key: 'transactions', dataIndex: 'transactions', title: t('totals.transactions') },
      { key: 'saleTotal', dataIndex: 'saleTotal', title: t('totals.saleTotal'), render: money },
      { key: 'rebateAmount', dataIndex: 'rebateAmount', title: t('totals.rebateAmount'), render: money },
    ],
    [t],
  );

  const columns = useMemo(
    (): ColumnsType<RebateRecord> => [
      { key: 'transactionNo', dataIndex: 'transactionNo', title: t('list.transactionNo') },
      { key: 'at', dataIndex: 'at', title: t('list.at'), render: (at: number) => formatDateTime(at) },
      { key: 'customer', dataIndex: 'customer', title: t('list.customer') },
      {
        key: 'seller',
        dataIndex: 'seller',
        title: t('list.seller'),
        render: (seller: string | null) => seller ?? t('list.platform'),
      },
      // The page's subject next to who earned it for the distributor, in view without scrolling.
      { key: 'rebateAmount', dataIndex: 'rebateAmount', title: t('list.rebateAmount'), render: money },
      {
        key: 'product',
        dataIndex: 'product',
        title: t('list.product'),
        render: (product: LicenceProduct) => LICENCE_PRODUCT_LABELS[product][lang],
      },
      { key: 'quantity', dataIndex: 'quantity', title: t('list.quantity') },
      { key: 'unitPrice', dataIndex: 'unitPrice', title: t('list.unitPrice'), render: money },
      { key: 'saleTotal', dataIndex: 'saleTotal', title: t('list.saleTotal'), render: money },
    ],
    [t, lang],
  );

  return (
    <Flex vertical gap={16} data-testid="rebates-page">
      <RuleCard />
      <Card
        title={t('totals.title')}
        size="small"
        extra={
          <Segmented<RebatePeriod>
            value={period}
            options={REBATE_PERIODS.map((p) => ({ value: p, label: t(`totals.${p}`) }))}
            onChange={(next) => {
              setPeriod(next);
              setTotalsPage(1);
            }}
            data-testid="rebate-period"
          />
        }
      >
        <Table<RebateTotal>
          data-testid="rebate-totals"
          rowKey="period"
          size="small"
          columns={totalColumns}
          dataSource={totals.data?.list ?? []}
          loading={totals.isLoading}
          pagination={{
            current: totalsPage,
            pageSize: REBATE_TOTALS_PAGE_SIZE,
            total: totals.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setTotalsPage,
          }}
        />
      </Card>
      <ListPage<RebateRecord>
        title={t('list.title')}
        tableTestId="rebate-table"
        rowKey="id"
        list={list}
        columns={columns}
        empty={{ description: t('list.empty') }}
        exportAction={({ total }) => (
          <ExportButton
            call={rebateExportCall}
            filter={filters}
            total={total}
            columns={REBATE_EXPORT_COLUMNS}
            fileNamePrefix={t('title')}
            module="distributorconsole/rebateAmount"
            funCode="distributorRebates.export"
          />
        )}
        filters={
          <Form<FilterValues> form={form} layout="inline" onFinish={apply} style={{ rowGap: 8 }}>
            <Form.Item name="search">
              <Input
                allowClear
                placeholder={t('list.searchPlaceholder')}
                style={{ width: 240 }}
                data-testid="rebate-search"
              />
            </Form.Item>
            <Form.Item name="product">
              <Select
                allowClear
                placeholder={t('list.product')}
                style={{ width: 180 }}
                options={LICENCE_PRODUCTS.map((p) => ({ value: p, label: LICENCE_PRODUCT_LABELS[p][lang] }))}
                data-testid="rebate-product"
              />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="rebate-search-button">
              {t('list.search')}
            </Button>
          </Form>
        }
      />
    </Flex>
  );
}
