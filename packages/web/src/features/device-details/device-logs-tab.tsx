import {
  type ActivityRow,
  ALL_CALLS,
  activityActionLabel,
  activityDetailsText,
  activityLogListCall,
  errorMessage,
  formatDateTime,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';

const SUMMARIES = new Map(ALL_CALLS.map((c) => [c.id, c.summary]));
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
  return (
    <IndexTable<ActivityRow>
      rowKey="id"
      data-testid="device-logs-table"
      loading={logs.isLoading}
      dataSource={logs.data?.data?.list ?? []}
      locale={{ emptyText: <EmptyState description={t('logs.empty')} /> }}
      pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: logs.data?.data?.total ?? 0 }}
      onChange={(p) => setPageNum(p.current ?? 1)}
      columns={[
        { key: 'at', dataIndex: 'at', title: t('logs.at'), render: (at: number) => formatDateTime(at) },
        {
          key: 'user',
          dataIndex: 'userName',
          title: t('logs.user'),
          render: (name: string | null, row) => (name ? `${name} (${row.loginAccount ?? ''})` : null),
        },
        {
          key: 'action',
          dataIndex: 'callId',
          title: t('logs.action'),
          render: (callId: string) => activityActionLabel(callId, lang, SUMMARIES.get(callId)),
        },
        {
          key: 'object',
          dataIndex: 'object',
          title: t('logs.object'),
          // Every entry here is this device's: its SN would only repeat the page's.
          render: (object: string | null) => activityDetailsText(object, lang, { omit: ['sn'] }),
        },
        { key: 'address', dataIndex: 'remoteAddress', title: t('logs.address') },
        {
          key: 'result',
          dataIndex: 'resultCode',
          title: t('logs.result'),
          render: (code: number) =>
            code === 0 ? (
              <Tag color="green">{t('logs.success')}</Tag>
            ) : (
              <Tooltip title={errorMessage(code, lang)}>
                <Tag color="red">
                  {t('logs.failure')} ({code})
                </Tag>
              </Tooltip>
            ),
        },
      ]}
    />
  );
}
