import {
  dataUsageSeriesCall,
  formatDateTime,
  groupUnreadAlertSummaryCall,
  signalSeriesCall,
  topUsageCall,
} from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useLive } from '../../api/live.ts';
import { PageGate } from '../../app/permissions.tsx';
import { ChartCard } from '../../widgets/chart-card.tsx';
import { LineChart } from '../../widgets/charts/line-chart.tsx';
import { PieChart } from '../../widgets/charts/pie-chart.tsx';
import { PanelCard, Stat } from '../../widgets/panel-card.tsx';
import { PlainTable } from '../../widgets/plain-table.tsx';
import { useUnreadNotifications } from '../device-notifications/notification-queries.ts';
import { deviceDetailsPath } from './device-paths.ts';
import { useFleetCounts } from './device-queries.ts';
import './dashboard.css';

const MB = 1024 * 1024;
const HOUR = 3_600_000;

/** Hourly points whose last hour has not ended yet: the chart says "so far" there. */
const partialHour = (points: { at: number }[] | undefined, label: string) =>
  points?.length && points[points.length - 1]!.at + HOUR > Date.now() ? label : undefined;
const key = (name: string) => ['deviceDashboard', name] as const;

/** The device dashboard (core §2 dashboard) on chart cards; presence events refresh the counts. */
export function DashboardPage() {
  return (
    <PageGate funCode="dashboard.view">
      <Dashboard />
    </PageGate>
  );
}

function Dashboard() {
  const { t } = useTranslation('devices');
  useLive(useQueryClient());
  const [hidden, setHidden] = useState<string[]>([]);
  const summary = useFleetCounts();
  const unread = useUnreadNotifications();
  const alerts = useQuery({
    queryKey: key('alerts'),
    queryFn: () => apiCall(groupUnreadAlertSummaryCall, {}),
  });
  const usage = useQuery({ queryKey: key('usage'), queryFn: () => apiCall(dataUsageSeriesCall, {}) });
  const signal = useQuery({ queryKey: key('signal'), queryFn: () => apiCall(signalSeriesCall, {}) });
  const top = useQuery({ queryKey: key('top'), queryFn: () => apiCall(topUsageCall, { limit: 10 }) });
  const s = summary.data;

  const card = (name: string, children: ReactNode, span: 8 | 12 = 8) =>
    hidden.includes(name) ? null : (
      <div className={`fp-lg-${span}`} key={name} data-testid={`card-${name}`}>
        <ChartCard
          title={t(`dashboard.${name}`)}
          isDefault
          canEdit={false}
          onHide={() => setHidden((h) => [...h, name])}
          onEdit={() => {}}
          onDelete={() => {}}
        >
          {children}
        </ChartCard>
      </div>
    );
  const slices = (list?: { key: string; count: number }[]) =>
    (list ?? []).map((c) => ({ name: c.key || t('dashboard.unknown'), value: c.count }));

  return (
    <div className="fp-dashboard" data-testid="dashboard-page">
      <div>
        <PanelCard>
          <div className="fp-dashboard-stats">
            <Stat title={t('dashboard.total')} value={s?.total ?? 0} data-testid="stat-total" />
            <Stat
              title={t('state.online')}
              value={s?.online ?? 0}
              color="#3f8600"
              data-testid="stat-online"
            />
            <Stat title={t('state.offline')} value={s?.offline ?? 0} data-testid="stat-offline" />
            {/* The badge's and the bell's number: alerts by group are broken down in their card. */}
            <Stat
              title={t('dashboard.unreadNotifications')}
              value={unread.data?.total ?? 0}
              data-testid="stat-unread"
            />
          </div>
          {hidden.length > 0 && (
            <Button type="link" onClick={() => setHidden([])}>
              {t('dashboard.showHidden', { count: hidden.length })}
            </Button>
          )}
        </PanelCard>
      </div>
      {card('byModel', <PieChart slices={slices(s?.byModel)} />)}
      {card('bySeries', <PieChart slices={slices(s?.bySeries)} />)}
      {card('byFirmware', <PieChart slices={slices(s?.byFirmware)} />)}
      {card(
        'usage',
        <LineChart
          unit="MB"
          partialLast={partialHour(usage.data, t('dashboard.partialHour'))}
          categories={(usage.data ?? []).map((p) => formatDateTime(p.at, 'MM-DD HH:mm'))}
          series={[
            { name: t('dashboard.rx'), data: (usage.data ?? []).map((p) => +(p.rxBytes / MB).toFixed(2)) },
            { name: t('dashboard.tx'), data: (usage.data ?? []).map((p) => +(p.txBytes / MB).toFixed(2)) },
          ]}
        />,
        12,
      )}
      {card(
        'signal',
        <LineChart
          unit="dBm"
          partialLast={partialHour(signal.data, t('dashboard.partialHour'))}
          categories={(signal.data ?? []).map((p) => formatDateTime(p.at, 'MM-DD HH:mm'))}
          series={[
            { name: 'RSSI', data: (signal.data ?? []).map((p) => p.rssi) },
            { name: 'RSRP', data: (signal.data ?? []).map((p) => p.rsrp) },
          ]}
        />,
        12,
      )}
      {card(
        'alerts',
        <PlainTable
          rowKey={(r) => String(r.groupId)}
          rows={alerts.data?.groupALertSummaryList ?? []}
          columns={(['groupName', 'critical', 'major', 'minor', 'notice', 'total'] as const).map((k) => ({
            key: k,
            title: t(`dashboard.alert.${k}`),
          }))}
        />,
        12,
      )}
      {card(
        'top',
        <PlainTable
          rowKey={(r) => r.sn}
          rows={top.data ?? []}
          columns={[
            {
              key: 'sn',
              title: t('field.sn'),
              render: (r) => <Link to={deviceDetailsPath(r.sn)}>{r.sn}</Link>,
            },
            { key: 'name', title: t('field.name') },
            {
              key: 'totalBytes',
              title: t('dashboard.usageMb'),
              render: (r) => (r.totalBytes / MB).toFixed(1),
            },
          ]}
        />,
        12,
      )}
    </div>
  );
}
