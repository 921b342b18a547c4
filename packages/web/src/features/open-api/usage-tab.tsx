import {
  type CallLogRow,
  formatDateTime,
  OPEN_API_INTERFACES,
  OPEN_API_TOKEN_INTERFACE,
  openApiCallLogCall,
} from '@fleetport/contract';
import { Button, Card, DatePicker, Flex, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { LineChart } from '../../widgets/charts/line-chart.tsx';
import { useCallLog, useOpenApiClients, useUsageRanking, useUsageTrend } from './open-api-queries.ts';

const LOG_EXPORT_MAX = 10_000;
const INTERFACE_IDS = [OPEN_API_TOKEN_INTERFACE, ...OPEN_API_INTERFACES.map((i) => i.id)];

/** One CSV cell: quoted, with quotes doubled, and a leading formula character defused. */
function cell(value: string | number): string {
  const text = String(value);
  return `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"`;
}

/** Trend (a month at most), ranking and the calling log of the company's clients. */
export function UsageTab() {
  const { t } = useTranslation('openApi');
  const clients = useOpenApiClients();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([
    dayjs().subtract(6, 'day').startOf('day'),
    dayjs().endOf('day'),
  ]);
  const [clientId, setClientId] = useState<number | undefined>();
  const [interfaceId, setInterfaceId] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<'success' | 'failure' | undefined>();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const span = {
    from: range[0].valueOf(),
    to: range[1].valueOf(),
    ...(clientId ? { clientId } : {}),
  };
  const trend = useUsageTrend(span);
  const ranking = useUsageRanking(span);
  const filter = {
    ...span,
    ...page,
    ...(interfaceId ? { interfaceId } : {}),
    ...(outcome ? { outcome } : {}),
  };
  const log = useCallLog(filter);
  const exportLog = async () => {
    const rows = await apiCall(openApiCallLogCall, { ...filter, pageNum: 1, pageSize: LOG_EXPORT_MAX });
    const head = [
      t('usage.at'),
      t('usage.client'),
      t('columns.clientId'),
      t('usage.interface'),
      t('usage.method'),
      t('usage.path'),
      t('usage.status'),
      t('usage.code'),
      t('usage.duration'),
    ];
    const lines = rows.list.map((r) =>
      [
        formatDateTime(r.at),
        r.clientName,
        r.clientId,
        r.interfaceId,
        r.method,
        r.path,
        r.status,
        r.code,
        r.durationMs,
      ]
        .map(cell)
        .join(','),
    );
    const blob = new Blob([`\uFEFF${[head.map(cell).join(','), ...lines].join('\r\n')}`], {
      type: 'text/csv',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'open-api-calls.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const days = trend.data ?? [];
  const logColumns: ColumnsType<CallLogRow> = [
    { title: t('usage.at'), dataIndex: 'at', render: (v: number) => formatDateTime(v) },
    { title: t('usage.client'), dataIndex: 'clientName' },
    {
      title: t('usage.interface'),
      dataIndex: 'interfaceId',
      render: (v: string) => <span translate="no">{v}</span>,
    },
    { title: t('usage.method'), dataIndex: 'method', render: (v: string) => <span translate="no">{v}</span> },
    { title: t('usage.path'), dataIndex: 'path', render: (v: string) => <span translate="no">{v}</span> },
    { title: t('usage.status'), dataIndex: 'status' },
    { title: t('usage.code'), dataIndex: 'code' },
    { title: t('usage.duration'), dataIndex: 'durationMs' },
  ];
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <span>{t('usage.range')}</span>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(value) => {
            if (value?.[0] && value[1]) setRange([value[0].startOf('day'), value[1].endOf('day')]);
          }}
        />
        <Select
          style={{ minWidth: 200 }}
          allowClear
          placeholder={t('usage.allClients')}
          value={clientId}
          onChange={setClientId}
          options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
        <Typography.Text type="secondary">{t('usage.monthOnly')}</Typography.Text>
      </Flex>
      <Card size="small" title={t('usage.trend')} data-testid="open-api-trend">
        <LineChart
          height={240}
          categories={days.map((d) => formatDateTime(d.day, 'YYYY-MM-DD'))}
          series={[
            { name: t('usage.calls'), data: days.map((d) => d.calls) },
            { name: t('usage.failed'), data: days.map((d) => d.failed) },
          ]}
        />
      </Card>
      <Card size="small" title={t('usage.ranking')}>
        <Table
          data-testid="open-api-ranking"
          rowKey="interfaceId"
          size="small"
          pagination={false}
          dataSource={ranking.data ?? []}
          columns={[
            {
              title: t('usage.interface'),
              dataIndex: 'interfaceId',
              render: (v: string) => <span translate="no">{v}</span>,
            },
            { title: t('usage.calls'), dataIndex: 'calls' },
            { title: t('usage.failed'), dataIndex: 'failed' },
            { title: t('usage.average'), dataIndex: 'averageMs' },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={t('usage.log')}
        extra={
          <Button size="small" onClick={() => void exportLog()}>
            {t('usage.export')}
          </Button>
        }
      >
        <Flex gap={12} style={{ marginBottom: 12 }}>
          <Select
            style={{ minWidth: 200 }}
            allowClear
            placeholder={t('usage.interface')}
            value={interfaceId}
            onChange={(v) => {
              setInterfaceId(v);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            options={INTERFACE_IDS.map((id) => ({ value: id, label: id }))}
          />
          <Select
            style={{ minWidth: 140 }}
            allowClear
            placeholder={t('usage.outcome')}
            value={outcome}
            onChange={(v) => {
              setOutcome(v);
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            options={[
              { value: 'success', label: t('usage.success') },
              { value: 'failure', label: t('usage.failure') },
            ]}
          />
        </Flex>
        <Table
          data-testid="open-api-log"
          rowKey="id"
          size="small"
          loading={log.isLoading}
          dataSource={log.data?.list ?? []}
          columns={logColumns}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: log.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      </Card>
    </Flex>
  );
}
