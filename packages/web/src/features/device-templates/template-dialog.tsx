import {
  checkFile,
  createTemplateCall,
  DEVICE_MODEL_TYPES,
  type DeviceModelType,
  type DeviceTemplate,
  findSeries,
  formatBytes,
  getProvisioningCall,
  getTemplatesCall,
  listPackagesCall,
  type PackageKind,
  ruleText,
  SERIES,
  type SeriesId,
  type StoredFile,
  TemplateNameSchema,
  UPLOAD_KINDS,
  updateTemplateCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Switch, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { uploadFile } from '../../api/upload-file.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';

interface TemplateForm {
  name: string;
  series: SeriesId;
  type: DeviceModelType;
  models: string[];
  firmwareVersionId?: number;
  appVersionIds: number[];
  enabled: boolean;
}

/** Query keys of the templates area; the list kit keeps each list's pages under its call id. */
export const templateKeys = {
  list: [getTemplatesCall.id] as const,
  provisioning: [getProvisioningCall.id] as const,
  packages: (series: string, kind: PackageKind) => [listPackagesCall.id, 'template', series, kind] as const,
};

/** The latest version of each firmware or app of the series the company sees: what a template can name. */
function usePackageOptions(series: SeriesId | undefined, kind: PackageKind) {
  return useQuery({
    queryKey: templateKeys.packages(series ?? '', kind),
    queryFn: () => apiCall(listPackagesCall, { series, kind, pageNum: 1, pageSize: 100 }),
    enabled: Boolean(series),
    select: (page) =>
      page.list.map((p) => ({ value: p.latestVersionId, label: `${p.name} ${p.latestVersion}` })),
  });
}

/** The configuration file: checked by the contract's rule here, then uploaded at once (kind configXml). */
function ConfigFile({
  value,
  onChange,
}: {
  value: StoredFile | { name: string; size: number } | null;
  onChange: (file: StoredFile | null) => void;
}) {
  const { t } = useTranslation('deviceTemplates');
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { rule } = UPLOAD_KINDS.configXml;

  async function pick(file: File) {
    setError(null);
    const broken = checkFile({ name: file.name, size: file.size }, rule);
    if (broken) {
      setError(ruleText(broken, lang));
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadFile('configXml', file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space orientation="vertical" size={4}>
      {value && (
        <Space data-testid="template-config-file">
          <Typography.Text>{value.name}</Typography.Text>
          <Typography.Text type="secondary">{formatBytes(value.size)}</Typography.Text>
          <Button size="small" type="link" onClick={() => onChange(null)}>
            {t('form.remove')}
          </Button>
        </Space>
      )}
      {!value && (
        <Upload
          accept={rule.types?.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button loading={busy} data-testid="template-config-pick">
            {busy ? t('form.uploading') : t('form.choose')}
          </Button>
        </Upload>
      )}
      {error && (
        <Typography.Text type="danger" data-testid="template-config-error">
          {error}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Creates or edits a template. The name follows the contract's rule (the server's 190610 and 190607
 * come back through the client); at least one of firmware, apps or configuration is asked for here
 * before anything is sent.
 */
export function TemplateDialog({
  template,
  onClose,
}: {
  /** Null: closed; 'new': a new template. */
  template: DeviceTemplate | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('deviceTemplates');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<TemplateForm>();
  const series = Form.useWatch('series', form);
  const editing = template !== null && template !== 'new' ? template : null;
  // The stored configuration (kept unless changed), a new upload, or none.
  const [config, setConfig] = useState<StoredFile | { name: string; size: number } | null>(null);
  const [emptyError, setEmptyError] = useState(false);
  const firmware = usePackageOptions(series, 'firmware');
  const apps = usePackageOptions(series, 'app');
  const saved = {
    invalidates: [templateKeys.list],
    onSuccess: (out: DeviceTemplate) => {
      message.success(t('form.saved', { name: out.name }));
      onClose();
    },
  };
  const create = useCallMutation(createTemplateCall, saved);
  const update = useCallMutation(updateTemplateCall, saved);

  useEffect(() => {
    if (template === null) return;
    form.resetFields();
    setEmptyError(false);
    if (template === 'new') {
      setConfig(null);
      form.setFieldsValue({ type: 'DIRECT', models: [], appVersionIds: [], enabled: true });
      return;
    }
    setConfig(
      template.configuration
        ? { name: template.configuration.fileName, size: template.configuration.size }
        : null,
    );
    form.setFieldsValue({
      name: template.name,
      series: template.series as SeriesId,
      type: template.type,
      models: template.models,
      ...(template.firmware ? { firmwareVersionId: template.firmware.versionId } : {}),
      appVersionIds: template.apps.map((a) => a.versionId),
      enabled: template.enabled,
    });
  }, [template, form]);

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const firmwareVersionId = values.firmwareVersionId ?? null;
    if (firmwareVersionId === null && values.appVersionIds.length === 0 && !config) {
      setEmptyError(true);
      return;
    }
    const body = {
      name: values.name,
      series: values.series,
      type: values.type,
      models: values.models,
      firmwareVersionId,
      appVersionIds: values.appVersionIds,
      enabled: values.enabled,
    };
    const uploaded = config && 'fileId' in config ? config.fileId : null;
    if (!editing) {
      create.mutate({ ...body, configFileId: uploaded });
      return;
    }
    update.mutate({
      templateId: editing.templateId,
      ...body,
      // Absent: the stored configuration stays; null: it goes.
      ...(uploaded !== null ? { configFileId: uploaded } : config ? {} : { configFileId: null }),
    });
  }

  const models = series ? (findSeries(series)?.models ?? []) : [];
  return (
    <Modal
      open={template !== null}
      title={editing ? t('form.editTitle', { name: editing.name }) : t('form.createTitle')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={create.isPending || update.isPending}
      width={640}
      destroyOnHidden
    >
      <Form<TemplateForm> form={form} layout="vertical" data-testid="template-form">
        <Form.Item
          name="name"
          label={t('form.name')}
          extra={t('form.nameHint')}
          rules={[schemaRule(TemplateNameSchema, lang, t('form.name'))]}
        >
          <Input data-testid="template-name" />
        </Form.Item>
        <Form.Item
          name="series"
          label={t('form.series')}
          rules={[{ required: true, message: t('form.seriesRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            options={SERIES.map((s) => ({ value: s.id, label: s.name }))}
            onChange={() =>
              form.setFieldsValue({ models: [], firmwareVersionId: undefined, appVersionIds: [] })
            }
            data-testid="template-series"
          />
        </Form.Item>
        <Form.Item name="type" label={t('form.type')}>
          <Radio.Group options={DEVICE_MODEL_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) }))} />
        </Form.Item>
        <Form.Item name="models" label={t('form.models')} extra={t('form.modelsHint')}>
          <Select
            mode="multiple"
            options={models.map((m) => ({ value: m, label: m }))}
            data-testid="template-models"
          />
        </Form.Item>
        <Form.Item name="firmwareVersionId" label={t('form.firmware')} extra={t('form.firmwareHint')}>
          <Select
            allowClear
            options={firmware.data ?? []}
            loading={firmware.isLoading}
            data-testid="template-firmware"
          />
        </Form.Item>
        <Form.Item name="appVersionIds" label={t('form.apps')} extra={t('form.appsHint')}>
          <Select
            mode="multiple"
            options={apps.data ?? []}
            loading={apps.isLoading}
            data-testid="template-apps"
          />
        </Form.Item>
        <Form.Item label={t('form.configuration')} extra={t('form.configurationHint')}>
          <ConfigFile value={config} onChange={setConfig} />
        </Form.Item>
        <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
          <Switch data-testid="template-enabled" />
        </Form.Item>
        {emptyError && (
          <Typography.Text type="danger" data-testid="template-empty">
            {t('form.empty')}
          </Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
