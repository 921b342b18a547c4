import { DownloadOutlined } from '@ant-design/icons';
import {
  type CallDef,
  type CallInput,
  EXPORT_FILE_NAME_PATTERN,
  EXPORT_MAX_RECORDS,
  EXPORT_WARN_RECORDS,
  type ExportColumnDef,
} from '@fleetport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Can } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EXPORT_KEYS, EXPORT_RECORDS_PATH, startListExport } from './api.ts';

export interface ExportButtonProps<C extends CallDef> {
  /** The list's export call (its `forwardExport` path). */
  call: C;
  /** The list's current filter, without paging. */
  filter: object;
  /** What the list shows as its total for the filter; `capped` when the list only says "more". */
  total: number;
  capped?: boolean;
  columns: readonly ExportColumnDef[];
  fileNamePrefix: string;
  /** `visibleModule`: the console page the export comes from. */
  module: string;
  funCode: string;
}

interface Values {
  fileNamePrefix: string;
  fields: string[];
}

/**
 * The export button of a list page and its dialog: the file name, the columns, and over 1000 matching
 * records a warning first (core §9). Posts the list's filter; the file is written in the background.
 */
export function ExportButton<C extends CallDef>(props: ExportButtonProps<C>) {
  const { t } = useTranslation('exports');
  const lang = useLang();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const many = props.capped || props.total > EXPORT_WARN_RECORDS;
  const start = useMutation({
    mutationFn: (values: Values) =>
      startListExport(
        props.call,
        {
          fileNamePrefix: values.fileNamePrefix.trim(),
          exportType: 'EXCEL',
          exportConfig: { columns: values.fields.map((field) => ({ field })) },
          dataSourceType: 'TABLE',
          dataSourceConfig: { filterParams: props.filter },
        } as CallInput<C>,
        props.module,
      ),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.records });
      notification.success({
        message: t('dialog.started'),
        btn: (
          <Button
            size="small"
            data-testid="open-export-records"
            onClick={() => {
              notification.destroy();
              navigate(EXPORT_RECORDS_PATH);
            }}
          >
            {t('dialog.open')}
          </Button>
        ),
      });
    },
  });

  return (
    <Can funCode={props.funCode}>
      <Button
        icon={<DownloadOutlined />}
        disabled={props.total === 0}
        onClick={() => setOpen(true)}
        data-testid="export-open"
      >
        {t('button')}
      </Button>
      <Modal
        open={open}
        title={t('dialog.title')}
        okText={t('dialog.start')}
        confirmLoading={start.isPending}
        okButtonProps={{ 'data-testid': 'export-start' } as never}
        onOk={() => form.validateFields().then((values) => start.mutate(values))}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {many && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="export-many"
            message={t(props.capped ? 'dialog.manyCapped' : 'dialog.many', {
              warn: EXPORT_WARN_RECORDS,
              total: props.total,
              max: EXPORT_MAX_RECORDS,
            })}
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ fileNamePrefix: props.fileNamePrefix, fields: props.columns.map((c) => c.field) }}
        >
          <Form.Item
            name="fileNamePrefix"
            label={t('dialog.fileNamePrefix')}
            rules={[{ required: true, whitespace: true, max: 64, pattern: EXPORT_FILE_NAME_PATTERN }]}
          >
            <Input data-testid="export-file-name" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="fields"
            label={t('dialog.columns')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Checkbox.Group
              data-testid="export-columns"
              options={props.columns.map((c) => ({ value: c.field, label: c.header[lang] }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Can>
  );
}
