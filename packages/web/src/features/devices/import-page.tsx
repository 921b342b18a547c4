import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  DEVICE_IMPORT_COLUMNS,
  type ImportRowResult,
  importDevicesCall,
  importTemplateCall,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Progress, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { PageGate } from '../../app/permissions.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { deviceKeys } from './device-queries.ts';
import { readAsBase64, saveBase64 } from './file-transfer.ts';
import { SnCheck } from './sn-check.tsx';

interface Picked {
  fileName: string;
  content: string;
}

type Preview = { rows: ImportRowResult[]; valid: number; invalid: number };

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The rejected rows as a .csv in the import's own columns, then their row number and problems: fixed,
 * the file imports as it is (the extra columns are not read).
 */
export function rejectedRowsCsv(
  rows: readonly ImportRowResult[],
  rowTitle: string,
  problemsTitle: string,
): string {
  const lines = [[...DEVICE_IMPORT_COLUMNS, rowTitle, problemsTitle]];
  for (const r of rows.filter((row) => row.errors.length > 0)) {
    lines.push([
      r.sn,
      r.name,
      r.model,
      r.mac ?? r.imei ?? '',
      r.tags.join(';'),
      String(r.row),
      r.errors.join('; '),
    ]);
  }
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Import devices from .xlsx or .csv (core §2 devices/import): template, preview with row errors, commit. */
export function ImportPage() {
  return (
    <PageGate funCode="devices.create">
      <ImportView />
    </PageGate>
  );
}

function ImportView() {
  const { message } = App.useApp();
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<Picked | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  /** After a commit that left rows behind: how many were saved (the preview then shows the rejected rows). */
  const [saved, setSaved] = useState<number | null>(null);
  const [progress, setProgress] = useState<{
    percent: number;
    stage: 'reading' | 'checking' | 'saving';
  } | null>(null);

  async function pick(raw: File) {
    setPreview(null);
    setSaved(null);
    try {
      setProgress({ percent: 0, stage: 'reading' });
      const content = await readAsBase64(raw, (percent) =>
        setProgress({ percent: Math.round(percent * 50), stage: 'reading' }),
      );
      const picked = { fileName: raw.name, content };
      setFile(picked);
      setProgress({ percent: 60, stage: 'checking' });
      setPreview(await apiCall(importDevicesCall, { ...picked, commit: false }));
    } catch {
      setFile(null);
    } finally {
      setProgress(null);
    }
    return false;
  }

  async function commit() {
    if (!file) return;
    setProgress({ percent: 80, stage: 'saving' });
    try {
      const result = await apiCall(importDevicesCall, { ...file, commit: true });
      void message.success(t('import.done', { count: result.imported }));
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      if (result.invalid === 0) {
        navigate('/robustlink/devices/allDevices');
        return;
      }
      // The valid rows are saved; the rejected ones stay on screen with their rows, to download and fix.
      setSaved(result.imported);
      setPreview({
        rows: result.rows.filter((r) => r.errors.length > 0),
        valid: 0,
        invalid: result.invalid,
      });
    } catch {
      // The catalogue message (e.g. 120024 beyond the limit) has been shown.
    } finally {
      setProgress(null);
    }
  }

  function downloadRejected() {
    if (!preview || !file) return;
    const csv = rejectedRowsCsv(preview.rows, t('import.row'), t('import.check'));
    const base = file.fileName.replace(/\.(xlsx|csv)$/i, '');
    // btoa takes bytes: the text goes through UTF-8 first (names and problems may be Chinese).
    const bytes = new TextEncoder().encode(`\uFEFF${csv}`);
    saveBase64(btoa(String.fromCharCode(...bytes)), `${base}-rejected.csv`, 'text/csv');
  }

  async function template(format: 'xlsx' | 'csv') {
    const file = await apiCall(importTemplateCall, { format });
    saveBase64(file.content, file.fileName, file.mimeType);
  }

  return (
    <Flex vertical gap={16} data-testid="import-page">
      <Card
        title={t('import.title')}
        extra={
          <Space>
            <Button icon={<DownloadOutlined />} onClick={() => template('xlsx')} data-testid="template-xlsx">
              {t('import.templateXlsx')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => template('csv')}>
              {t('import.templateCsv')}
            </Button>
          </Space>
        }
      >
        <Upload.Dragger
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={pick}
          data-testid="import-upload"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.rules')}</p>
        </Upload.Dragger>
        {progress && (
          <div data-testid="import-progress">
            <Progress percent={progress.percent} status="active" />
            {t(`import.stage.${progress.stage}`)}
          </div>
        )}
      </Card>
      {preview && file && (
        <Card
          title={t('import.preview', { fileName: file.fileName })}
          data-testid="import-preview"
          extra={
            <Button
              type="primary"
              disabled={preview.valid === 0}
              loading={progress?.stage === 'saving'}
              onClick={commit}
              data-testid="import-commit"
            >
              {t('import.commit', { count: preview.valid })}
            </Button>
          }
        >
          {saved !== null && (
            <Alert
              type="success"
              showIcon
              title={t('import.done', { count: saved })}
              style={{ marginBottom: 12 }}
              data-testid="import-saved"
            />
          )}
          {preview.invalid > 0 && (
            <Alert
              type={saved === null ? 'warning' : 'error'}
              showIcon
              title={t(saved === null ? 'import.fix' : 'import.rejected', { count: preview.invalid })}
              action={
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  onClick={downloadRejected}
                  data-testid="import-download-rejected"
                >
                  {t('import.downloadRejected')}
                </Button>
              }
              style={{ marginBottom: 12 }}
              data-testid="import-invalid"
            />
          )}
          <Table<ImportRowResult>
            size="small"
            rowKey="row"
            dataSource={preview.rows}
            locale={{ emptyText: <EmptyState description={t('import.noRows')} /> }}
            pagination={{ pageSize: 20 }}
            rowClassName={(row) => (row.errors.length ? 'import-row-error' : '')}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('import.row'), width: 70 },
              { key: 'sn', dataIndex: 'sn', title: t('field.sn') },
              { key: 'name', dataIndex: 'name', title: t('field.name') },
              { key: 'model', dataIndex: 'model', title: t('field.model') },
              { key: 'mac', dataIndex: 'mac', title: t('field.mac') },
              { key: 'imei', dataIndex: 'imei', title: t('field.imei') },
              {
                key: 'tags',
                dataIndex: 'tags',
                title: t('field.tags'),
                render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
              },
              {
                key: 'errors',
                dataIndex: 'errors',
                title: t('import.check'),
                render: (errors: string[], row) => (
                  <Flex vertical gap={2}>
                    {errors.length === 0 && <Tag color="green">{t('import.rowOk')}</Tag>}
                    {errors.map((e) => (
                      <Tag color="red" key={e}>
                        {e}
                      </Tag>
                    ))}
                    {(row.warnings ?? []).map((w) => (
                      <Tag color="orange" key={w}>
                        {w}
                      </Tag>
                    ))}
                  </Flex>
                ),
              },
            ]}
          />
        </Card>
      )}
      <Card title={t('snCheck.title')} size="small">
        <SnCheck />
      </Card>
    </Flex>
  );
}
