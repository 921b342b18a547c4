import {
  deleteEndpointsCall,
  ENDPOINT_STATES,
  type Endpoint,
  type EndpointState,
  listEndpointsCall,
  listSimpleProductsCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Input, Popconfirm, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointImport } from './endpoint-import.tsx';
import { endpoints } from './endpoints.i18n.ts';
import { ENDPOINT_KEYS, ENDPOINT_PATH } from './endpoints-queries.ts';

addNamespaces({ endpoints });

const STATE_COLORS: Record<EndpointState, 'success' | 'default' | 'warning'> = {
  online: 'success',
  offline: 'default',
  gatewayOffline: 'warning',
};

export function EndpointStateBadge({ state }: { state: EndpointState }) {
  const { t } = useTranslation('endpoints');
  return <Badge status={STATE_COLORS[state]} text={t(`state.${state}`)} />;
}

/** The company's endpoints (features §2 endDeviceManagement; issue 19). */
export function EndpointsPage() {
  return (
    <PageGate funCode="endpoints.view">
      <EndpointList />
    </PageGate>
  );
}

function EndpointList() {
  const { t } = useTranslation('endpoints');
  const list = useListQuery(listEndpointsCall, { queryKey: ENDPOINT_KEYS.list });
  const remove = useCallMutation(deleteEndpointsCall, { invalidates: [ENDPOINT_KEYS.all, ['products']] });
  /** The endpoint being edited, `new` for one being added, null with the form closed. */
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const productList = useQuery({
    queryKey: ['products', 'simple', 'all'],
    queryFn: () => apiCall(listSimpleProductsCall, {}),
  });

  const columns: ColumnsType<Endpoint> = [
    {
      key: 'endpointId',
      title: t('columns.endpointId'),
      render: (_: unknown, r) => (
        <Link to={ENDPOINT_PATH(r.thingId)} translate="no">
          {r.endpointId}
        </Link>
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('columns.name') },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_: unknown, r) => (
        <span data-testid={`endpoint-state-${r.endpointId}`}>
          <EndpointStateBadge state={r.state} />
        </span>
      ),
    },
    { key: 'product', dataIndex: 'productName', title: t('columns.product') },
    {
      key: 'gateway',
      title: t('columns.gateway'),
      render: (_: unknown, r) => <span translate="no">{r.gatewaySn}</span>,
    },
    {
      key: 'connection',
      title: t('columns.connection'),
      render: (_: unknown, r) => t(`connection.${r.connectionMethod}`),
    },
    { key: 'description', dataIndex: 'description', title: t('columns.description') },
  ];
  const actions: ColumnsType<Endpoint> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Can funCode="endpoints.edit">
            <Button
              type="link"
              size="small"
              onClick={() => setEditing(r)}
              data-testid={`endpoint-edit-${r.endpointId}`}
            >
              {t('edit')}
            </Button>
          </Can>
          <Can funCode="endpoints.remove">
            <Popconfirm
              title={t('deleteConfirm', { name: r.name })}
              okButtonProps={{ danger: true, 'data-testid': 'endpoint-delete-ok' } as never}
              onConfirm={() => remove.mutateAsync({ thingIds: [r.thingId] }).catch(() => {})}
            >
              <Button type="link" size="small" danger data-testid={`endpoint-delete-${r.endpointId}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];
  const buttons = (
    <Can funCode="endpoints.create">
      <Space>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="endpoint-add">
          {t('add')}
        </Button>
        <Button onClick={() => setImporting(true)} data-testid="endpoint-import">
          {t('import')}
        </Button>
      </Space>
    </Can>
  );

  return (
    <>
      <ListPage<Endpoint>
        title={t('title')}
        testId="endpoint-list"
        tableTestId="endpoints-table"
        rowKey="thingId"
        list={list}
        columns={columns}
        trailingColumns={actions}
        filters={
          <Space wrap>
            <Input.Search
              allowClear
              defaultValue={list.filters.search}
              placeholder={t('search')}
              onSearch={(value) => list.setFilters({ search: value.trim() || undefined })}
              data-testid="endpoint-search"
              style={{ width: 260 }}
            />
            <Select<number | undefined>
              allowClear
              value={list.filters.modelId}
              placeholder={t('allProducts')}
              style={{ width: 200 }}
              onChange={(modelId) => list.setFilters({ modelId })}
              options={(productList.data ?? []).map((p) => ({ value: p.modelId, label: p.name }))}
              data-testid="endpoint-product-filter"
            />
            <Select<EndpointState | undefined>
              allowClear
              value={list.filters.state}
              placeholder={t('allStates')}
              style={{ width: 200 }}
              onChange={(state) => list.setFilters({ state })}
              options={ENDPOINT_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            />
          </Space>
        }
        empty={{ description: t('empty'), action: buttons }}
        actions={buttons}
      />
      {editing !== null && (
        <EndpointForm endpoint={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {importing && <EndpointImport onClose={() => setImporting(false)} />}
    </>
  );
}
