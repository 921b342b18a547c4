import {
  AddPackageVersionBodySchema,
  addPackageVersionCall,
  findSeries,
  PACKAGE_KINDS,
  PACKAGE_TARGETS,
  type PackageKind,
  type PackageTarget,
  SERIES,
  type SeriesId,
  type StoredFile,
} from '@fleetport/contract';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { CATALOGUE_CHANGES } from './app-centre-queries.ts';
import type { CatalogueMode } from './catalogue-mode.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { FileField } from './file-field.tsx';

/** What the dialog opens with: empty for a new package, a package's identity for its next version. */
export interface UploadPreset {
  kind?: PackageKind;
  name?: string;
  packageName?: string;
  series?: string;
  models?: string[];
}

interface UploadForm {
  kind: PackageKind;
  name: string;
  version: string;
  packageName: string;
  series: SeriesId;
  models: string[];
  file: StoredFile[];
  logo: StoredFile[];
  documents: StoredFile[];
  releaseNotes: string;
  target: PackageTarget;
  companyIds: number[];
}

const FIELDS = AddPackageVersionBodySchema.shape;

/**
 * Uploads a version: its files first (each checked and stored as it is picked), then the version that
 * names them. The Super Admin uploads firmware and apps with their target customers; a company its own
 * apps. A new version arrives unpublished.
 */
export function UploadDialog({
  mode,
  preset,
  onClose,
}: {
  mode: CatalogueMode;
  /** Null: closed. */
  preset: UploadPreset | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('appCentre');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadForm>();
  const series = Form.useWatch('series', form);
  const target = Form.useWatch('target', form);
  const open = preset !== null;
  const add = useCallMutation(addPackageVersionCall, {
    invalidates: CATALOGUE_CHANGES,
    onSuccess: (_out, input) => {
      message.success(t('form.saved', { version: input.version }));
      onClose();
    },
  });

  useEffect(() => {
    if (!preset) return;
    form.resetFields();
    form.setFieldsValue({
      kind: mode === 'platform' ? (preset.kind ?? 'firmware') : 'app',
      target: 'all',
      companyIds: [],
      file: [],
      logo: [],
      documents: [],
      releaseNotes: '',
      ...(preset.name ? { name: preset.name } : {}),
      ...(preset.packageName ? { packageName: preset.packageName } : {}),
      ...(preset.series ? { series: preset.series as SeriesId } : {}),
      ...(preset.models ? { models: preset.models } : {}),
    });
  }, [preset, mode, form]);

  const models = series ? (findSeries(series)?.models ?? []) : [];
  const fixedIdentity = Boolean(preset?.packageName);

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    // A refusal (160031, 160039 ...) is shown by the client; the dialog keeps what was typed.
    add.mutate({
      // A company uploads apps only; its form has no kind field (antd answers only the fields shown).
      kind: mode === 'platform' ? values.kind : 'app',
      name: values.name,
      version: values.version,
      packageName: values.packageName,
      series: values.series,
      models: values.models,
      fileId: values.file[0]!.fileId,
      logoFileId: values.logo[0]?.fileId ?? null,
      documentFileIds: values.documents.map((d) => d.fileId),
      releaseNotes: values.releaseNotes ?? '',
      ...(mode === 'platform'
        ? {
            target: {
              kind: values.target,
              companyIds: values.target === 'companies' ? values.companyIds : [],
            },
          }
        : {}),
    });
  }

  const required = (text: string) => ({ required: true, message: text });
  const fileRequired = {
    validator: async (_rule: unknown, files: StoredFile[] | undefined) => {
      if (!files?.length) throw new Error(t('form.fileRequired'));
    },
  };

  return (
    <Modal
      open={open}
      title={mode === 'platform' ? t('form.title') : t('form.titleApp')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={add.isPending}
      width={680}
      destroyOnHidden
    >
      <Form<UploadForm> form={form} layout="vertical" data-testid="package-form">
        {mode === 'platform' && (
          <Form.Item name="kind" label={t('form.kind')}>
            <Radio.Group
              disabled={fixedIdentity}
              options={PACKAGE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('form.name')} rules={[schemaRule(FIELDS.name, lang, t('form.name'))]}>
          <Input data-testid="package-name" />
        </Form.Item>
        <Form.Item
          name="packageName"
          label={t('form.packageName')}
          extra={t('form.packageNameHint')}
          rules={[schemaRule(FIELDS.packageName, lang, t('form.packageName'))]}
        >
          <Input disabled={fixedIdentity} data-testid="package-package-name" />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('form.version')}
          extra={t('form.versionHint')}
          rules={[schemaRule(FIELDS.version, lang, t('form.version'))]}
        >
          <Input data-testid="package-version" />
        </Form.Item>
        <Form.Item name="series" label={t('form.series')} rules={[required(t('form.series'))]}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={fixedIdentity}
            options={SERIES.map((s) => ({ value: s.id, label: s.name }))}
            onChange={() => form.setFieldValue('models', [])}
            data-testid="package-series"
          />
        </Form.Item>
        <Form.Item
          name="models"
          label={t('form.models')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.modelsRequired') }]}
        >
          <Select
            mode="multiple"
            options={models.map((m) => ({ value: m, label: m }))}
            data-testid="package-models"
          />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('form.file')}
          extra={t('form.fileHint')}
          rules={[fileRequired]}
          valuePropName="value"
        >
          <FileField kind="firmware" testId="package-file" />
        </Form.Item>
        <Form.Item name="logo" label={t('form.logo')} extra={t('form.logoHint')}>
          <FileField kind="packageLogo" testId="package-logo" />
        </Form.Item>
        <Form.Item name="documents" label={t('form.documents')} extra={t('form.documentsHint')}>
          <FileField kind="documentation" testId="package-documents" />
        </Form.Item>
        <Form.Item
          name="releaseNotes"
          label={t('form.releaseNotes')}
          rules={[schemaRule(FIELDS.releaseNotes, lang, t('form.releaseNotes'))]}
        >
          <Input.TextArea rows={4} data-testid="package-release-notes" />
        </Form.Item>
        {mode === 'platform' && (
          <Form.Item name="target" label={t('form.target')}>
            <Radio.Group
              options={PACKAGE_TARGETS.map((k) => ({ value: k, label: t(`targets.${k}`) }))}
              data-testid="package-target"
            />
          </Form.Item>
        )}
        {mode === 'platform' && target === 'companies' && (
          <Form.Item
            name="companyIds"
            label={t('form.companies')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.companiesRequired') }]}
          >
            <CompanyPicker />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
