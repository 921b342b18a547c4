import {
  APP_PACKAGE_MODELS,
  type DeviceApp,
  type DeviceRow,
  ErrorCode,
  formatDateTime,
  formatKilobytes,
} from '@fleetport/contract';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { usePermission } from '../../app/permissions.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { type Uninstall, UninstallButton, UninstallProgress } from './app-uninstall.tsx';
import { PackageInstall } from './package-install.tsx';
import { useRemoteAction } from './remote-action-state.ts';
import { useDeviceApps } from './software-queries.ts';
import { UpdateHistory } from './update-history.tsx';

/** Why there is no list: the device is offline, too old to list its apps, or something else failed. */
function appsErrorKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : null;
  if (code === ErrorCode.DEVICE_OFFLINE) return 'apps.offline';
  if (code === ErrorCode.PARTIAL_UNSUPPORTED) return 'apps.unsupported';
  return 'apps.failed';
}

/**
 * The apps tab: the apps the device says it has (asked each time the tab opens), uninstalling one,
 * and the app update history. Installing apps comes with the App Centre.
 */
export function AppsTab({ device, liveOpen }: { device: DeviceRow; liveOpen: boolean }) {
  const { t } = useTranslation('deviceSoftware');
  const { sn } = device;
  const apps = useDeviceApps(sn);
  const mayApply = usePermission('devices.apply');
  const [uninstall, setUninstall] = useState<Uninstall | null>(null);
  // Core §9 lists series and a model (m1200) side by side.
  const offersPackages = [device.series, device.model].some((id) =>
    (APP_PACKAGE_MODELS as readonly string[]).includes(id.toLowerCase()),
  );
  // One uninstall at a time, as the device runs them.
  const followed = useRemoteAction(uninstall?.rpcId ?? null, liveOpen).data;
  const running = uninstall !== null && (!followed || followed.state === 'inExecution');

  const list = apps.data;
  return (
    <Flex vertical gap={16} data-testid="apps-tab">
      <Card
        size="small"
        title={t('apps.installed')}
        extra={
          <Button
            size="small"
            onClick={() => void apps.refetch()}
            loading={apps.isFetching}
            data-testid="apps-refresh"
          >
            {t('refresh')}
          </Button>
        }
      >
        <Flex vertical gap={12}>
          {uninstall && <UninstallProgress sn={sn} uninstall={uninstall} liveOpen={liveOpen} />}
          {list && !list.fresh && (
            <Alert type="warning" showIcon title={t('apps.stale', { at: formatDateTime(list.reportedAt) })} />
          )}
          {apps.isError ? (
            <div data-testid="apps-error">
              <EmptyState description={t(appsErrorKey(apps.error))} />
            </div>
          ) : (
            <IndexTable<DeviceApp>
              rowKey="packageName"
              size="small"
              pagination={false}
              data-testid="apps-table"
              loading={apps.isLoading}
              dataSource={list?.apps ?? []}
              locale={{ emptyText: <EmptyState description={t('apps.empty')} /> }}
              columns={[
                // Names the app's maker gave it, as the device reports them.
                {
                  key: 'name',
                  dataIndex: 'name',
                  title: t('apps.name'),
                  render: (name: string) => <span translate="no">{name}</span>,
                },
                {
                  key: 'packageName',
                  dataIndex: 'packageName',
                  title: t('apps.packageName'),
                  render: (name: string) => <span translate="no">{name}</span>,
                },
                { key: 'version', dataIndex: 'version', title: t('apps.version') },
                {
                  key: 'state',
                  title: t('apps.state'),
                  render: (_, a) => (
                    <Tag color={a.state === 'running' ? 'success' : 'default'}>
                      {t(`apps.states.${a.state}`)}
                    </Tag>
                  ),
                },
                {
                  key: 'size',
                  title: t('apps.size'),
                  render: (_, a) => (a.sizeKb === null ? null : formatKilobytes(a.sizeKb)),
                },
                ...(mayApply
                  ? [
                      {
                        key: 'uninstall',
                        title: '',
                        render: (_: unknown, a: DeviceApp) => (
                          <UninstallButton sn={sn} app={a} busy={running} onStarted={setUninstall} />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
          {list?.fresh && (
            <Typography.Text type="secondary">
              {t('apps.reportedAt', { at: formatDateTime(list.reportedAt) })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      <Card size="small" title={t('apps.packages')}>
        {offersPackages ? (
          <PackageInstall device={device} kind="app" />
        ) : (
          <EmptyState description={t('apps.noPackages')} />
        )}
      </Card>
      <Card size="small" title={t('apps.history')}>
        <UpdateHistory sn={sn} kind="app" />
      </Card>
    </Flex>
  );
}
