import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_EXPORT_COLUMNS, type DeviceRow, exportDevicesCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Input, Select, Space } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLive } from '../../api/live.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { ExportButton } from '../exports/export-button.tsx';
import { ColumnSettings, usePageColumns } from '../operation/page-columns.tsx';
import { AddDeviceDialog } from './add-device-dialog.tsx';
import { BulkActions } from './bulk-actions.tsx';
import { deviceColumns } from './device-columns.tsx';
import { type DeviceListFilter, useDeviceGroups, useDevicePage } from './device-queries.ts';

/** The page name the column preference is stored under. */
export const ALL_DEVICES_PAGE_NAME = 'robustlink/devices/allDevices';

/** The list's filter without paging: what its export covers. */
function exportFilterOf({ pageNum: _page, pageSize: _size, ...filter }: DeviceListFilter) {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/** All devices (core §2 devices/allDevices). */
export function AllDevicesPage() {
  return (
    <PageGate funCode="devices.view">
      <DeviceList />
    </PageGate>
  );
}

/** The device list; a group detail page shows it fixed to one group, titled after the group. */
export function DeviceList({ groupId, title }: { groupId?: number; title?: string }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const live = useLive(useQueryClient());
  const [filter, setFilter] = useState<DeviceListFilter>({
    pageNum: 1,
    pageSize: 10,
    ...(groupId !== undefined ? { groupId } : {}),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const page = useDevicePage(filter);
  const groups = useDeviceGroups().data;

  const lang = useLang();
  const columns = useMemo(() => deviceColumns(t, lang), [t, lang]);
  const { shown, chosen, choose } = usePageColumns(ALL_DEVICES_PAGE_NAME, columns);
  const change = (patch: Partial<DeviceListFilter>) => setFilter((f) => ({ ...f, ...patch, pageNum: 1 }));

  return (
    <Card
      data-testid="all-devices-page"
      title={
        <Space>
          <span data-testid="device-list-title">{title ?? t('list.title')}</span>
          <Badge
            status={live === 'open' ? 'processing' : 'default'}
            text={t(`live.${live}`)}
            data-testid="live-status"
          />
        </Space>
      }
      extra={
        <Space wrap>
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
          <ExportButton
            call={exportDevicesCall}
            filter={exportFilterOf(filter)}
            total={page.data?.total ?? 0}
            capped={page.data?.totalCapped}
            columns={DEVICE_EXPORT_COLUMNS}
            fileNamePrefix={title ?? t('list.title')}
            module={ALL_DEVICES_PAGE_NAME}
            funCode="devices.export"
          />
          <BulkActions sns={selected} onDone={() => setSelected([])} />
          <ColumnSettings
            columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
            chosen={chosen}
            onChange={choose}
          />
        </Space>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('list.search')}
          data-testid="device-search"
          style={{ width: 320 }}
          onSearch={(search) => change({ search: search.trim() || undefined })}
        />
        <Select
          allowClear
          placeholder={t('field.online')}
          style={{ width: 140 }}
          data-testid="filter-online"
          onChange={(online?: 'online' | 'offline') => change({ online })}
          options={[
            { value: 'online', label: t('state.online') },
            { value: 'offline', label: t('state.offline') },
          ]}
        />
        {groupId === undefined && (
          <Select
            allowClear
            placeholder={t('field.group')}
            style={{ width: 200 }}
            data-testid="filter-group"
            onChange={(g?: number) => change({ groupId: g })}
            options={[
              { value: 0, label: t('groups.ungrouped') },
              ...(groups?.deviceOtherGroup ?? []).map((g) => ({ value: g.groupId, label: g.groupName })),
            ]}
          />
        )}
      </Flex>
      <IndexTable<DeviceRow>
        rowKey="sn"
        data-testid="devices-table"
        loading={page.isLoading}
        columns={shown}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          preserveSelectedRowKeys: true,
        }}
        locale={{
          emptyText: (
            <EmptyState description={filter.search ? t('list.noMatch') : t('list.empty')}>
              <Can funCode="devices.create">
                <Button onClick={() => setAdding(true)}>{t('add.title')}</Button>
              </Can>
            </EmptyState>
          ),
        }}
        pagination={{
          current: filter.pageNum,
          pageSize: filter.pageSize,
          total: page.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('list.total', { total }),
        }}
        onChange={(pagination, _filters, sorter) => {
          const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<DeviceRow> | undefined;
          setFilter((f) => ({
            ...f,
            pageNum: pagination.current ?? 1,
            pageSize: pagination.pageSize ?? 10,
            sortField: sort?.order ? (String(sort.columnKey) as DeviceListFilter['sortField']) : undefined,
            sortOrder: sort?.order ? (sort.order === 'ascend' ? 'asc' : 'desc') : undefined,
          }));
        }}
      />
      <AddDeviceDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
