import {
  deleteProductCall,
  formatDateTime,
  listProductsCall,
  type ProductSummary,
} from '@fleetport/contract';
import { Button, Input, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { products } from './products.i18n.ts';
import { PRODUCT_KEYS, PRODUCT_PATH } from './products-queries.ts';

addNamespaces({ products });

/** The company's products (features §2 productManagement; issue 19). */
export function ProductsPage() {
  return (
    <PageGate funCode="products.view">
      <ProductList />
    </PageGate>
  );
}

function ProductList() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const list = useListQuery(listProductsCall, { queryKey: PRODUCT_KEYS.list });
  const remove = useCallMutation(deleteProductCall, { invalidates: [PRODUCT_KEYS.all] });
  const canCreate = usePermission('products.create');
  const createButton = canCreate ? (
    <Button type="primary" onClick={() => navigate(PRODUCT_PATH('new'))} data-testid="product-create">
      {t('create')}
    </Button>
  ) : null;

  const columns: ColumnsType<ProductSummary> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('columns.name'),
      render: (value: string, r) => <Link to={PRODUCT_PATH(r.modelId)}>{value}</Link>,
    },
    { key: 'type', title: t('columns.type'), render: (_: unknown, r) => t(`type.${r.type}`) },
    {
      key: 'protocol',
      title: t('columns.protocol'),
      render: (_: unknown, r) => <span translate="no">{t(`protocol.${r.protocol}`)}</span>,
    },
    { key: 'pointTable', dataIndex: 'pointTableName', title: t('columns.pointTable') },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_: unknown, r) => (
        <Tag color={r.state === 'enabled' ? 'green' : 'default'} data-testid={`product-state-${r.modelId}`}>
          {t(`state.${r.state}`)}
        </Tag>
      ),
    },
    {
      key: 'endpoints',
      title: t('columns.endpoints'),
      // The endpoint list, filtered to the product.
      render: (_: unknown, r) => (
        <Link to={`/endpointManager/endDeviceManagement?modelId=${r.modelId}`}>{r.endpointCount}</Link>
      ),
    },
    { key: 'updated', title: t('columns.updated'), render: (_: unknown, r) => formatDateTime(r.updatedAt) },
  ];
  const actions: ColumnsType<ProductSummary> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Link to={PRODUCT_PATH(r.modelId)}>{t('open')}</Link>
          <Can funCode="products.remove">
            <Popconfirm
              title={t('deleteConfirm', { name: r.name })}
              okButtonProps={{ danger: true, 'data-testid': 'product-delete-ok' } as never}
              onConfirm={() => remove.mutateAsync({ modelId: r.modelId }).catch(() => {})}
            >
              <Button type="link" size="small" danger data-testid={`product-delete-${r.modelId}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <ListPage<ProductSummary>
      title={t('title')}
      testId="product-list"
      tableTestId="products-table"
      rowKey="modelId"
      list={list}
      columns={columns}
      trailingColumns={actions}
      filters={
        <Input.Search
          allowClear
          defaultValue={list.filters.name}
          placeholder={t('searchName')}
          onSearch={(value) => list.setFilters({ name: value.trim() || undefined })}
          data-testid="product-search"
          style={{ width: 240 }}
        />
      }
      empty={{ description: t('empty'), action: createButton }}
      actions={createButton}
    />
  );
}
