import {
  createIotConnectorCall,
  IOT_CONNECTOR_KINDS,
  IOT_CONNECTOR_NAME_MAX,
  type IotConnector,
  type IotConnectorKind,
  updateIotConnectorCall,
} from '@fleetport/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { IOT_CONNECTOR_KEYS } from './iot-connector-queries.ts';

interface ConnectorForm {
  name: string;
  kind: IotConnectorKind;
  applicationUrl: string;
  idScope?: string;
  template?: string;
  interfaceId?: string;
  tokenName: string;
  token?: string;
}

const orNull = (value: string | undefined) => value?.trim() || null;

/**
 * Adding or editing a connector: the Azure IoT Central fields show for that kind; the saved token never
 * comes back (its mask is the placeholder) and an empty token field keeps it. The server asks the
 * application once before it saves, so its refusals (600003-600007) come back as the catalogue says.
 */
export function ConnectorFormDialog({
  connector,
  onClose,
}: {
  /** null: a new connector. */
  connector: IotConnector | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('iotConnector');
  const { message } = App.useApp();
  const [form] = Form.useForm<ConnectorForm>();
  const kind = Form.useWatch('kind', form);
  const invalidates = [
    IOT_CONNECTOR_KEYS.list,
    ...(connector ? [IOT_CONNECTOR_KEYS.one(connector.connectorId)] : []),
  ];
  const done = () => {
    message.success(t('saved'));
    onClose();
  };
  const create = useCallMutation(createIotConnectorCall, { invalidates, onSuccess: done });
  const update = useCallMutation(updateIotConnectorCall, { invalidates, onSuccess: done });

  useEffect(() => {
    form.setFieldsValue(
      connector
        ? {
            name: connector.name,
            kind: connector.kind,
            applicationUrl: connector.applicationUrl,
            idScope: connector.idScope ?? '',
            template: connector.template ?? '',
            interfaceId: connector.interfaceId ?? '',
            tokenName: connector.tokenName,
            token: '',
          }
        : { kind: 'https', tokenName: 'Authorization' },
    );
  }, [connector, form]);

  async function submit() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const fields = {
      name: values.name.trim(),
      kind: values.kind,
      applicationUrl: values.applicationUrl.trim(),
      idScope: values.kind === 'azureIotCentral' ? orNull(values.idScope) : null,
      template: orNull(values.template),
      interfaceId: orNull(values.interfaceId),
      tokenName: values.tokenName.trim(),
    };
    if (connector)
      update.mutate({ ...fields, connectorId: connector.connectorId, token: orNull(values.token) });
    else create.mutate({ ...fields, token: values.token ?? '' });
  }

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('form.required', { field }),
  });

  return (
    <Modal
      open
      title={connector ? t('form.editTitle') : t('form.createTitle')}
      onCancel={onClose}
      onOk={submit}
      okButtonProps={
        { loading: create.isPending || update.isPending, 'data-testid': 'connector-save' } as never
      }
      destroyOnHidden
    >
      <Form<ConnectorForm> form={form} layout="vertical">
        <Form.Item name="name" label={t('form.name')} rules={[required(t('form.name'))]}>
          <Input maxLength={IOT_CONNECTOR_NAME_MAX} data-testid="connector-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('form.kind')}>
          <Select
            data-testid="connector-kind"
            options={IOT_CONNECTOR_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="applicationUrl"
          label={t('form.applicationUrl')}
          rules={[required(t('form.applicationUrl'))]}
        >
          <Input placeholder={t('form.applicationUrlHint')} translate="no" data-testid="connector-url" />
        </Form.Item>
        {kind === 'azureIotCentral' ? (
          <Form.Item name="idScope" label={t('form.idScope')} rules={[required(t('form.idScope'))]}>
            <Input translate="no" placeholder="0ne00000000" data-testid="connector-id-scope" />
          </Form.Item>
        ) : null}
        <Form.Item name="template" label={t('form.template')}>
          <Input translate="no" data-testid="connector-template" />
        </Form.Item>
        <Form.Item name="interfaceId" label={t('form.interfaceId')}>
          <Input translate="no" data-testid="connector-interface" />
        </Form.Item>
        <Form.Item name="tokenName" label={t('form.tokenName')} rules={[required(t('form.tokenName'))]}>
          <Input translate="no" data-testid="connector-token-name" />
        </Form.Item>
        <Form.Item
          name="token"
          label={t('form.token')}
          extra={connector ? t('form.tokenKeep') : undefined}
          rules={connector ? [] : [required(t('form.token'))]}
        >
          <Input.Password
            autoComplete="new-password"
            placeholder={connector?.tokenMask}
            data-testid="connector-token"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
