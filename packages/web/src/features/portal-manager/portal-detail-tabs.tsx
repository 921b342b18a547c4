import {
  blockPortalClientCall,
  formatBytes,
  formatDateTime,
  listBlockedPortalClientsCall,
  listPortalClientHistoryCall,
  listPortalClientsCall,
  listPortalPushesCall,
  type PortalClient,
  type PortalClientSession,
  type PortalPush,
  type PortalTemplate,
  portalTermsHtmlCall,
  portalUsageCall,
  renamePortalClientCall,
  unblockPortalClientCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can } from '../../app/permissions.tsx';
import { LineChart } from '../../widgets/charts/line-chart.tsx';
import { portalDetailKeys } from './portal-queries.ts';

/**
 * The template's tabs beside its routers (issue 21): update history, current clients (name, block),
 * client history, data usage and the terms as HTML. Loaded lazily with the detail page's second part.
 */

const PAGE = { pageNum: 1, pageSize: 100 };
const MB = 1024 * 1024;

const duration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

function Mac({ mac, randomized }: { mac: string; randomized: boolean }) {
  const { t } = useTranslation('portalManager');
  return (
    <Space size={4}>
      <span translate="no">{mac}</span>
      {randomized && (
        <Tag color="purple" title={t('clients.randomizedHint')}>
          {t('clients.randomized')}
        </Tag>
      )}
    </Space>
  );
}

function UpdateHistory({ portalId }: { portalId: number }) {
  const { t } = useTranslation('portalManager');
  const pushes = useQuery({
    queryKey: portalDetailKeys.pushes(portalId),
    queryFn: () => apiCall(listPortalPushesCall, { portalId, ...PAGE }),
    refetchInterval: 5000,
  });
  const color = { pending: 'gold', updated: 'green', failed: 'red' } as const;
  return (
    <Table<PortalPush>
      data-testid="portal-update-history"
      size="small"
      rowKey={(r) => `${r.sn}-${r.version}-${r.createdAt}`}
      loading={pushes.isLoading}
      dataSource={pushes.data?.list ?? []}
      pagination={false}
      columns={[
        { key: 'sn', dataIndex: 'sn', title: 'SN', render: (sn: string) => <span translate="no">{sn}</span> },
        { key: 'deviceName', dataIndex: 'deviceName', title: t('columns.name') },
        { key: 'version', dataIndex: 'version', title: t('columns.version') },
        {
          key: 'state',
          dataIndex: 'state',
          title: t('history.state'),
          render: (state: PortalPush['state']) => (
            <Tag color={color[state]}>{t(`history.states.${state}`)}</Tag>
          ),
        },
        { key: 'reason', dataIndex: 'reason', title: t('history.reason') },
        {
          key: 'createdAt',
          dataIndex: 'createdAt',
          title: t('history.sent'),
          render: (at: number) => formatDateTime(at),
        },
      ]}
    />
  );
}

function ClientName({ portalId, client }: { portalId: number; client: { mac: string; name: string } }) {
  const { t } = useTranslation('portalManager');
  const [editing, setEditing] = useState<string | null>(null);
  const rename = useCallMutation(renamePortalClientCall, {
    invalidates: [
      portalDetailKeys.clients(portalId),
      portalDetailKeys.history(portalId),
      portalDetailKeys.blocked(portalId),
    ],
    onSuccess: () => setEditing(null),
  });
  if (editing === null)
    return (
      <Space size={4}>
        <span>{client.name}</span>
        <Can funCode="portalManager.edit">
          <Button type="link" size="small" onClick={() => setEditing(client.name)}>
            {t('clients.rename')}
          </Button>
        </Can>
      </Space>
    );
  return (
    <Input
      size="small"
      autoFocus
      aria-label={t('clients.name')}
      value={editing}
      maxLength={64}
      onChange={(e) => setEditing(e.target.value)}
      onPressEnter={() => rename.mutate({ portalId, mac: client.mac, name: editing.trim() })}
      onBlur={() => setEditing(null)}
    />
  );
}

