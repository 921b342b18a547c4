import {
  bindIotRoutersCall,
  formatDateTime,
  type IotConnectorRouter,
  MAX_DEVICES_PER_IOT_CONNECTOR,
  unbindIotRoutersCall,
} from '@fleetport/contract';
import { Button, Card, Descriptions, Flex, Form, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ConnectorFormDialog } from './connector-form-dialog.tsx';
import { DeliveryStateTag } from './delivery-state.tsx';
import { iotConnector } from './iot-connector.i18n.ts';
import { IOT_CONNECTOR_KEYS, useIotConnector } from './iot-connector-queries.ts';

addNamespaces({ iotConnector });

/** One IoT connector (core §2 appcenter iotConnector/{id}): its settings, delivery state and routers. */
export function IotConnectorPage() {
  return (
    <PageGate funCode="iotConnector.view">
      <ConnectorDetail />
    </PageGate>
  );
}

function ConnectorDetail() {
  const { t } = useTranslation('iotConnector');
  const id = Number(useParams().id);
  const detail = useIotConnector(id);
  const [editing, setEditing] = useState(false);
  const [binding, setBinding] = useState(false);
  const invalidates = [IOT_CONNECTOR_KEYS.one(id), IOT_CONNECTOR_KEYS.list];
  const unbind = useCallMutation(unbindIotRoutersCall, { invalidates });
  const connector = detail.data?.connector;
  const routers = detail.data?.routers ?? [];
  const when = (ms: number | null) => (ms === null ? t('detail.never') : formatDateTime(ms));

  const columns: ColumnsType<IotConnectorRouter> = [
    { key: 'sn', title: t('detail.sn'), render: (_: unknown, r) => <span translate="no">{r.sn}</span> },
    {
      key: 'name',
      title: t('detail.routerName'),
      render: (_: unknown, r) => <span translate="no">{r.name}</span>,
    },
    {
      key: 'model',
      title: t('detail.model'),
      render: (_: unknown, r) => <span translate="no">{r.model}</span>,
    },
    {
      key: 'online',
      title: t('detail.online'),
      render: (_: unknown, r) => (
        <Tag color={r.online ? 'green' : 'default'}>
          {r.online ? t('detail.isOnline') : t('detail.isOffline')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, r) => (
        <Can funCode="iotConnector.edit">
          <Button
            type="link"
            size="small"
            danger
            onClick={() => unbind.mutate({ connectorId: id, sns: [r.sn] })}
            data-testid={`connector-unbind-${r.sn}`}
          >
            {t('detail.unbind')}
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="connector-detail">
      <Link to="/appcenter/iotcenntor">{t('detail.back')}</Link>
      <Card
        title={<span data-testid="connector-title">{connector?.name}</span>}
        loading={detail.isLoading}
        extra={
          <Can funCode="iotConnector.edit">
            <Button onClick={() => setEditing(true)} disabled={!connector} data-testid="connector-edit">
              {t('edit')}
            </Button>
          </Can>
        }
      >
        {connector ? (
          <Descriptions column={2} size="small" title={t('detail.settings')}>
            <Descriptions.Item label={t('form.kind')}>{t(`kind.${connector.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('form.applicationUrl')}>
              <span translate="no">{connector.applicationUrl}</span>
            </Descriptions.Item>
            {connector.kind === 'azureIotCentral' ? (
              <Descriptions.Item label={t('form.idScope')}>
                <span translate="no">{connector.idScope}</span>
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('form.template')}>
              <span translate="no">{connector.template ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('form.interfaceId')}>
              <span translate="no">{connector.interfaceId ?? '-'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('form.tokenName')}>
              <span translate="no">{connector.tokenName}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('form.token')}>
              <span translate="no" data-testid="connector-token-mask">
                {connector.tokenMask}
              </span>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {connector ? (
          <Descriptions column={2} size="small" title={t('detail.delivery')} data-testid="connector-delivery">
            <Descriptions.Item label={t('detail.state')}>
              <DeliveryStateTag delivery={connector.delivery} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.delivered')}>
              <span data-testid="connector-delivered">{connector.delivery.delivered}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.lastDelivered')}>
              {when(connector.delivery.lastDeliveredAt)}
            </Descriptions.Item>
            {connector.delivery.failingSince !== null ? (
              <>
                <Descriptions.Item label={t('detail.failingSince')}>
                  {when(connector.delivery.failingSince)}
                </Descriptions.Item>
                <Descriptions.Item label={t('detail.lastError')}>
                  <span translate="no">{connector.delivery.lastError}</span>
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        ) : null}
      </Card>
      <Card
        title={t('detail.routers', { count: routers.length, max: MAX_DEVICES_PER_IOT_CONNECTOR })}
        extra={
          <Can funCode="iotConnector.edit">
            <Button
              type="primary"
              onClick={() => setBinding(true)}
              disabled={routers.length >= MAX_DEVICES_PER_IOT_CONNECTOR}
              data-testid="connector-bind"
            >
              {t('detail.bind')}
            </Button>
          </Can>
        }
      >
        <Table<IotConnectorRouter>
          rowKey="sn"
          size="small"
          columns={columns}
          dataSource={routers}
          pagination={false}
          locale={{ emptyText: t('detail.noRouters') }}
          data-testid="connector-routers"
        />
      </Card>
      {editing && connector ? (
        <ConnectorFormDialog connector={connector} onClose={() => setEditing(false)} />
      ) : null}
      {binding ? <BindDialog connectorId={id} onClose={() => setBinding(false)} /> : null}
    </Flex>
  );
}

function BindDialog({ connectorId, onClose }: { connectorId: number; onClose: () => void }) {
  const { t } = useTranslation('iotConnector');
  const [sns, setSns] = useState<string[]>([]);
  const bind = useCallMutation(bindIotRoutersCall, {
    invalidates: [IOT_CONNECTOR_KEYS.one(connectorId), IOT_CONNECTOR_KEYS.list],
    onSuccess: onClose,
  });
  return (
    <Modal
      open
      title={t('detail.bindTitle')}
      onCancel={onClose}
      onOk={() => sns.length > 0 && bind.mutate({ connectorId, sns })}
      okButtonProps={
        { loading: bind.isPending, disabled: sns.length === 0, 'data-testid': 'connector-bind-ok' } as never
      }
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('detail.bindHint')}</Typography.Text>
        <Form.Item label={t('detail.sn')} style={{ marginBottom: 0 }}>
          <Select
            mode="tags"
            value={sns}
            onChange={(values: string[]) => setSns(values.map((v) => v.trim()).filter(Boolean))}
            tokenSeparators={[',', ' ', '\n']}
            open={false}
            maxCount={MAX_DEVICES_PER_IOT_CONNECTOR}
            data-testid="connector-bind-sns"
          />
        </Form.Item>
      </Space>
    </Modal>
  );
}
