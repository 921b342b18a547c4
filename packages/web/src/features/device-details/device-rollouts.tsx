import { type DeviceRollout, formatDateTime, listDeviceRolloutsCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { rolloutPath } from '../rollouts/rollout-paths.ts';
import { ROLLOUT_KEYS } from '../rollouts/rollout-queries.ts';
import { RolloutDeviceStateTag } from '../rollouts/rollout-state.tsx';

const PAGE_SIZE = 10;

/**
 * The rollouts this device was in, newest first, each with the device's own end in it and why (a
 * rollout can fail a device whose update history says success: its link did not come back).
 */
export function DeviceRollouts({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceSoftware');
  const [page, setPage] = useState(1);
  const rollouts = useQuery({
    // Under the rollouts' live key: a device's state in a running rollout updates on the page.
    queryKey: ROLLOUT_KEYS.ofDevice(sn, page),
    queryFn: () => apiCall(listDeviceRolloutsCall, { sn, pageNum: page, pageSize: PAGE_SIZE }),
  });
  if (rollouts.data?.total === 0) return <EmptyState description={t('rollouts.empty')} />;
  return (
    <Table<DeviceRollout>
      size="small"
      rowKey="id"
      loading={rollouts.isLoading}
      dataSource={rollouts.data?.list ?? []}
      data-testid="device-rollouts"
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: rollouts.data?.total ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
      }}
      columns={[
        {
          key: 'name',
          title: t('rollouts.name'),
          render: (_: unknown, row) => <Link to={rolloutPath(row.id)}>{row.name}</Link>,
        },
        {
          key: 'version',
          title: t('rollouts.version'),
          render: (_: unknown, row) => (
            <span translate="no">{row.kind === 'config' ? '-' : `${row.packageName} ${row.version}`}</span>
          ),
        },
        {
          key: 'state',
          title: t('rollouts.state'),
          render: (_: unknown, row) => (
            <>
              <RolloutDeviceStateTag state={row.state} />
              {row.steps > 1 ? t('rollouts.step', { step: row.step, total: row.steps }) : null}
            </>
          ),
        },
        { key: 'reason', dataIndex: 'reason', title: t('rollouts.reason') },
        {
          key: 'updatedAt',
          dataIndex: 'updatedAt',
          title: t('rollouts.updatedAt'),
          render: (at: number) => formatDateTime(at),
        },
      ]}
    />
  );
}
