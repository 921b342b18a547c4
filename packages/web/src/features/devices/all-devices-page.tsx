import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEVICE_EXPORT_COLUMNS,
  type DeviceRow,
  exportDevicesCall,
  listDevicesCall,
  UNGROUPED,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLive } from '../../api/live.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { FilterSearch } from '../../widgets/list/filter-search.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';
import { AddDeviceDialog } from './add-device-dialog.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { deviceColumns } from './device-columns.tsx';
import { deviceKeys, useDeviceGroups, useFleetCounts } from './device-queries.ts';

/** The page name the column preference is stored under. */
export const ALL_DEVICES_PAGE_NAME = 'robustlink/devices/allDevices';

/** All devices (core §2 devices/allDevices). */
export function AllDevicesPage() {
  return (
    <PageGate funCode="devices.view">
      <DeviceList />
    </PageGate>
  );
}

/**
 * The device list at fleet scale: page, sort and filters in the address, compact rows under a header
 * that stays. A group detail page shows it fixed to one group, titled after the group.
 */
export function DeviceList({ groupId, title }: { groupId?: number; title?: string }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const live = useLive(useQueryClient());
  // The company's counts, the dashboard's own query: both follow presence together.
  const counts = useFleetCounts(usePermission('dashboard.view'));
  const [adding, setAdding] = useState(false);
  // Pages live under the presence key, so a device coming online turns green without a refetch.
  const list = useListQuery(listDevicesCall, {
    queryKey: deviceKeys.all,
    defaults: { pageSize: 20 },
    ...(groupId !== undefined ? { fixed: { groupId } } : {}),
  });
  const { filters, setFilters } = list;
  const groups = useDeviceGroups().data;
  const lang = useLang();
  const columns = useMemo(() => deviceColumns(t, lang), [t, lang]);

  return (
    <>
      <ListPage<DeviceRow>
        testId="all-devices-page"
        tableTestId="devices-table"
        rowKey="sn"
        dense
        title={
          <Space>
            <span data-testid="device-list-title">{title ?? t('list.title')}</span>
            {counts.data && groupId === undefined && (
              <Typography.Text type="secondary" data-testid="device-counts">
                {t('list.counts', counts.data)}
              </Typography.Text>
            )}
            <Badge
              status={live === 'open' ? 'processing' : 'default'}
              text={t(`live.${live}`)}
              data-testid="live-status"
            />
          </Space>
        }
        list={list}
        columns={columns}
        columnsPageName={ALL_DEVICES_PAGE_NAME}
        actions={
          <Can funCode="devices.create">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setAdding(true)}
              data-testid="add-device"
            >
              {t('add.title')}
            </Button>
            <Button
              icon={<ImportOutlined />}
              onClick={() => navigate('/robustlink/devices/import')}
              data-testid="open-import"
            >
              {t('import.title')}
            </Button>
          </Can>
        }
        exportAction={({ filters: shown, total, totalCapped }) => (
          <ExportButton
            call={exportDevicesCall}
            // A group's page fixes its group: the export covers the same devices the page lists.
            filter={groupId !== undefined ? { ...shown, groupId } : shown}
            total={total}
            capped={totalCapped}
            columns={DEVICE_EXPORT_COLUMNS}
            fileNamePrefix={title ?? t('list.title')}
            module={ALL_DEVICES_PAGE_NAME}
            funCode="devices.export"
          />
        )}
        bulkActions={({ keys, clear }) => <BulkActions sns={keys.map(String)} onDone={clear} />}
        empty={{
          description: t('list.empty'),
          noMatch: t('list.noMatch'),
          action: (
            <Can funCode="devices.create">
              <Button onClick={() => setAdding(true)}>{t('add.title')}</Button>
            </Can>
          ),
        }}
        filters={
          <>
            <FilterSearch
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              placeholder={t('list.search')}
              testId="device-search"
              width={320}
            />
            <Select
              allowClear
              value={filters.online}
              placeholder={t('field.online')}
              style={{ width: 140 }}
              data-testid="filter-online"
              onChange={(online?: 'online' | 'offline') => setFilters({ online })}
              options={[
                { value: 'online', label: t('state.online') },
                { value: 'offline', label: t('state.offline') },
              ]}
            />
            {groupId === undefined && (
              <Select
                allowClear
                value={filters.groupId}
                placeholder={t('field.group')}
                style={{ width: 200 }}
                data-testid="filter-group"
                onChange={(g?: number) => setFilters({ groupId: g })}
                options={[
                  { value: UNGROUPED, label: t('groups.ungrouped') },
                  ...(groups?.deviceOtherGroup ?? []).map((g) => ({ value: g.groupId, label: g.groupName })),
                ]}
              />
            )}
          </>
        }
      />
      <AddDeviceDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
