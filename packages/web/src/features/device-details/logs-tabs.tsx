import {
  ALERT_SEVERITY_LABELS,
  type AlertSeverity,
  DEVICE_EVENT_LABELS,
  deviceEventsCall,
  deviceEventText,
  deviceSyslogCall,
  formatDateTime,
  LOG_LEVEL_LABELS,
  type LogLevel,
  requestSyslogCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { Can } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';

const SEVERITY_COLOR: Record<string, string> = {
  critical: 'red',
  major: 'orange',
  minor: 'gold',
  notice: 'blue',
};

/** The device's events, newest first. */
export function EventsTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceDetails');
  const lang = useLang();
  const [pageNum, setPageNum] = useState(1);
  const events = useQuery({
    queryKey: ['deviceEvents', sn, pageNum],
    queryFn: () => apiCall(deviceEventsCall, { sn, pageNum, pageSize: 20 }),
    placeholderData: keepPreviousData,
  });
  return (
    <IndexTable
      rowKey="id"
      data-testid="events-table"
      loading={events.isLoading}
      dataSource={events.data?.list ?? []}
      locale={{ emptyText: <EmptyState description={t('events.empty')} /> }}
      pagination={{ current: pageNum, pageSize: 20, total: events.data?.total ?? 0 }}
      onChange={(p) => setPageNum(p.current ?? 1)}
      columns={[
        { key: 'at', dataIndex: 'at', title: t('events.at'), render: (at: number) => formatDateTime(at) },
        {
          key: 'type',
          dataIndex: 'type',
          title: t('events.type'),
          render: (type: string) => DEVICE_EVENT_LABELS[type]?.[lang] ?? type,
        },
        {
          key: 'severity',
          dataIndex: 'severity',
          title: t('events.severity'),
          render: (s: string | null) =>
            s ? (
              <Tag color={SEVERITY_COLOR[s]}>{ALERT_SEVERITY_LABELS[s as AlertSeverity]?.[lang] ?? s}</Tag>
            ) : null,
        },
        {
          key: 'data',
          dataIndex: 'data',
          title: t('events.data'),
          // "Booted (power on)", not `{"reason":"powerOn"}`.
          render: (d: unknown, row: { type: string }) => deviceEventText(row.type, d, lang),
        },
      ]}
    />
  );
}

/** Syslog lines the device sent, and the request for fresh ones ("do not repeat" while one runs). */
export function SyslogTab({ sn }: { sn: string }) {
  const { message } = App.useApp();
  const { t } = useTranslation('deviceDetails');
  const lang = useLang();
  const [pageNum, setPageNum] = useState(1);
  const syslog = useQuery({
    queryKey: ['deviceSyslog', sn, pageNum],
    queryFn: () => apiCall(deviceSyslogCall, { sn, pageNum, pageSize: 50 }),
    placeholderData: keepPreviousData,
  });
  async function request() {
    try {
      await apiCall(requestSyslogCall, { sn, lines: 200 });
      void message.success(t('syslog.requested'));
    } catch {
      // 120008 "do not repeat" and offline are shown by the client.
    }
  }
  return (
    <Flex vertical gap={8} data-testid="syslog-tab">
      <Can funCode="devices.apply">
        <Button onClick={request} style={{ alignSelf: 'flex-end' }} data-testid="syslog-request">
          {t('syslog.request')}
        </Button>
      </Can>
      <IndexTable
        rowKey="id"
        size="small"
        loading={syslog.isLoading}
        dataSource={syslog.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('syslog.empty')} /> }}
        pagination={{ current: pageNum, pageSize: 50, total: syslog.data?.total ?? 0 }}
        onChange={(p) => setPageNum(p.current ?? 1)}
        columns={[
          {
            key: 'at',
            dataIndex: 'at',
            title: t('events.at'),
            width: 180,
            render: (at: number) => formatDateTime(at),
          },
          {
            key: 'level',
            dataIndex: 'level',
            title: t('syslog.level'),
            width: 100,
            render: (level: string) => LOG_LEVEL_LABELS[level as LogLevel]?.[lang] ?? level,
          },
          {
            key: 'message',
            dataIndex: 'message',
            title: t('syslog.message'),
            // The device's own log line, in the device's words.
            render: (message: string) => <span translate="no">{message}</span>,
          },
        ]}
      />
    </Flex>
  );
}
