import { type EndpointImportRow, endpointImportTemplateCall, importEndpointsCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { readAsBase64, saveBase64 } from '../devices/file-transfer.ts';
import { ENDPOINT_KEYS } from './endpoints-queries.ts';

interface Preview {
  rows: EndpointImportRow[];
  valid: number;
  invalid: number;
}

/** The .xlsx import: the file is checked row by row (the preview), then its valid rows are saved. */
export function EndpointImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('endpoints');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(raw: File) {
    setPreview(null);
    setBusy(true);
    try {
      const picked = { fileName: raw.name, content: await readAsBase64(raw) };
      setFile(picked);
      setPreview(await apiCall(importEndpointsCall, { ...picked, commit: false }));
    } catch {
      // The catalogue message (800034, 800035) has been shown.
      setFile(null);
    } finally {
      setBusy(false);
    }
    return false;
  }

  async function commit() {
    if (!file) return;
    setBusy(true);
    try {
      const result = await apiCall(importEndpointsCall, { ...file, commit: true });
      void message.success(t('imported', { count: result.imported }));
      void queryClient.invalidateQueries({ queryKey: ENDPOINT_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  }

  async function template() {
    const answer = await apiCall(endpointImportTemplateCall, {});
    saveBase64(answer.content, answer.fileName, answer.mimeType);
  }

  const columns: ColumnsType<EndpointImportRow> = [
    { key: 'row', dataIndex: 'row', title: t('row'), width: 60 },
    {
      key: 'endpointId',
      title: t('columns.endpointId'),
      render: (_: unknown, r) => <span translate="no">{r.endpointId}</span>,
    },
    { key: 'name', dataIndex: 'name', title: t('columns.name') },
    { key: 'product', dataIndex: 'productName', title: t('columns.product') },
    {
      key: 'check',
      title: t('check'),
      render: (_: unknown, r) =>
        r.errors.length === 0 ? (
          <Typography.Text type="success">{t('ok')}</Typography.Text>
        ) : (
          <Typography.Text type="danger" data-testid={`import-errors-${r.row}`}>
            {r.errors.join('; ')}
          </Typography.Text>
        ),
    },
  ];

  return (
    <Modal
      open
      width={860}
      title={t('importTitle')}
      onCancel={onClose}
      footer={
        <Flex justify="space-between">
          <Button onClick={() => void template()}>{t('template')}</Button>
          <Button
            type="primary"
            disabled={!preview || preview.valid === 0}
            loading={busy}
            onClick={() => void commit()}
            data-testid="endpoint-import-commit"
          >
            {t('importCommit', { count: preview?.valid ?? 0 })}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle" data-testid="endpoint-import-dialog">
        <Typography.Paragraph>{t('importHint')}</Typography.Paragraph>
        <Upload accept=".xlsx" showUploadList={false} beforeUpload={(raw) => pick(raw)} disabled={busy}>
          <Button loading={busy} data-testid="endpoint-import-pick">
            {t('pickFile')}
          </Button>
        </Upload>
        {preview && (
          <>
            <Typography.Text data-testid="endpoint-import-summary">
              {t('importSummary', { valid: preview.valid, invalid: preview.invalid })}
            </Typography.Text>
            <Table<EndpointImportRow>
              size="small"
              rowKey="row"
              dataSource={preview.rows}
              columns={columns}
              pagination={false}
              scroll={{ y: 320 }}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
