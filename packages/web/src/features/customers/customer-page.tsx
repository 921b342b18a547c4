import {
  COMPANY_TYPE,
  COMPANY_TYPE_LABELS,
  type CompanyType,
  type Customer,
  formatDateTime,
} from '@fleetport/contract';
import { Alert, Button, Card, Descriptions, Flex, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { QuotaEditor } from '../quotas/quota-editor.tsx';
import { CustomerDevicesTab } from './customer-devices-tab.tsx';
import { CustomerLicencesTab } from './customer-licences-tab.tsx';
import { useCustomer, usePartnerConsole } from './customer-queries.ts';
import { customers } from './customers.i18n.ts';
import { DeviceTransferTab } from './device-transfer-tab.tsx';
import { EditCustomerDialog } from './edit-customer-dialog.tsx';
import { ResellerCustomersTab } from './reseller-customers-tab.tsx';

addNamespaces({ customers });

const TABS = ['overview', 'devices', 'licences', 'customers', 'transfer', 'limits'] as const;
type Tab = (typeof TABS)[number];

/**
 * The tabs a customer shows: its own customers when it is a re-seller; the device transfer and the limits
 * only between a partner and its own customer (one further down the tree is read-only).
 */
function tabsOf(customer: Customer): readonly Tab[] {
  return TABS.filter(
    (tab) =>
      (tab !== 'customers' || customer.type === COMPANY_TYPE.reseller) &&
      ((tab !== 'transfer' && tab !== 'limits') || customer.direct),
  );
}

/**
 * One customer (…/myCustomers/:companyId): overview, devices, licences, a re-seller's customers, device
 * transfer, limits; `?tab=` keeps the tab.
 */
export function CustomerPage() {
  return (
    <PageGate funCode="customers.view">
      <CustomerDetails />
    </PageGate>
  );
}

function CustomerDetails() {
  const { t } = useTranslation('customers');
  const companyId = Number(useParams().companyId);
  const partnerConsole = usePartnerConsole();
  const [params, setParams] = useSearchParams();
  const customer = useCustomer(companyId);
  const row = customer.data;
  const base = `/${partnerConsole}/myCustomers`;

  // Not a customer of the caller's company (5): the same empty page as an unknown id.
  if (customer.isError || !Number.isInteger(companyId)) return <EmptyState />;
  if (!row) return <Card loading />;

  const tabs = {
    overview: <Overview customer={row} />,
    devices: <CustomerDevicesTab companyId={companyId} />,
    licences: <CustomerLicencesTab customer={row} />,
    customers: <ResellerCustomersTab reseller={row} />,
    transfer: <DeviceTransferTab customer={row} />,
    // The quotas area's editor: what this customer (with its own customers) may hold and draw.
    limits: <QuotaEditor companyId={companyId} />,
  };
  const shown = tabsOf(row);
  const asked = params.get('tab');
  const active = shown.find((tab) => tab === asked) ?? 'overview';

  return (
    <Flex vertical gap={12} data-testid="customer-page">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap>
          <Space size="large" wrap>
            <Link to={base}>{t('back')}</Link>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="customer-title">
              {row.name}
            </Typography.Title>
          </Space>
          {/* The prices page is the checkout area's; this button only leads there. */}
          {row.direct && (
            <Link to={`${base}/${companyId}/prices`}>
              <Button data-testid="customer-prices">{t('prices')}</Button>
            </Link>
          )}
        </Flex>
        {!row.direct && (
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 12 }}
            data-testid="customer-read-only"
            message={t('readOnly', { partner: row.partner.name })}
          />
        )}
      </Card>
      <Card size="small">
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={shown.map((key) => ({
            key,
            label: <span data-testid={`tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: tabs[key],
          }))}
        />
      </Card>
    </Flex>
  );
}

function Overview({ customer }: { customer: Customer }) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        data-testid="customer-overview"
        extra={
          customer.direct && (
            <Can funCode="customers.edit">
              <Button onClick={() => setEditing(true)} data-testid="customer-edit">
                {t('edit')}
              </Button>
            </Can>
          )
        }
        items={[
          { key: 'name', label: t('name'), children: customer.name },
          { key: 'id', label: t('companyId'), children: customer.companyId },
          {
            key: 'type',
            label: t('type'),
            children: COMPANY_TYPE_LABELS[customer.type as CompanyType]?.[lang] ?? customer.type,
          },
          { key: 'country', label: t('country'), children: customer.country ?? '- -' },
          { key: 'partner', label: t('partner'), children: customer.partner.name },
          { key: 'createdAt', label: t('createdAt'), children: formatDateTime(customer.createdAt) },
          { key: 'devices', label: t('devices'), children: customer.deviceCount },
        ]}
      />
      <EditCustomerDialog customer={customer} open={editing} onClose={() => setEditing(false)} />
    </>
  );
}
