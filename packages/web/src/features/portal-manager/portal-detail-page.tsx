import { addPortalDevicesCall, type PortalDevice, removePortalDevicesCall } from '@fleetport/contract';
import { Button, Card, Descriptions, Input, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { portalManager } from './portal-manager.i18n.ts';
import { portalKeys, usePortalDevices, usePortalTemplate } from './portal-queries.ts';

addNamespaces({ portalManager });

/** History, clients, usage and terms: their own chunk, after the settings and routers. */
const PortalDetailTabs = lazy(async () => ({
  default: (await import('./portal-detail-tabs.tsx')).PortalDetailTabs,
}));

/** One portal template: its settings and its routers (features §2 portalDetail). */
export function PortalDetailPage() {
  return (
    <PageGate funCode="portalManager.view">
      <PortalDetailView />
    </PageGate>
  );
}

function PortalDetailView() {
  const { t } = useTranslation('portalManager');
  const portalId = Number(useParams().id);
  const template = usePortalTemplate(portalId);
  const devices = usePortalDevices(portalId);
  const [sns, setSns] = useState('');
  const changed = [portalKeys.devices(portalId), portalKeys.template(portalId), portalKeys.templates];
  // 120095 and 190308 open the upgrade dialog in the client.
  const add = useCallMutation(addPortalDevicesCall, { invalidates: changed, onSuccess: () => setSns('') });
  const remove = useCallMutation(removePortalDevicesCall, { invalidates: changed });
  const data = template.data;
  const limit = (value: number, unit: 'minutes' | 'megabytes') =>
    value === 0 ? t('detail.unlimited') : t(`detail.${unit}`, { num: value });

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="portal-detail-page">
      <Card title={data?.name ?? t('detail.title')} loading={template.isLoading}>
        {data && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('detail.authMode')}>
              {t(`detail.authModes.${data.authMode}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.redirectionUrl')}>
              <span translate="no">{data.redirectionUrl}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.languages')}>
              {data.languages.map((l) => l.name).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.totalLimit')}>
              {limit(data.sessionSettings.totalLimitMb, 'megabytes')}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.sessionTimeout')}>
              {limit(data.sessionSettings.sessionTimeoutMinutes, 'minutes')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <ListPage<PortalDevice>
        title={t('detail.routers')}
        tableTestId="portal-devices-table"
        rowKey="sn"
        loading={devices.isLoading}
        rows={devices.data?.list ?? []}
        actions={
          <Can funCode="portalManager.apply">
            <Space>
              <Input.TextArea
                rows={1}
                value={sns}
                placeholder={t('detail.addPlaceholder')}
                onChange={(e) => setSns(e.target.value)}
                data-testid="portal-add-sns"
              />
              <Button
                type="primary"
                loading={add.isPending}
                disabled={sns.trim() === ''}
                onClick={() => add.mutate({ portalId, sns: sns.split(/\s+/).filter(Boolean) })}
                data-testid="portal-add-routers"
              >
                {t('detail.addRouters')}
              </Button>
            </Space>
          </Can>
        }
        columns={[
          {
            key: 'sn',
            dataIndex: 'sn',
            title: 'SN',
            render: (sn: string) => <span translate="no">{sn}</span>,
          },
          { key: 'name', dataIndex: 'name', title: t('columns.name') },
          {
            key: 'online',
            dataIndex: 'online',
            title: t('detail.online'),
            render: (online: boolean) => (
              <Tag color={online ? 'green' : 'default'}>
                {online ? t('detail.online') : t('detail.offline')}
              </Tag>
            ),
          },
          {
            key: 'appliedVersion',
            dataIndex: 'appliedVersion',
            title: t('detail.applied'),
            render: (version: number | null) => version ?? t('detail.pending'),
          },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_v, row) => (
              <Can funCode="portalManager.apply">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => remove.mutate({ portalId, sns: [row.sn] })}
                >
                  {t('detail.removeRouter')}
                </Button>
              </Can>
            ),
          },
        ]}
      />
      {data && (
        <Suspense fallback={null}>
          <PortalDetailTabs portalId={portalId} template={data} />
        </Suspense>
      )}
    </Space>
  );
}
