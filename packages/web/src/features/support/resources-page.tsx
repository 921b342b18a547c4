import { formatBytes, formatDateTime, listResourcesCall, type Resource } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { ShareDialog } from './share-dialog.tsx';
import { support } from './support.i18n.ts';

addNamespaces({ support });

const PAGE_SIZE = 10;

/** Support › Resources (core §2 support/resource): the platform's files in the reader's language. */
export function ResourcesPage() {
  const { t } = useTranslation('support');
  const lang = useLang();
  const [search, setSearch] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [sharing, setSharing] = useState<Resource | null>(null);
  const list = useQuery({
    // The server answers the reader's language (the request header): a switch reads again.
    queryKey: [listResourcesCall.id, lang, search, pageNum],
    queryFn: () =>
      apiCall(listResourcesCall, { pageNum, pageSize: PAGE_SIZE, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title={t('resources.title')}
      data-testid="resources-page"
      extra={
        <Input.Search
          allowClear
          placeholder={t('search')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPageNum(1);
          }}
          data-testid="resources-search"
        />
      }
    >
      <Table<Resource>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <EmptyState description={t('resources.empty')} /> }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
        }}
        columns={[
          { key: 'name', title: t('resources.columns.name'), dataIndex: 'name' },
          { key: 'description', title: t('resources.columns.description'), dataIndex: 'description' },
          {
            key: 'size',
            title: t('resources.columns.size'),
            render: (_: unknown, r) => formatBytes(r.file.size),
          },
          {
            key: 'updated',
            title: t('resources.columns.updated'),
            render: (_: unknown, r) => formatDateTime(r.updatedAt),
          },
          {
            key: 'actions',
            render: (_: unknown, r) => (
              <Space>
                <Button size="small" href={r.file.download.url} data-testid={`resource-download-${r.id}`}>
                  {t('download')}
                </Button>
                <Button size="small" onClick={() => setSharing(r)} data-testid={`resource-share-${r.id}`}>
                  {t('share')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {sharing ? (
        <ShareDialog
          subject="resource"
          id={sharing.id}
          name={sharing.name}
          onClose={() => setSharing(null)}
        />
      ) : null}
    </Card>
  );
}
