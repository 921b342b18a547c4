import {
  ALL_MENUS,
  deleteExportRecordCall,
  downloadExportCall,
  type ExportRecord,
  type ExportState,
  formatBytes,
  formatDateTime,
  shareExportCall,
} from '@fleetport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Modal, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { EXPORT_KEYS, useExportRecords } from './api.ts';
import { shareUrlOf } from './share-url.ts';

const STATE_COLORS: Record<ExportState, string> = {
  generating: 'processing',
  ready: 'success',
  failed: 'error',
  expired: 'default',
};

/** Follows a signed URL as a download (the server sends the file as an attachment). */
function followDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The caller's export records (docs/decisions.md "Export records page"): each export's state, live
 * progress while generating, then download, share or delete.
 */
export function ExportRecordsPage() {
  const { t } = useTranslation('exports');
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [shared, setShared] = useState<{ url: string; until: number } | null>(null);
  const records = useExportRecords(paging.pageNum, paging.pageSize);
  const refresh = () => queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.records });

  const download = useMutation({
    mutationFn: (r: ExportRecord) => apiCall(downloadExportCall, { recordId: r.recordId }),
    onSuccess: (link) => followDownload(link.url, link.fileName),
    onError: () => void refresh(),
  });
  const share = useMutation({
    mutationFn: (r: ExportRecord) => apiCall(shareExportCall, { recordId: r.recordId }),
    onSuccess: (link) => {
      setShared({ url: shareUrlOf(link.shareId), until: link.expiresAt });
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (r: ExportRecord) => apiCall(deleteExportRecordCall, { recordId: r.recordId }),
    onSettled: () => void refresh(),
  });

  const moduleName = (module: string) => ALL_MENUS.find((m) => m.path === `/${module}`)?.name[lang] ?? module;
  const columns: ColumnsType<ExportRecord> = [
    {
      key: 'fileName',
      title: t('records.fileName'),
      dataIndex: 'fileName',
      render: (name: string, r) => <span data-testid={`export-file-${r.recordId}`}>{name}</span>,
    },
    { key: 'module', title: t('records.module'), dataIndex: 'module', render: moduleName },
    {
      key: 'state',
      title: t('records.state'),
      dataIndex: 'state',
      render: (state: ExportState, r) => (
        <Tag
          color={STATE_COLORS[state]}
          data-testid="export-state"
          data-state={state}
          data-record={r.recordId}
        >
          {t(`state.${state}`)}
        </Tag>
      ),
    },
    {
      key: 'progress',
      title: t('records.progress'),
      render: (_: unknown, r) => (
        <Progress
          data-testid="export-progress"
          size="small"
          style={{ width: 140 }}
          status={r.state === 'failed' ? 'exception' : r.state === 'generating' ? 'active' : 'normal'}
          percent={
            r.totalRows === 0
              ? r.state === 'generating'
                ? 0
                : 100
              : Math.floor((r.doneRows / r.totalRows) * 100)
          }
          format={() => `${r.doneRows}/${r.totalRows}`}
        />
      ),
    },
    {
      key: 'createdAt',
      title: t('records.createdAt'),
      dataIndex: 'createdAt',
      render: (at: number) => formatDateTime(at),
    },
    {
      key: 'size',
      title: t('records.size'),
      dataIndex: 'size',
      render: (size: number | null) => (size === null ? null : formatBytes(size)),
    },
    {
      key: 'fileExpiresAt',
      title: t('records.fileExpiresAt'),
      dataIndex: 'fileExpiresAt',
      render: (at: number | null, r) => (r.state === 'ready' && at ? formatDateTime(at) : null),
    },
    {
      key: 'actions',
      title: t('records.actions'),
      render: (_: unknown, r) => (
        <Space>
          <Button
            size="small"
            type="link"
            disabled={r.state !== 'ready'}
            loading={download.isPending && download.variables?.recordId === r.recordId}
            onClick={() => download.mutate(r)}
            data-testid={`export-download-${r.recordId}`}
          >
            {t('records.download')}
          </Button>
          <Button
            size="small"
            type="link"
            disabled={r.state !== 'ready'}
            onClick={() => share.mutate(r)}
            data-testid={`export-share-${r.recordId}`}
          >
            {t('records.share')}
          </Button>
          <Popconfirm
            title={t('records.deleteConfirm')}
            onConfirm={() => remove.mutateAsync(r)}
            okButtonProps={{ 'data-testid': 'export-delete-ok' } as never}
          >
            <Button size="small" type="link" danger data-testid={`export-delete-${r.recordId}`}>
              {t('records.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('records.title')} data-testid="export-records">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('records.rule')} />
      <IndexTable<ExportRecord>
        rowKey="recordId"
        data-testid="export-records-table"
        loading={records.isLoading}
        columns={columns}
        dataSource={records.data?.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyState description={t('records.empty')} /> }}
        pagination={{ current: paging.pageNum, pageSize: paging.pageSize, total: records.data?.total ?? 0 }}
        onChange={(p) => setPaging({ pageNum: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      />
      <Modal
        open={shared !== null}
        title={t('records.shareTitle')}
        footer={null}
        onCancel={() => setShared(null)}
      >
        {shared && (
          <>
            <Typography.Paragraph>
              {t('records.shareText', { until: formatDateTime(shared.until) })}
            </Typography.Paragraph>
            <Typography.Paragraph
              copyable={{ onCopy: () => void message.success(t('records.copied')) }}
              data-testid="export-share-link"
            >
              {shared.url}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </Card>
  );
}
