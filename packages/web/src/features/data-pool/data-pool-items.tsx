import {
  DATA_POOL_EXPORT_COLUMNS,
  DATA_POOL_SOURCE_LABELS,
  DATA_POOL_STATE_LABELS,
  DATA_POOL_STATES,
  type DataPoolItem,
  type DataPoolSource,
  type DataPoolState,
  dataPoolExportCall,
  dataPoolItemsCall,
  formatBytes,
  formatDateTime,
} from '@fleetport/contract';
import { Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { ExportButton } from '../exports/export-button.tsx';

const STATE_COLOURS: Record<DataPoolState, string> = { valid: 'blue', inUse: 'green', expired: 'default' };

const bytes = (value: number) => formatBytes(value);
const when = (at: number | null) => (at === null ? '' : formatDateTime(at));

/** The pool's items (core §3 "Data pool item"), the next to be drawn first, with their state and expiry. */
export function DataPoolItems({ emptyAction }: { emptyAction: ReactNode }) {
  const { t } = useTranslation('dataPool');
  const lang = useLang();
  // A second list's address parameters beside the licences page's own.
  const list = useListQuery(dataPoolItemsCall, { defaults: { pageSize: 20 }, urlPrefix: 'pool' });

  const columns = useMemo(
    (): ColumnsType<DataPoolItem> => [
      {
        key: 'source',
        dataIndex: 'source',
        title: t('items.source'),
        render: (source: DataPoolSource) => DATA_POOL_SOURCE_LABELS[source][lang],
      },
      { key: 'sn', dataIndex: 'sn', title: t('items.sn') },
      { key: 'packageBytes', dataIndex: 'packageBytes', title: t('items.packageBytes'), render: bytes },
      { key: 'licenceBytes', dataIndex: 'licenceBytes', title: t('items.licenceBytes'), render: bytes },
      { key: 'usedBytes', dataIndex: 'usedBytes', title: t('items.usedBytes'), render: bytes },
      { key: 'remainingBytes', dataIndex: 'remainingBytes', title: t('items.remainingBytes'), render: bytes },
      { key: 'expireDays', dataIndex: 'expireDays', title: t('items.expireDays') },
      {
        key: 'state',
        dataIndex: 'state',
        title: t('items.state'),
        render: (state: DataPoolState) => (
          <Tag color={STATE_COLOURS[state]}>{DATA_POOL_STATE_LABELS[state][lang]}</Tag>
        ),
      },
      { key: 'firstUsedAt', dataIndex: 'firstUsedAt', title: t('items.firstUsedAt'), render: when },
      { key: 'expiresAt', dataIndex: 'expiresAt', title: t('items.expiresAt'), render: when },
    ],
    [t, lang],
  );

  return (
    <ListPage<DataPoolItem>
      title={t('items.title')}
      testId="data-pool-items"
      tableTestId="data-pool-items-table"
      rowKey="id"
      list={list}
      columns={columns}
      empty={{ description: t('items.empty'), action: emptyAction }}
      exportAction={({ total }) => (
        <ExportButton
          call={dataPoolExportCall}
          filter={list.filters}
          total={total}
          columns={DATA_POOL_EXPORT_COLUMNS}
          fileNamePrefix={t('tab')}
          module="operation/licenses"
          funCode="licenses.export"
        />
      )}
      filters={
        <Select<DataPoolState | undefined>
          allowClear
          placeholder={t('items.all')}
          style={{ width: 160 }}
          value={list.filters.state}
          onChange={(state) => list.setFilters({ state })}
          options={DATA_POOL_STATES.map((s) => ({ value: s, label: DATA_POOL_STATE_LABELS[s][lang] }))}
          data-testid="data-pool-state"
        />
      }
    />
  );
}
