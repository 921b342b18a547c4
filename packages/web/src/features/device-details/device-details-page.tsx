import { getDeviceConfigJsonCall } from '@fleetport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useLive } from '../../api/live.ts';
import { PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { OnlineBadge } from '../devices/device-columns.tsx';
import { useDevice } from '../devices/device-query.ts';
import { AppsTab } from './apps-tab.tsx';
import { CliTab } from './cli-tab.tsx';
import { ConfigTab } from './config-tab.tsx';
import { deviceDetails } from './device-details.i18n.ts';
import { DeviceLogsTab } from './device-logs-tab.tsx';
import { FirmwareTab } from './firmware-tab.tsx';
import { InformationTab } from './information-tab.tsx';
import { EventsTab, SyslogTab } from './logs-tabs.tsx';
import { RemoteActionsTab } from './remote-actions-tab.tsx';
import { ReportsTab } from './reports-tab.tsx';
import { deviceSoftware } from './software.i18n.ts';
import { deviceStatus } from './status-panel.i18n.ts';
import { StatusTab } from './status-tab.tsx';

// The details' own text comes with the page, not with the console's frame (i18n/resources.ts PAGE_TEXT).
addNamespaces({ deviceDetails, deviceSoftware, deviceStatus });

/** Device details (core §2 device/deviceDetails/{sn}); the open tab is kept in `?tab=`. */
export function DeviceDetailsPage() {
  return (
    <PageGate funCode="devices.view">
      <DeviceDetails />
    </PageGate>
  );
}

function DeviceDetails() {
  const { t } = useTranslation('deviceDetails');
  const sn = decodeURIComponent(useParams().sn ?? '');
  const [params, setParams] = useSearchParams();
  const live = useLive(useQueryClient());
  const device = useDevice(sn);
  const mayApply = usePermission('devices.apply');
  const mayReadLogs = usePermission('activity.view');
  const devcfg = useQuery({
    queryKey: ['deviceConfigJson', sn],
    queryFn: () => apiCall(getDeviceConfigJsonCall, { sn }, { silent: true }),
  });
  const row = device.data;

  if (device.isError) return <EmptyState description={t('notFound', { sn })} />;
  if (!row) return <Card loading />;

  const tabs = [
    { key: 'information', label: t('tabs.information'), children: <InformationTab device={row} /> },
    { key: 'status', label: t('tabs.status'), children: <StatusTab sn={sn} /> },
    ...(mayApply
      ? [
          { key: 'cli', label: t('tabs.cli'), children: <CliTab sn={sn} /> },
          {
            key: 'actions',
            label: t('tabs.actions'),
            children: (
              <RemoteActionsTab
                sn={sn}
                liveOpen={live === 'open'}
                capabilities={(devcfg.data?.devcfg ?? {}) as Record<string, unknown>}
              />
            ),
          },
        ]
      : []),
    { key: 'events', label: t('tabs.events'), children: <EventsTab sn={sn} /> },
    ...(mayReadLogs
      ? [{ key: 'logs', label: t('deviceNotifications:logs.tab'), children: <DeviceLogsTab sn={sn} /> }]
      : []),
    { key: 'syslog', label: t('tabs.syslog'), children: <SyslogTab sn={sn} /> },
    { key: 'reports', label: t('tabs.reports'), children: <ReportsTab sn={sn} /> },
    { key: 'apps', label: t('tabs.apps'), children: <AppsTab device={row} liveOpen={live === 'open'} /> },
    { key: 'firmware', label: t('tabs.firmware'), children: <FirmwareTab device={row} /> },
    {
      key: 'configuration',
      label: t('tabs.configuration'),
      children: <ConfigTab sn={sn} series={row.series} />,
    },
  ];
  const active = tabs.some((tab) => tab.key === params.get('tab'))
    ? (params.get('tab') as string)
    : 'information';

  return (
    <Flex vertical gap={12} data-testid="device-details">
      <Card size="small">
        <Space size="large" wrap>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="device-title">
            {row.name || row.sn}
          </Typography.Title>
          <Typography.Text type="secondary">{row.sn}</Typography.Text>
          <span data-testid="device-online" data-online={row.online}>
            <OnlineBadge online={row.online} t={t} />
          </span>
          <Typography.Text>{row.model}</Typography.Text>
        </Space>
      </Card>
      <Card size="small">
        <Tabs
          activeKey={active}
          destroyOnHidden
          onChange={(tab) => setParams({ tab }, { replace: true })}
          items={tabs.map((tab) => ({
            ...tab,
            label: <span data-testid={`tab-${tab.key}`}>{tab.label}</span>,
          }))}
        />
      </Card>
    </Flex>
  );
}
