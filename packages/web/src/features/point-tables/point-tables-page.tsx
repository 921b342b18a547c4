import {
  deletePointTableCall,
  exportPointTableCall,
  formatDateTime,
  listPointTablesCall,
  type PointTableSummary,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate, usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { saveBase64 } from '../devices/file-transfer.ts';
import { PointTableImport } from './point-table-import.tsx';
import { pointTables } from './point-tables.i18n.ts';
import { DETAILS_PATH, POINT_TABLE_KEYS } from './point-tables-queries.ts';

addNamespaces({ pointTables });

/** The company's point tables (features §3 point table tool; issue 19). */
export function PointTablesPage() {
  return (
    <PageGate funCode="pointTable.view">
      <PointTableList />
    </PageGate>
  );
}

function PointTableList() {
  const { t } = useTranslation('pointTables');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const list = useQuery({
    queryKey: [...POINT_TABLE_KEYS.list, name],
    queryFn: () => apiCall(listPointTablesCall, { pageNum: 1, pageSize: 200, ...(name ? { name } : {}) }),
  });
  const remove = useCallMutation(deletePointTableCall, { invalidates: [POINT_TABLE_KEYS.list] });
  const canCreate = usePermission('pointTable.create');
  const [importing, setImporting] = useState(false);
  const createButton = canCreate ? (
    <Space>
      <Button onClick={() => setImporting(true)} data-testid="point-table-import">
        {t('import.open')}
      </Button>
      <Button type="primary" onClick={() => navigate(DETAILS_PATH('new'))} data-testid="point-table-create">
        {t('create')}
      </Button>
    </Space>
  ) : null;

  async function exportTable(pointTableId: number) {
    const file = await apiCall(exportPointTableCall, { pointTableId });
    saveBase64(file.content, file.fileName, file.mimeType);
  }

  const columns: ColumnsType<PointTableSummary> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('columns.name'),
      render: (value: string, r) => <Link to={DETAILS_PATH(r.pointTableId)}>{value}</Link>,
    },
    {
      key: 'protocol',
      title: t('columns.protocol'),
      render: (_: unknown, r) => <span translate="no">{t(`protocol.${r.protocol}`)}</span>,
    },
    {
      key: 'slave',
      title: t('columns.slave'),
      render: (_: unknown, r) => (
        <span translate="no">
          {r.connectionType === 'serial' ? '' : `${r.slaveIp}:${r.slavePort} `}#{r.slaveId}
        </span>
      ),
    },
    { key: 'points', dataIndex: 'pointCount', title: t('columns.points') },
    { key: 'products', dataIndex: 'productCount', title: t('columns.products') },
    {
      key: 'updated',
      title: t('columns.updated'),
      render: (_: unknown, r) => formatDateTime(r.updatedAt),
    },
  ];
  const actions: ColumnsType<PointTableSummary> = [
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Link to={DETAILS_PATH(r.pointTableId)}>{t('open')}</Link>
          <Can funCode="pointTable.export">
            <Button
              type="link"
              size="small"
              onClick={() => exportTable(r.pointTableId).catch(() => {})}
              data-testid={`point-table-export-${r.pointTableId}`}
            >
              {t('export')}
            </Button>
          </Can>
          <Can funCode="pointTable.remove">
            <Popconfirm
              title={t('deleteConfirm', { name: r.name })}
              okButtonProps={{ danger: true, 'data-testid': 'point-table-delete-ok' } as never}
              onConfirm={() => remove.mutateAsync({ pointTableId: r.pointTableId }).catch(() => {})}
            >
              <Button type="link" size="small" danger data-testid={`point-table-delete-${r.pointTableId}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PointTableImport open={importing} onClose={() => setImporting(false)} />
      <ListPage<PointTableSummary>
        title={t('title')}
        testId="point-table-list"
        tableTestId="point-tables-table"
        rowKey="pointTableId"
        loading={list.isLoading}
        rows={list.data?.list ?? []}
        columns={columns}
        trailingColumns={actions}
        filters={
          <Input.Search
            allowClear
            placeholder={t('searchName')}
            onSearch={(value) => setName(value.trim())}
            data-testid="point-table-search"
            style={{ width: 240 }}
          />
        }
        empty={{ description: t('empty'), action: createButton }}
        actions={createButton}
      />
    </>
  );
}
