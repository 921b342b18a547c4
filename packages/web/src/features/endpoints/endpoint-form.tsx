import {
  createEndpointCall,
  type Endpoint,
  listSimpleProductsCall,
  POINT_CONNECTION_TYPES,
  type PointConnectionType,
  updateEndpointCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { ENDPOINT_KEYS } from './endpoints-queries.ts';

interface Fields {
  endpointId: string;
  name: string;
  description: string;
  modelId: number;
  gatewaySn: string;
  connectionMethod?: PointConnectionType;
  targetVersion: string;
}

/** Adding an endpoint (`endpoint` null) or editing one: its ID stays once added. */
export function EndpointForm({ endpoint, onClose }: { endpoint: Endpoint | null; onClose: () => void }) {
  const { t } = useTranslation('endpoints');
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const productList = useQuery({
    queryKey: ['products', 'simple', 'published'],
    queryFn: () => apiCall(listSimpleProductsCall, { published: 1 }),
  });
  const done = () => {
    void message.success(t('saved'));
    onClose();
  };
  const invalidates = [ENDPOINT_KEYS.all, ['products']];
  const create = useCallMutation(createEndpointCall, { invalidates, onSuccess: done });
  const update = useCallMutation(updateEndpointCall, { invalidates, onSuccess: done });
  const submit = (values: Fields) => {
    const common = {
      name: values.name,
      description: values.description ?? '',
      modelId: values.modelId,
      gatewaySn: values.gatewaySn,
      targetVersion: values.targetVersion ?? '',
      ...(values.connectionMethod ? { connectionMethod: values.connectionMethod } : {}),
    };
    if (endpoint) update.mutate({ thingId: endpoint.thingId, ...common });
    else create.mutate({ endpointId: values.endpointId, ...common });
  };
  return (
    <Modal
      open
      title={endpoint ? t('edit') : t('add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      okButtonProps={{ 'data-testid': 'endpoint-form-ok' } as never}
      destroyOnHidden
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          endpoint
            ? {
                endpointId: endpoint.endpointId,
                name: endpoint.name,
                description: endpoint.description,
                modelId: endpoint.modelId,
                gatewaySn: endpoint.gatewaySn,
                connectionMethod: endpoint.connectionMethod,
                targetVersion: endpoint.targetVersion,
              }
            : { description: '', targetVersion: '' }
        }
        data-testid="endpoint-form"
      >
        <Form.Item name="endpointId" label={t('columns.endpointId')} rules={[{ required: true }]}>
          <Input disabled={!!endpoint} translate="no" data-testid="endpoint-form-id" />
        </Form.Item>
        <Form.Item name="name" label={t('columns.name')} rules={[{ required: true }]}>
          <Input maxLength={100} data-testid="endpoint-form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('columns.description')}>
          <Input.TextArea maxLength={200} />
        </Form.Item>
        <Form.Item name="modelId" label={t('columns.product')} rules={[{ required: true }]}>
          <Select<number>
            options={(productList.data ?? []).map((p) => ({ value: p.modelId, label: p.name }))}
            data-testid="endpoint-form-product"
          />
        </Form.Item>
        <Form.Item name="gatewaySn" label={t('columns.gateway')} rules={[{ required: true }]}>
          <Input translate="no" data-testid="endpoint-form-gateway" />
        </Form.Item>
        <Form.Item name="connectionMethod" label={t('columns.connection')}>
          <Select<PointConnectionType>
            allowClear
            placeholder={t('connectionDefault')}
            options={POINT_CONNECTION_TYPES.map((c) => ({ value: c, label: t(`connection.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="targetVersion" label={t('columns.targetVersion')}>
          <Input maxLength={32} translate="no" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
