import {
  ClientNameSchema,
  OPEN_API_INTERFACES,
  OPEN_API_SCOPE_PRESETS,
  OPEN_API_SCOPES,
  type OpenApiClient,
  type OpenApiScope,
  TotpCodeSchema,
} from '@fleetport/contract';
import { Checkbox, Form, Input, Modal, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { codeNeeded, useCreateClient, useUpdateClient } from './open-api-queries.ts';

type Preset = keyof typeof OPEN_API_SCOPE_PRESETS | 'custom';

interface FormValues {
  name: string;
  isAdmin: boolean;
  preset: Preset;
  scopes: OpenApiScope[];
  allInterfaces: boolean;
  interfaces: string[];
  enabled: boolean;
  /** Asked once the server answers 610031 (the creator has two-factor sign-in on). */
  twoFactorCode?: string;
}

function presetOf(scopes: readonly string[]): Preset {
  for (const [name, list] of Object.entries(OPEN_API_SCOPE_PRESETS))
    if (list.length === scopes.length && list.every((s) => scopes.includes(s))) return name as Preset;
  return 'custom';
}

/** Create or edit a client; a new client's secret goes to `onSecret`, shown once. */
export function ClientDialog({
  client,
  onClose,
  onSecret,
}: {
  /** The client edited; null creates one. */
  client: OpenApiClient | null;
  onClose: () => void;
  onSecret: (clientId: string, secret: string) => void;
}) {
  const { t } = useTranslation('openApi');
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const [askCode, setAskCode] = useState(false);
  const create = useCreateClient(
    (made) => {
      onSecret(made.client.clientId, made.clientSecret);
      onClose();
    },
    (error) => {
      if (codeNeeded(error)) setAskCode(true);
    },
  );
  const update = useUpdateClient(onClose);
  const preset = Form.useWatch('preset', form);
  const all = Form.useWatch('allInterfaces', form);
  const initial: FormValues = client
    ? { ...client, preset: presetOf(client.scopes) }
    : {
        name: '',
        isAdmin: false,
        preset: 'readOnly',
        scopes: [...OPEN_API_SCOPE_PRESETS.readOnly],
        allInterfaces: true,
        interfaces: [],
        enabled: true,
      };
  const save = (values: FormValues) => {
    const { preset: chosen, twoFactorCode, ...rest } = values;
    const scopes = chosen === 'custom' ? rest.scopes : [...OPEN_API_SCOPE_PRESETS[chosen]];
    const input = { ...rest, scopes, interfaces: rest.allInterfaces ? [] : rest.interfaces };
    if (client) update.mutate({ ...input, id: client.id });
    else create.mutate(twoFactorCode ? { ...input, twoFactorCode } : input);
  };
  return (
    <Modal
      open
      title={client ? t('edit') : t('create')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} data-testid="client-form">
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[schemaRule(ClientNameSchema, lang, t('form.name'))]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="preset" label={t('form.preset')}>
          <Radio.Group>
            {(['readOnly', 'devicesOnly', 'custom'] as const).map((p) => (
              <Radio key={p} value={p}>
                {t(`form.presets.${p}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {preset === 'custom' && (
          <Form.Item
            name="scopes"
            label={t('form.scopes')}
            rules={[{ required: true, message: t('form.scopes') }]}
          >
            <Checkbox.Group
              options={OPEN_API_SCOPES.map((s) => ({ value: s, label: <span translate="no">{s}</span> }))}
            />
          </Form.Item>
        )}
        <Form.Item name="allInterfaces" label={t('form.allInterfaces')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!all && (
          <Form.Item
            name="interfaces"
            label={t('form.interfaces')}
            rules={[{ required: true, message: t('form.interfaces') }]}
          >
            <Select
              mode="multiple"
              options={OPEN_API_INTERFACES.map((i) => ({
                value: i.id,
                label: `${i.id} · ${i.summary[lang]}`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="isAdmin" label={t('form.isAdmin')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {askCode && (
          <Form.Item
            name="twoFactorCode"
            label={t('form.twoFactorCode')}
            rules={[schemaRule(TotpCodeSchema, lang, t('form.twoFactorCode'))]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
          </Form.Item>
        )}
        <Typography.Text type="secondary" />
      </Form>
    </Modal>
  );
}
