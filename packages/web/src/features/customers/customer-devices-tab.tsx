import {
  customerDevicesCall,
  type DeviceRow,
  formatDateTime,
  LICENCE_LEVEL_LABELS,
  type LicenceLevel,
} from '@fleetport/contract';
import { Badge } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';

/** The customer's devices, read-only: the partner sees them, the customer manages them. */
export function CustomerDevicesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('customers');
  const lang = useLang();
  const list = useListQuery(customerDevicesCall, {
    fixed: { companyId },
    defaults: { pageSize: 20 },
    urlPrefix: 'devices',
  });
  const columns = useMemo(
    (): ColumnsType<DeviceRow> => [
      { key: 'sn', dataIndex: 'sn', title: t('sn'), sorter: true },
      { key: 'name', dataIndex: 'name', title: t('deviceName'), sorter: true },
      { key: 'model', dataIndex: 'model', title: t('model'), sorter: true },
      {
        key: 'online',
        dataIndex: 'online',
        title: t('status'),
        sorter: true,
        render: (online: boolean) => (
          <Badge status={online ? 'success' : 'default'} text={online ? t('online') : t('offline')} />
        ),
      },
      {
        key: 'licenceLevel',
        dataIndex: 'licenceLevel',
        title: t('level'),
        render: (level: LicenceLevel) => LICENCE_LEVEL_LABELS[level][lang],
      },
      {
        key: 'lastSeenAt',
        dataIndex: 'lastSeenAt',
        title: t('lastSeen'),
        sorter: true,
        render: (at: number | null) => (at ? formatDateTime(at) : null),
      },
    ],
    [t, lang],
  );
  return (
    <ListPage<DeviceRow>
      title={t('tabs.devices')}
      tableTestId="customer-devices"
      rowKey="sn"
      list={list}
      columns={columns}
      empty={{ description: t('devicesEmpty') }}
      filters={
        <FilterSearch
          value={list.filters.search}
          onSearch={(search) => list.setFilters({ search })}
          placeholder={t('search')}
          testId="customer-devices-search"
        />
      }
    />
  );
}
