import {
  addSowTemplateCall,
  type CallInput,
  checkFile,
  ErrorCode,
  errorMessage,
  formatBytes,
  ruleText,
  SOW_FILE_NAME,
  SOW_LABEL_TEXT,
  SOW_SIM_SUPPLIES,
  type SowTemplate,
  UPLOAD_KINDS,
  updateSowTemplateCall,
} from '@fleetport/contract';
import { App, Button, Divider, Form, Input, Modal, Select, Space, Switch, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../api/upload-file.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { useLang } from '../../app/use-lang.ts';
import { INSTALLER_KEYS } from './installer-licence.ts';

type Values = CallInput<typeof addSowTemplateCall>;
type ConfigFile = { fileId: number; name: string; size: number } | null;

const EMPTY: Values = {
  name: '',
  productModel: '',
  firmwareVersion: '',
  applications: [],
  registeredOnPlatform: false,
  platformId: null,
  simInserted: false,
  simSupply: 'customer',
  thirdPartyAntenna: false,
  antennaDetails: null,
  customProductLabel: false,
  productLabelContent: null,
  customBoxLabel: false,
  boxLabelContent: null,
  routerTestProcess: '',
  otherInstructions: '',
  configFileId: null,
};

/** The router configuration file: the contract's file rules checked here, then uploaded (kind configXml). */
function ConfigFilePick({ value, onChange }: { value: ConfigFile; onChange: (file: ConfigFile) => void }) {
  const { t } = useTranslation('installerConsole');
  const lang = useLang();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { rule } = UPLOAD_KINDS.configXml;
  async function pick(file: File) {
    setError(null);
    const broken = checkFile({ name: file.name, size: file.size }, rule);
    if (broken) return setError(ruleText(broken, lang));
    if (!SOW_FILE_NAME.test(file.name))
      return setError(errorMessage(ErrorCode.SOW_FILE_NAME, lang, { field: t('sow.form.configFile') }));
    setBusy(true);
    try {
      const stored = await uploadFile('configXml', file);
      onChange({ fileId: stored.fileId, name: stored.name, size: stored.size });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Space orientation="vertical" size={4}>
      {value ? (
        <Space data-testid="sow-config-file">
          <Typography.Text translate="no">{value.name}</Typography.Text>
          <Typography.Text type="secondary">{formatBytes(value.size)}</Typography.Text>
          <Button size="small" type="link" onClick={() => onChange(null)}>
            {t('sow.form.removeFile')}
          </Button>
        </Space>
      ) : (
        <Upload
          accept={rule.types?.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button loading={busy} data-testid="sow-config-pick">
            {busy ? t('sow.form.uploading') : t('sow.form.choose')}
          </Button>
        </Upload>
      )}
      {error ? (
        <Typography.Text type="danger" data-testid="sow-config-error">
          {error}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * Creates or edits a SOW template in its three sections. Required fields and the label and file rules
 * are checked as the user types, with the server's words; a switched-on option asks for its details.
 */
export function SowDialog({ template, onClose }: { template: SowTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('installerConsole');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [configFile, setConfigFile] = useState<ConfigFile>(template?.configFile ?? null);
  const add = useCallMutation(addSowTemplateCall, { invalidates: [INSTALLER_KEYS.all] });
  const update = useCallMutation(updateSowTemplateCall, { invalidates: [INSTALLER_KEYS.all] });
  const registered = Form.useWatch('registeredOnPlatform', form);
  const antenna = Form.useWatch('thirdPartyAntenna', form);
  const productLabel = Form.useWatch('customProductLabel', form);
  const boxLabel = Form.useWatch('customBoxLabel', form);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: ruleText('required', lang, { name: label }),
  });
  const ascii = (field: string) => ({
    validator: async (_: unknown, value: string | null) => {
      if (value && !SOW_LABEL_TEXT.test(value))
        throw new Error(errorMessage(ErrorCode.SOW_LABEL_NOT_ASCII, lang, { field }));
    },
  });

  async function save(values: Values) {
    const body = { ...EMPTY, ...values, configFileId: configFile?.fileId ?? null };
    const saved = template
      ? await update.mutateAsync({ ...body, sowId: template.sowId })
      : await add.mutateAsync(body);
    void message.success(t('sow.saved', { name: saved.name }));
    onClose();
  }

  const initial: Values = template ? { ...EMPTY, ...template } : EMPTY;
  return (
    <Modal
      open
      width={720}
      title={template ? t('sow.form.editTitle') : t('sow.form.createTitle')}
      okText={t('sow.form.save')}
      cancelText={t('sow.form.cancel')}
      confirmLoading={add.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'sow-save' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save(v).catch(() => {})}>
        <Divider titlePlacement="start">{t('sow.form.basic')}</Divider>
        <Form.Item name="name" label={t('sow.form.name')} rules={[required(t('sow.form.name'))]}>
          <Input data-testid="sow-name" maxLength={64} />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="productModel"
            label={t('sow.form.productModel')}
            rules={[required(t('sow.form.productModel'))]}
          >
            <Input data-testid="sow-model" maxLength={64} translate="no" />
          </Form.Item>
          <Form.Item
            name="firmwareVersion"
            label={t('sow.form.firmwareVersion')}
            rules={[required(t('sow.form.firmwareVersion'))]}
          >
            <Input data-testid="sow-firmware" maxLength={32} translate="no" />
          </Form.Item>
        </Space>
        <Form.Item label={t('sow.form.applications')}>
          <Form.List name="applications">
            {(fields, { add: addApp, remove }) => (
              <Space orientation="vertical">
                {fields.map((field) => (
                  <Space key={field.key}>
                    <Form.Item name={[field.name, 'name']} rules={[required(t('sow.form.appName'))]} noStyle>
                      <Input placeholder={t('sow.form.appName')} maxLength={64} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'version']}
                      rules={[required(t('sow.form.appVersion'))]}
                      noStyle
                    >
                      <Input placeholder={t('sow.form.appVersion')} maxLength={32} />
                    </Form.Item>
                    <Button type="link" onClick={() => remove(field.name)}>
                      {t('sow.form.removeFile')}
                    </Button>
                  </Space>
                ))}
                {fields.length < 20 ? (
                  <Button onClick={() => addApp({ name: '', version: '' })}>{t('sow.form.addApp')}</Button>
                ) : null}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="registeredOnPlatform"
            label={t('sow.form.registeredOnPlatform')}
            valuePropName="checked"
          >
            <Switch data-testid="sow-registered" />
          </Form.Item>
          {registered ? (
            <Form.Item
              name="platformId"
              label={t('sow.form.platformId')}
              rules={[required(t('sow.form.platformId'))]}
            >
              <Input data-testid="sow-platform-id" maxLength={64} />
            </Form.Item>
          ) : null}
        </Space>

        <Divider titlePlacement="start">{t('sow.form.sim')}</Divider>
        <Space wrap>
          <Form.Item name="simInserted" label={t('sow.form.simInserted')} valuePropName="checked">
            <Switch data-testid="sow-sim-inserted" />
          </Form.Item>
          <Form.Item name="simSupply" label={t('sow.form.simSupply')}>
            <Select
              style={{ width: 180 }}
              options={SOW_SIM_SUPPLIES.map((s) => ({ value: s, label: t(`sow.supply.${s}`) }))}
            />
          </Form.Item>
        </Space>

        <Divider titlePlacement="start">{t('sow.form.router')}</Divider>
        <Form.Item name="thirdPartyAntenna" label={t('sow.form.thirdPartyAntenna')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {antenna ? (
          <Form.Item
            name="antennaDetails"
            label={t('sow.form.antennaDetails')}
            rules={[required(t('sow.form.antennaDetails'))]}
          >
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        ) : null}
        <Form.Item name="customProductLabel" label={t('sow.form.customProductLabel')} valuePropName="checked">
          <Switch data-testid="sow-product-label" />
        </Form.Item>
        {productLabel ? (
          <Form.Item
            name="productLabelContent"
            label={t('sow.form.productLabelContent')}
            extra={t('sow.form.asciiOnly')}
            rules={[required(t('sow.form.productLabelContent')), ascii(t('sow.form.productLabelContent'))]}
          >
            <Input.TextArea data-testid="sow-product-label-content" maxLength={500} rows={2} />
          </Form.Item>
        ) : null}
        <Form.Item name="customBoxLabel" label={t('sow.form.customBoxLabel')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {boxLabel ? (
          <Form.Item
            name="boxLabelContent"
            label={t('sow.form.boxLabelContent')}
            extra={t('sow.form.asciiOnly')}
            rules={[required(t('sow.form.boxLabelContent')), ascii(t('sow.form.boxLabelContent'))]}
          >
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        ) : null}
        <Form.Item name="routerTestProcess" label={t('sow.form.routerTestProcess')}>
          <Input.TextArea maxLength={2000} rows={3} />
        </Form.Item>
        <Form.Item name="otherInstructions" label={t('sow.form.otherInstructions')}>
          <Input.TextArea maxLength={2000} rows={2} />
        </Form.Item>
        <Form.Item label={t('sow.form.configFile')} extra={t('sow.form.configHelp')}>
          <ConfigFilePick value={configFile} onChange={setConfigFile} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
