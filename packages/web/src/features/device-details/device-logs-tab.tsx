import { type ActivityRow, activityLogListCall } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { activityColumns } from '../activity-log/activity-columns.tsx';

const PAGE_SIZE = 20;

/**
 * The device details "logs" tab (core §2): who did what to this device (remote actions, CLI lines,
 * moves, tags, edits), newest first, from the activity log entries that name its SN.
 */
export function DeviceLogsTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceNotifications');
  const lang = useLang();
  const [pageNum, setPageNum] = useState(1);
  const logs = useQuery({
    queryKey: ['activityLog', 'device', sn, pageNum],
    queryFn: () => sendCall(activityLogListCall, { sn, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    // Every entry here is this device's: its SN would only repeat the page's.
    () => activityColumns({ t, lang, omit: ['sn'] }),
    [t, lang],
  );
  return (
    <IndexTable<ActivityRow>
      rowKey="id"
      data-testid="device-logs-table"
      loading={logs.isLoading}
      dataSource={logs.data?.data?.list ?? []}
      locale={{ emptyText: <EmptyState description={t('logs.empty')} /> }}
      pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: logs.data?.data?.total ?? 0 }}
      onChange={(p) => setPageNum(p.current ?? 1)}
      columns={columns}
    />
  );
}