function CurrentClients({ portalId }: { portalId: number }) {
  const { t } = useTranslation('portalManager');
  const clients = useQuery({
    queryKey: portalDetailKeys.clients(portalId),
    queryFn: () => apiCall(listPortalClientsCall, { portalId, ...PAGE }),
    refetchInterval: 10_000,
  });
  const blocked = useQuery({
    queryKey: portalDetailKeys.blocked(portalId),
    queryFn: () => apiCall(listBlockedPortalClientsCall, { portalId }),
  });
  const changed = [
    portalDetailKeys.clients(portalId),
    portalDetailKeys.blocked(portalId),
    portalDetailKeys.pushes(portalId),
  ];
  const block = useCallMutation(blockPortalClientCall, { invalidates: changed });
  const unblock = useCallMutation(unblockPortalClientCall, { invalidates: changed });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table<PortalClient>
        data-testid="portal-current-clients"
        size="small"
        rowKey={(r) => `${r.mac}-${r.sn}-${r.startedAt}`}
        loading={clients.isLoading}
        dataSource={clients.data?.list ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { key: 'mac', title: 'MAC', render: (_v, r) => <Mac mac={r.mac} randomized={r.randomized} /> },
          {
            key: 'name',
            title: t('clients.name'),
            render: (_v, r) => <ClientName portalId={portalId} client={r} />,
          },
          {
            key: 'ip',
            dataIndex: 'ip',
            title: 'IP',
            render: (ip: string | null) => <span translate="no">{ip ?? ''}</span>,
          },
          { key: 'sn', dataIndex: 'deviceName', title: t('clients.router') },
          {
            key: 'ssid',
            dataIndex: 'ssid',
            title: 'SSID',
            render: (ssid: string | null) => <span translate="no">{ssid ?? ''}</span>,
          },
          {
            key: 'startedAt',
            dataIndex: 'startedAt',
            title: t('clients.start'),
            render: (at: number) => formatDateTime(at),
          },
          { key: 'duration', dataIndex: 'durationSeconds', title: t('clients.duration'), render: duration },
          {
            key: 'down',
            dataIndex: 'bytesDown',
            title: t('clients.down'),
            render: (b: number) => formatBytes(b),
          },
          { key: 'up', dataIndex: 'bytesUp', title: t('clients.up'), render: (b: number) => formatBytes(b) },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('clients.status'),
            render: (status: PortalClient['status']) => (
              <Tag color={status === 'blocked' ? 'red' : 'green'}>{t(`clients.statuses.${status}`)}</Tag>
            ),
          },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_v, r) => (
              <Can funCode="portalManager.apply">
                {r.status === 'blocked' ? (
                  <Button type="link" size="small" onClick={() => unblock.mutate({ portalId, mac: r.mac })}>
                    {t('clients.unblock')}
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => block.mutate({ portalId, mac: r.mac })}
                  >
                    {t('clients.block')}
                  </Button>
                )}
              </Can>
            ),
          },
        ]}
      />
      <Card size="small" title={t('clients.blockedTitle')} data-testid="portal-blocked-clients">
        {(blocked.data ?? []).length === 0 ? (
          <Typography.Text type="secondary">{t('clients.noneBlocked')}</Typography.Text>
        ) : (
          (blocked.data ?? []).map((b) => (
            <Space key={b.mac} style={{ display: 'flex' }}>
              <Mac mac={b.mac} randomized={b.randomized} />
              <span>{b.name}</span>
              <Can funCode="portalManager.apply">
                <Button type="link" size="small" onClick={() => unblock.mutate({ portalId, mac: b.mac })}>
                  {t('clients.unblock')}
                </Button>
              </Can>
            </Space>
          ))
        )}
      </Card>
    </Space>
  );
}

function ClientHistory({ portalId }: { portalId: number }) {
  const { t } = useTranslation('portalManager');
  const history = useQuery({
    queryKey: portalDetailKeys.history(portalId),
    queryFn: () => apiCall(listPortalClientHistoryCall, { portalId, ...PAGE }),
  });
  return (
    <Table<PortalClientSession>
      data-testid="portal-client-history"
      size="small"
      rowKey={(r) => `${r.mac}-${r.sn}-${r.startedAt}`}
      loading={history.isLoading}
      dataSource={history.data?.list ?? []}
      pagination={false}
      scroll={{ x: true }}
      columns={[
        { key: 'mac', title: 'MAC', render: (_v, r) => <Mac mac={r.mac} randomized={r.randomized} /> },
        { key: 'name', dataIndex: 'name', title: t('clients.name') },
        { key: 'router', dataIndex: 'deviceName', title: t('clients.router') },
        {
          key: 'startedAt',
          dataIndex: 'startedAt',
          title: t('clients.start'),
          render: (at: number) => formatDateTime(at),
        },
        {
          key: 'endedAt',
          dataIndex: 'endedAt',
          title: t('clients.end'),
          render: (at: number | null) => (at === null ? t('clients.online') : formatDateTime(at)),
        },
        {
          key: 'down',
          dataIndex: 'bytesDown',
          title: t('clients.down'),
          render: (b: number) => formatBytes(b),
        },
        { key: 'up', dataIndex: 'bytesUp', title: t('clients.up'), render: (b: number) => formatBytes(b) },
        {
          key: 'cause',
          dataIndex: 'terminateCause',
          title: t('clients.cause'),
          render: (cause: string | null) => <span translate="no">{cause ?? ''}</span>,
        },
      ]}
    />
  );
}

