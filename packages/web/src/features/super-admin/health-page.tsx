import { formatDateTime, type PlatformHealth, platformHealthCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { superAdmin } from './super-admin.i18n.ts';

addNamespaces({ superAdmin });

/** Read again this often while the page is open (the numbers are cheap: a few counts). */
const REFRESH_MS = 10_000;

type Node = PlatformHealth['nodes'][number];

/** The Super Admin's platform health (superAdmin/health): nodes, database, broker, devices, jobs, 5xx. */
export function HealthPage() {
  const { t } = useTranslation('superAdmin');
  const health = useQuery({
    queryKey: [platformHealthCall.id],
    queryFn: () => apiCall(platformHealthCall, {}),
    refetchInterval: REFRESH_MS,
  });
  const h = health.data;
  const reach = (ok: boolean) =>
    ok ? <Tag color="green">{t('health.reachable')}</Tag> : <Tag color="red">{t('health.unreachable')}</Tag>;
  return (
    <Card title={t('health.title')} loading={!h} data-testid="platform-health">
      {h ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('health.refreshed', { time: formatDateTime(h.checkedAt) })}
          </Typography.Paragraph>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={6}>
              <Card size="small" title={t('health.database')}>
                <div data-testid="health-database">{reach(h.database.reachable)}</div>
                {h.database.latencyMs !== null ? t('health.latency', { ms: h.database.latencyMs }) : null}
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small" title={t('health.broker')}>
                <div data-testid="health-broker">
                  {h.broker ? reach(h.broker.reachable) : t('health.noBroker')}
                </div>
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small">
                <Statistic
                  title={t('health.devicesOnline')}
                  value={h.devicesOnline}
                  data-testid="health-devices"
                />
              </Card>
            </Col>
            <Col span={6}>
              <Card size="small" title={t('health.errors', { minutes: h.responses.windowMinutes })}>
                <span data-testid="health-errors">
                  {t('health.errorRate', { errors: h.responses.serverErrors, total: h.responses.total })}
                </span>
              </Card>
            </Col>
          </Row>
          <Descriptions
            size="small"
            bordered
            title={t('health.jobs')}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'queued', label: t('health.queued'), children: h.jobs.queued },
              { key: 'running', label: t('health.running'), children: h.jobs.running },
              { key: 'failed', label: t('health.failed'), children: h.jobs.failed },
            ]}
          />
          <Typography.Title level={5}>{t('health.nodes')}</Typography.Title>
          <Table<Node>
            rowKey="nodeId"
            size="small"
            pagination={false}
            dataSource={h.nodes}
            columns={[
              {
                key: 'node',
                title: t('health.node'),
                render: (_: unknown, n) => (
                  <>
                    <span translate="no">{n.nodeId}</span>{' '}
                    {n.self ? <Tag color="blue">{t('health.thisNode')}</Tag> : null}
                  </>
                ),
              },
              {
                key: 'startedAt',
                title: t('health.startedAt'),
                render: (_: unknown, n) => formatDateTime(n.startedAt),
              },
              {
                key: 'seenAt',
                title: t('health.seenAt'),
                render: (_: unknown, n) => formatDateTime(n.seenAt),
              },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
