import { deleteIotConnectorCall, type IotConnector, listIotConnectorsCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { ConnectorFormDialog } from './connector-form-dialog.tsx';
import { DeliveryStateTag } from './delivery-state.tsx';
import { iotConnector } from './iot-connector.i18n.ts';
import { CONNECTOR_PATH, DELIVERY_REFRESH_MS, IOT_CONNECTOR_KEYS } from './iot-connector-queries.ts';

addNamespaces({ iotConnector });

/** The app centre's IoT connectors (core §2 appcenter iotcenntor): the list, adding and editing. */
export function IotConnectorsPage() {
  return (
    <PageGate funCode="iotConnector.view">
      <ConnectorList />
    </PageGate>
  );
}

function ConnectorList() {
  const { t } = useTranslation('iotConnector');
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<IotConnector | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...IOT_CONNECTOR_KEYS.list, name],
    queryFn: () => apiCall(listIotConnectorsCall, name ? { name } : {}),
    refetchInterval: DELIVERY_REFRESH_MS,
  });
  const remove = useCallMutation(deleteIotConnectorCall, { invalidates: [IOT_CONNECTOR_KEYS.list] });
  const createButton = usePermission('iotConnector.create') ? (
    <Button type="primary" onClick={() => setEditing('new')} data-testid="connector-create">
      {t('create')}
    </Button>
  ) : null;

  const columns: ColumnsType<IotConnector> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('columns.name'),
      render: (value: string, r) => <Link to={CONNECTOR_PATH(r.connectorId)}>{value}</Link>,
    },
    { key: 'kind', title: t('columns.kind'), render: (_: unknown, r) => t(`kind.${r.kind}`) },
    {
      key: 'url',
      title: t('columns.url'),
      render: (_: unknown, r) => <span translate="no">{r.applicationUrl}</span>,
    },
    { key: 'routers', dataIndex: 'routerCount', title: t('columns.routers') },
    {
      key: 'delivery',
      title: t('columns.delivery'),
      render: (_: unknown, r) => <DeliveryStateTag delivery={r.delivery} />,
    },
  ];
  const actions: ColumnsType<IotConnector> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Link to={CONNECTOR_PATH(r.connectorId)}>{t('open')}</Link>
          <Can funCode="iotConnector.edit">
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(r)}
              data-testid={`connector-edit-${r.connectorId}`}
            >
              {t('edit')}
            </Button>
          </Can>
          <Can funCode="iotConnector.remove">
            {r.routerCount > 0 ? (
              <Tooltip title={t('deleteHasRouters')}>
                <Button type="link" size="small" danger disabled>
                  {t('delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('deleteConfirm', { name: r.name })}
                okButtonProps={{ danger: true, 'data-testid': 'connector-delete-ok' } as never}
                onConfirm={() => remove.mutateAsync({ connectorId: r.connectorId }).catch(() => {})}
              >
                <Button type="link" size="small" danger data-testid={`connector-delete-${r.connectorId}`}>
                  {t('delete')}
                </Button>
              </Popconfirm>
            )}
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<IotConnector>
        title={t('title')}
        testId="connector-list"
        tableTestId="connectors-table"
        rowKey="connectorId"
        loading={list.isLoading}
        rows={list.data?.list ?? []}
        columns={columns}
        trailingColumns={actions}
        filters={
          <Input.Search
            allowClear
            placeholder={t('searchName')}
            onSearch={(value) => setName(value.trim())}
            data-testid="connector-search"
            style={{ width: 240 }}
          />
        }
        empty={{ description: t('empty'), action: createButton }}
        actions={createButton}
      />
      {editing ? (
        <ConnectorFormDialog
          connector={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
