import {
  EXPORT_RANGE_MAX_MONTHS,
  formatBytes,
  formatDateTime,
  getVpnHubHealthCall,
  getVpnTopTalkersCall,
  getVpnTrafficSeriesCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, DatePicker, Flex, Row, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { type Dayjs, dayjs } from '../../i18n/dayjs.ts';
import { LineChart } from '../../widgets/charts/line-chart.tsx';
import { vpnKeys } from './vpn-queries.ts';

const MB = 1024 * 1024;
const HOUR = 3_600_000;
/** The hubs' counters are read every few seconds: the charts follow as the dashboard's figures do. */
const REFRESH_MS = 15_000;

const HUB_BADGE = {
  running: 'success',
  notAnswering: 'error',
  notInstalled: 'error',
  external: 'default',
} as const;

/**
 * The dashboard's traffic per group over a range (hourly up to three days, daily beyond, at most three
 * months as every chart), the top talkers of that range and the hub of each region.
 */
export function DashboardCharts({ groups }: { groups: { vpnGroupId: number; name: string }[] }) {
  const { t } = useTranslation('vpnConsole');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(1, 'day'), dayjs()]);
  const [groupId, setGroupId] = useState<number | undefined>();
  const input = { startTime: range[0].valueOf(), endTime: range[1].valueOf(), vpnGroupId: groupId };
  const series = useQuery({
    queryKey: [...vpnKeys.all, getVpnTrafficSeriesCall.id, input],
    queryFn: () => apiCall(getVpnTrafficSeriesCall, input),
    refetchInterval: REFRESH_MS,
  });
  const top = useQuery({
    queryKey: [...vpnKeys.all, getVpnTopTalkersCall.id, input],
    queryFn: () => apiCall(getVpnTopTalkersCall, { ...input, limit: 10 }),
    refetchInterval: REFRESH_MS,
  });
  const hubs = useQuery({
    queryKey: [...vpnKeys.all, getVpnHubHealthCall.id],
    queryFn: () => apiCall(getVpnHubHealthCall, {}),
    refetchInterval: REFRESH_MS,
  });
  const s = series.data;
  const step = s?.bucket === 'day' ? 24 * HOUR : HOUR;
  const last = s?.times[s.times.length - 1];
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap align="center">
        <span>{t('charts.range')}</span>
        <DatePicker.RangePicker
          showTime
          value={range}
          allowClear={false}
          // As the device charts: one range covers at most three months (120098 beyond).
          disabledDate={(day, info) =>
            day.isAfter(dayjs().endOf('day')) ||
            (info?.from !== undefined &&
              Math.abs(day.diff(info.from, 'month', true)) > EXPORT_RANGE_MAX_MONTHS)
          }
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          data-testid="vpn-chart-range"
        />
        <Select
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('charts.allGroups')}
          value={groupId}
          onChange={setGroupId}
          options={groups.map((g) => ({ value: g.vpnGroupId, label: g.name }))}
          data-testid="vpn-chart-group"
        />
        <Typography.Text type="secondary">{t('charts.rangeHint')}</Typography.Text>
      </Flex>
      <Card
        size="small"
        title={t('charts.traffic', { bucket: t(s?.bucket === 'day' ? 'charts.daily' : 'charts.hourly') })}
        data-testid="vpn-traffic-chart"
      >
        <LineChart
          unit="MB"
          partialLast={last !== undefined && last + step > Date.now() ? t('charts.partial') : undefined}
          categories={(s?.times ?? []).map((at) =>
            formatDateTime(at, s?.bucket === 'day' ? 'YYYY-MM-DD' : 'MM-DD HH:mm'),
          )}
          series={(s?.groups ?? []).map((g) => ({
            name: g.name,
            data: g.bytes.map((b) => +(b / MB).toFixed(3)),
          }))}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('charts.top')}>
            <Table
              size="small"
              pagination={false}
              loading={top.isLoading}
              rowKey={(r) => `${r.vpnGroupId}-${r.sn ?? r.clientId}`}
              dataSource={top.data ?? []}
              locale={{ emptyText: t('charts.topEmpty') }}
              data-testid="vpn-top-talkers"
              columns={[
                {
                  key: 'name',
                  title: t('charts.name'),
                  render: (_v, r) => (
                    <span translate="no">
                      {r.name}
                      {r.sn && r.sn !== r.name ? ` (${r.sn})` : ''}
                    </span>
                  ),
                },
                {
                  key: 'group',
                  title: t('charts.group'),
                  render: (_v, r) => (
                    <Link to={`/vpn/group/${r.vpnGroupId}`} translate="no">
                      {r.groupName}
                    </Link>
                  ),
                },
                { key: 'bytes', title: t('charts.bytes'), render: (_v, r) => formatBytes(r.bytes) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('charts.hubs')}>
            <Table
              size="small"
              pagination={false}
              loading={hubs.isLoading}
              rowKey="region"
              dataSource={hubs.data ?? []}
              locale={{ emptyText: t('charts.hubsEmpty') }}
              data-testid="vpn-hub-health"
              columns={[
                {
                  key: 'region',
                  title: t('charts.region'),
                  render: (_v, r) => <span translate="no">{r.region}</span>,
                },
                {
                  key: 'state',
                  title: t('charts.state'),
                  render: (_v, r) => (
                    <Badge
                      status={
                        r.state === 'running' && r.groupsUp < r.groupsRunning ? 'warning' : HUB_BADGE[r.state]
                      }
                      text={t(`hubState.${r.state}`)}
                    />
                  ),
                },
                {
                  key: 'groupsUp',
                  title: t('charts.groupsUp'),
                  render: (_v, r) => t('charts.groupsUpValue', { up: r.groupsUp, running: r.groupsRunning }),
                },
                { key: 'tunnels', title: t('charts.tunnels'), dataIndex: 'tunnels' },
                {
                  key: 'last',
                  title: t('charts.lastStatus'),
                  render: (_v, r) =>
                    r.lastStatusAt === null ? t('charts.never') : formatDateTime(r.lastStatusAt),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
