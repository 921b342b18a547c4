import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type ImportRowResult, importDevicesCall, importTemplateCall } from '@fleetport/contract';
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
  const [progress, setProgress] = useState<{
    percent: number;
    stage: 'reading' | 'checking' | 'saving';
  } | null>(null);

  async function pick(raw: File) {
    setPreview(null);
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
      navigate('/robustlink/devices/allDevices');
    } catch {
      // The catalogue message (e.g. 120024 beyond the limit) has been shown.
    } finally {
      setProgress(null);
    }
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
              disabled={preview.invalid > 0 || preview.valid === 0}
              loading={progress?.stage === 'saving'}
              onClick={commit}
              data-testid="import-commit"
            >
              {t('import.commit', { count: preview.valid })}
            </Button>
          }
        >
          {preview.invalid > 0 && (
            <Alert
              type="error"
              showIcon
              title={t('import.fix', { count: preview.invalid })}
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
                render: (errors: string[]) =>
                  errors.length ? (
                    <Flex vertical>
                      {errors.map((e) => (
                        <Tag color="red" key={e}>
                          {e}
                        </Tag>
                      ))}
                    </Flex>
                  ) : (
                    <Tag color="green">{t('import.rowOk')}</Tag>
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
