import { InboxOutlined } from '@ant-design/icons';
import { type CallOutput, importPointTableCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { readAsBase64 } from '../devices/file-transfer.ts';
import { DETAILS_PATH, POINT_TABLE_KEYS } from './point-tables-queries.ts';

type Preview = CallOutput<typeof importPointTableCall>;

/**
 * Importing a point table from .xlsx (the layout `export` writes): the file is checked first and each
 * row shown with its problems; it is saved only when none has one.
 */
export function PointTableImport({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pointTables');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ fileName: string; content: string } | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  async function pick(picked: File) {
    const chosen = { fileName: picked.name, content: await readAsBase64(picked) };
    setFile(chosen);
    setPreview(null);
    setBusy(true);
    try {
      setPreview(await apiCall(importPointTableCall, { ...chosen, commit: false }));
    } catch {
      // The catalogue message (code 1 naming the file) has been shown.
    } finally {
      setBusy(false);
    }
    return false;
  }

  async function save() {
    if (!file) return;
    setBusy(true);
    try {
      const result = await apiCall(importPointTableCall, { ...file, commit: true });
      setPreview(result);
      if (result.saved) {
        void message.success(t('import.saved', { name: result.saved.name }));
        void queryClient.invalidateQueries({ queryKey: POINT_TABLE_KEYS.list });
        close();
        navigate(DETAILS_PATH(result.saved.pointTableId));
      }
    } catch {
      // 900001 and the like: the catalogue message has been shown.
    } finally {
      setBusy(false);
    }
  }

  function close() {
    setFile(null);
    setPreview(null);
    onClose();
  }

  const clean = preview !== null && preview.invalid === 0 && preview.tableProblems.length === 0;
  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={close}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('import.cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={!clean}
          loading={busy}
          onClick={save}
          data-testid="point-table-import-save"
        >
          {t('import.save')}
        </Button>,
      ]}
    >
      <Upload.Dragger
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={pick}
        data-testid="point-table-import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('import.drop')}</p>
      </Upload.Dragger>
      {preview && (
        <div data-testid="point-table-import-preview" style={{ marginTop: 16 }}>
          <Alert
            type={clean ? 'success' : 'error'}
            showIcon
            message={
              clean
                ? t('import.ready', { name: preview.name, count: preview.rows.length })
                : t('import.problems', { count: preview.invalid + preview.tableProblems.length })
            }
            description={preview.tableProblems.map((p) => `${p.field}: ${p.message}`).join('; ') || undefined}
          />
          <Table
            size="small"
            rowKey="row"
            pagination={false}
            style={{ marginTop: 8 }}
            dataSource={preview.rows}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('import.row'), width: 70 },
              {
                key: 'name',
                dataIndex: 'name',
                title: t('columns.name'),
                render: (name: string) => <span translate="no">{name}</span>,
              },
              {
                key: 'problems',
                title: t('import.check'),
                render: (_: unknown, r: Preview['rows'][number]) =>
                  r.problems.length === 0 ? (
                    <Tag color="success">{t('import.ok')}</Tag>
                  ) : (
                    r.problems.map((p) => (
                      <div key={p.field}>
                        <Tag color="error">{p.field}</Tag>
                        {p.message}
                      </div>
                    ))
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
