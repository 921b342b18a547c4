import {
  errorMessage,
  formatBytes,
  getVpnDashboardCall,
  VPN_GROUP_STATE_LABELS,
  type VpnDashboard,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Progress, Row, Statistic, Table, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { DashboardCharts } from './dashboard-charts.tsx';
import { HubBanner } from './hub-banner.tsx';
import { usageProgress } from './usage-progress.ts';
import { vpn } from './vpn.i18n.ts';
import { vpnConsole } from './vpn-console.i18n.ts';
import { vpnKeys } from './vpn-queries.ts';

addNamespaces({ vpn, vpnConsole });

/** The hubs' status is read every few seconds; the dashboard follows without a reload. */
const REFRESH_MS = 5000;

type GroupRow = VpnDashboard['groups'][number];

/**
 * The VPN dashboard (core §2 vpn/dashboard): groups running, routers connected, each group's traffic this
 * cycle, then traffic per group over a range, the top talkers and each region's hub.
 */
export function DashboardPage() {
  return (
    <PageGate funCode="vpnDashboard.view">
      <DashboardView />
    </PageGate>
  );
}

function DashboardView() {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const { token } = theme.useToken();
  const board = useQuery({
    queryKey: [...vpnKeys.all, getVpnDashboardCall.id],
    queryFn: () => apiCall(getVpnDashboardCall, {}),
    refetchInterval: REFRESH_MS,
  });
  const d = board.data;
  return (
    <Flex vertical gap={16}>
      <HubBanner />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic
              title={t('dashboard.groupsRunning')}
              value={d ? `${d.groupsRunning} / ${d.groupsTotal}` : '–'}
              valueRender={(v) => <span data-testid="vpn-dashboard-groups">{v}</span>}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12}>
          <Card size="small">
            <Statistic
              title={t('dashboard.devicesConnected')}
              value={d ? `${d.devicesConnected} / ${d.devicesTotal}` : '–'}
              valueRender={(v) => <span data-testid="vpn-dashboard-connected">{v}</span>}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('dashboard.groups')} size="small">
        <Table<GroupRow>
          size="small"
          rowKey="vpnGroupId"
          pagination={false}
          loading={board.isLoading}
          dataSource={d?.groups ?? []}
          data-testid="vpn-dashboard-table"
          locale={{ emptyText: <Empty description={t('dashboard.empty')} /> }}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'name',
              title: t('dashboard.group'),
              render: (_v, g) => (
                <Link to={`/vpn/group/${g.vpnGroupId}`} translate="no">
                  {g.name}
                </Link>
              ),
            },
            {
              key: 'state',
              title: t('dashboard.state'),
              render: (_v, g) => (
                <Tag color={g.state === 'running' ? 'green' : 'default'}>
                  {VPN_GROUP_STATE_LABELS[g.state][lang]}
                </Tag>
              ),
            },
            {
              key: 'connected',
              title: t('dashboard.connected'),
              render: (_v, g) => (
                <span data-testid={`vpn-dashboard-connected-${g.vpnGroupId}`}>
                  {t('dashboard.connectedValue', { connected: g.connected, devices: g.devices })}
                </span>
              ),
            },
            {
              key: 'traffic',
              title: t('dashboard.traffic'),
              render: (_v, g) => (
                <Flex vertical gap={2} style={{ minWidth: 220 }}>
                  <span data-testid={`vpn-dashboard-traffic-${g.vpnGroupId}`}>
                    {t('dashboard.trafficValue', {
                      used: formatBytes(g.usedBytes),
                      limit: formatBytes(g.limitBytes),
                    })}
                  </span>
                  <Progress
                    size="small"
                    percent={Math.min(g.percent, 100)}
                    {...usageProgress(g.usageState, token.colorWarning)}
                  />
                  {g.usageState !== 'normal' && (
                    <Tag color={g.usageState === 'exhausted' ? 'red' : 'orange'}>
                      {t(`usage.${g.usageState}`)}
                      {g.code !== null ? ` (${g.code}: ${errorMessage(g.code, lang)})` : ''}
                    </Tag>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <DashboardCharts groups={d?.groups ?? []} />
    </Flex>
  );
}