function UsageCharts({ portalId }: { portalId: number }) {
  const { t } = useTranslation('portalManager');
  const [days, setDays] = useState(7);
  const usage = useQuery({
    queryKey: portalDetailKeys.usage(portalId, days),
    queryFn: () => apiCall(portalUsageCall, { portalId, days }),
  });
  const points = usage.data ?? [];
  const categories = points.map((p) => formatDateTime(p.at).slice(0, 10));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="portal-usage">
      <Select
        value={days}
        onChange={setDays}
        style={{ width: 160 }}
        options={[7, 30, 90].map((d) => ({ value: d, label: t('usage.days', { num: d }) }))}
      />
      <Card size="small" title={t('usage.sessions')}>
        <LineChart
          height={240}
          categories={categories}
          series={[
            { name: t('usage.sessions'), data: points.map((p) => p.sessions) },
            { name: t('usage.clients'), data: points.map((p) => p.clients) },
          ]}
        />
      </Card>
      <Card size="small" title={t('usage.bytes')}>
        <LineChart
          height={240}
          unit="MB"
          categories={categories}
          series={[
            { name: t('clients.down'), data: points.map((p) => Math.round((p.bytesDown / MB) * 10) / 10) },
            { name: t('clients.up'), data: points.map((p) => Math.round((p.bytesUp / MB) * 10) / 10) },
          ]}
        />
      </Card>
    </Space>
  );
}

/** The terms as HTML in a sandboxed frame (no script runs there), the original to download. */
function Terms({ portalId, template }: { portalId: number; template: PortalTemplate }) {
  const { t } = useTranslation('portalManager');
  const [language, setLanguage] = useState(0);
  const terms = useQuery({
    queryKey: portalDetailKeys.terms(portalId, language),
    queryFn: () => apiCall(portalTermsHtmlCall, { portalId, language }),
  });
  const file = terms.data?.terms ?? null;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="portal-terms">
      <Space>
        <Select
          value={language}
          onChange={setLanguage}
          style={{ width: 200 }}
          options={template.languages.map((l, i) => ({ value: i, label: l.name }))}
        />
        {file && (
          <a href={file.download.url} download={file.name} data-testid="portal-terms-download">
            {t('terms.download', { name: file.name })}
          </a>
        )}
      </Space>
      {terms.data && !file ? (
        <Typography.Text type="secondary">{t('terms.none')}</Typography.Text>
      ) : (
        <iframe
          title={t('terms.title')}
          sandbox=""
          srcDoc={terms.data?.html ?? ''}
          style={{ width: '100%', height: 400, border: '1px solid #eee' }}
          data-testid="portal-terms-html"
        />
      )}
    </Space>
  );
}

export function PortalDetailTabs({ portalId, template }: { portalId: number; template: PortalTemplate }) {
  const { t } = useTranslation('portalManager');
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'history', label: t('tabs.history'), children: <UpdateHistory portalId={portalId} /> },
          { key: 'clients', label: t('tabs.clients'), children: <CurrentClients portalId={portalId} /> },
          {
            key: 'clientHistory',
            label: t('tabs.clientHistory'),
            children: <ClientHistory portalId={portalId} />,
          },
          { key: 'usage', label: t('tabs.usage'), children: <UsageCharts portalId={portalId} /> },
          {
            key: 'terms',
            label: t('tabs.terms'),
            children: <Terms portalId={portalId} template={template} />,
          },
        ]}
      />
    </Card>
  );
}
