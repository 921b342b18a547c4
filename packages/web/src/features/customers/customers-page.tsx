import { PlusOutlined } from '@ant-design/icons';
import {
  COMPANY_TYPE,
  COMPANY_TYPE_LABELS,
  type CompanyType,
  CUSTOMER_EXPORT_COLUMNS,
  type Customer,
  exportCustomersCall,
  formatDateTime,
  LICENCE_PRODUCT_LABELS,
  listCustomersCall,
} from '@fleetport/contract';
import { Button, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { AddCustomerDialog } from './add-customer-dialog.tsx';
import { usePartnerConsole } from './customer-queries.ts';
import { customers } from './customers.i18n.ts';

addNamespaces({ customers });

/** The types a console's partner may add: a re-seller adds end customers only (15014). */
export function addableTypes(console: string): CompanyType[] {
  return console === 'resellerconsole'
    ? [COMPANY_TYPE.endCustomer]
    : [COMPANY_TYPE.endCustomer, COMPANY_TYPE.reseller];
}

/** My customers (core §2 distributorconsole/myCustomers, resellerconsole/myCustomers). */
export function CustomersPage() {
  return (
    <PageGate funCode="customers.view">
      <Customers />
    </PageGate>
  );
}

/** The columns of a customer list: the caller's own, or a re-seller's on its page (read-only there). */
export function useCustomerColumns(base: string): ColumnsType<Customer> {
  const { t } = useTranslation('customers');
  const lang = useLang();
  return useMemo(
    (): ColumnsType<Customer> => [
      {
        key: 'name',
        dataIndex: 'name',
        title: t('name'),
        sorter: true,
        render: (name: string, row) => (
          <Link to={`${base}/${row.companyId}`} data-testid={`customer-${row.companyId}`}>
            {name}
          </Link>
        ),
      },
      {
        key: 'type',
        dataIndex: 'type',
        title: t('type'),
        render: (type: CompanyType) => COMPANY_TYPE_LABELS[type]?.[lang] ?? type,
      },
      { key: 'country', dataIndex: 'country', title: t('country') },
      {
        key: 'createdAt',
        dataIndex: 'createdAt',
        title: t('createdAt'),
        sorter: true,
        render: (at: number) => formatDateTime(at),
      },
      { key: 'deviceCount', dataIndex: 'deviceCount', title: t('devices') },
      {
        key: 'licences',
        dataIndex: 'licences',
        title: t('licences'),
        render: (held: Customer['licences']) =>
          held.length === 0 ? (
            <Typography.Text type="secondary">{t('noLicences')}</Typography.Text>
          ) : (
            <Space direction="vertical" size={0}>
              {held.map((l) => (
                <span key={l.product}>
                  {LICENCE_PRODUCT_LABELS[l.product][lang]} {l.unused} / {l.assigned}
                </span>
              ))}
            </Space>
          ),
      },
    ],
    [t, lang, base],
  );
}

function Customers() {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const navigate = useNavigate();
  const partnerConsole = usePartnerConsole();
  const list = useListQuery(listCustomersCall, { defaults: { pageSize: 20 } });
  const [adding, setAdding] = useState(false);
  const base = `/${partnerConsole}/myCustomers`;
  const columns = useCustomerColumns(base);
  const actionColumn: ColumnsType<Customer>[number] = {
    key: 'actions',
    title: t('actions'),
    render: (_v, row) => (
      <Space>
        <Link to={`${base}/${row.companyId}`}>{t('details')}</Link>
        {/* The prices page is the checkout area's; this link only leads there. */}
        <Link to={`${base}/${row.companyId}/prices`} data-testid={`customer-prices-${row.companyId}`}>
          {t('prices')}
        </Link>
      </Space>
    ),
  };

  return (
    <>
      <ListPage<Customer>
        title={t('title')}
        testId="customers-page"
        tableTestId="customers-table"
        rowKey="companyId"
        list={list}
        columns={columns}
        trailingColumns={[actionColumn]}
        empty={{ description: t('empty') }}
        filters={
          <>
            <FilterSearch
              value={list.filters.search}
              onSearch={(search) => list.setFilters({ search })}
              placeholder={t('search')}
              testId="customers-search"
            />
            <Select
              allowClear
              value={list.filters.type}
              placeholder={t('type')}
              style={{ width: 160 }}
              data-testid="customers-type"
              onChange={(type?: number) => list.setFilters({ type })}
              options={addableTypes(partnerConsole).map((type) => ({
                value: type,
                label: COMPANY_TYPE_LABELS[type][lang],
              }))}
            />
          </>
        }
        actions={
          <>
            <Button onClick={() => navigate(`${base}/orders`)} data-testid="customers-orders">
              {t('purchaseOrders')}
            </Button>
            <Can funCode="customers.create">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setAdding(true)}
                data-testid="customers-add"
              >
                {t('add')}
              </Button>
            </Can>
          </>
        }
        exportAction={({ total }) => (
          <ExportButton
            call={exportCustomersCall}
            filter={list.filters}
            total={total}
            columns={CUSTOMER_EXPORT_COLUMNS}
            fileNamePrefix={t('title')}
            module={`${partnerConsole}/myCustomers`}
            funCode="customers.export"
          />
        )}
      />
      <AddCustomerDialog
        open={adding}
        types={addableTypes(partnerConsole)}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
