import {
  createServiceClientCall,
  deleteServiceClientCall,
  listServiceClientsCall,
  SERVICE_CLIENT_TYPE_LABELS,
  SERVICE_CLIENT_TYPES,
  type ServiceClient,
  ServiceClientNameSchema,
} from '@fleetport/contract';
import { Button, Flex, Form, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { HubBanner } from './hub-banner.tsx';
import { vpn } from './vpn.i18n.ts';
import { downloadClientProfile, useAllVpnGroups, vpnKeys } from './vpn-queries.ts';

addNamespaces({ vpn });

interface ClientForm {
  name: string;
  type: (typeof SERVICE_CLIENT_TYPES)[number];
  vpnGroupIds: number[];
}

/** Service clients (core §2 vpn/serviceClient): engineers' laptops and servers, with their profiles. */
export function ServiceClientsPage() {
  return (
    <PageGate funCode="serviceClients.view">
      <ServiceClientsView />
    </PageGate>
  );
}

function CreateClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const [form] = Form.useForm<ClientForm>();
  const groups = useAllVpnGroups();
  const create = useCallMutation(createServiceClientCall, {
    invalidates: [vpnKeys.all, [listServiceClientsCall.id]],
    onSuccess: (client) => {
      form.resetFields();
      onClose();
      Modal.info({
        title: t('clients.keyTitle'),
        content: (
          <Typography.Paragraph copyable={{ text: client.clientKey }} data-testid="vpn-client-key">
            {t('clients.keyText', { name: client.name, key: client.clientKey })}
          </Typography.Paragraph>
        ),
      });
    },
  });
  return (
    <Modal
      open={open}
      title={t('clients.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<ClientForm>
        form={form}
        layout="vertical"
        initialValues={{ type: 'user', vpnGroupIds: [] }}
        onFinish={(values) => create.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('clients.name')}
          rules={[schemaRule(ServiceClientNameSchema, lang, t('clients.name'))]}
        >
          <Input data-testid="vpn-client-name" />
        </Form.Item>
        <Form.Item name="type" label={t('clients.type')}>
          <Select
            options={SERVICE_CLIENT_TYPES.map((v) => ({
              value: v,
              label: SERVICE_CLIENT_TYPE_LABELS[v][lang],
            }))}
          />
        </Form.Item>
        <Form.Item name="vpnGroupIds" label={t('clients.groups')} extra={t('clients.groupsHint')}>
          <Select
            mode="multiple"
            data-testid="vpn-client-groups"
            options={(groups.data?.list ?? []).map((g) => ({ value: g.vpnGroupId, label: g.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ServiceClientsView() {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const [creating, setCreating] = useState(false);
  const list = useListQuery(listServiceClientsCall, {
    queryKey: [listServiceClientsCall.id],
    defaults: { pageSize: 20 },
  });
  const remove = useCallMutation(deleteServiceClientCall, {
    invalidates: [vpnKeys.all, [listServiceClientsCall.id]],
  });
  return (
    <Flex vertical gap={16} data-testid="vpn-clients-page">
      <HubBanner />
      <ListPage<ServiceClient>
        title={t('clients.title')}
        tableTestId="vpn-clients-table"
        rowKey="clientId"
        list={list}
        empty={{ description: t('clients.empty') }}
        actions={
          <Can funCode="serviceClients.create">
            <Button type="primary" onClick={() => setCreating(true)} data-testid="vpn-client-create">
              {t('clients.create')}
            </Button>
          </Can>
        }
        columns={[
          { key: 'name', dataIndex: 'name', title: t('clients.name') },
          {
            key: 'clientCode',
            dataIndex: 'clientCode',
            title: t('clients.code'),
            // A machine identifier: the same in every language.
            render: (code: string) => <span translate="no">{code}</span>,
          },
          {
            key: 'type',
            dataIndex: 'type',
            title: t('clients.type'),
            render: (type: ServiceClient['type']) => SERVICE_CLIENT_TYPE_LABELS[type][lang],
          },
          {
            key: 'profiles',
            title: t('clients.profile'),
            render: (_v, c) => (
              <Space orientation="vertical" size={0}>
                {c.groups.map((g) => (
                  <Button
                    key={g.vpnGroupId}
                    type="link"
                    size="small"
                    data-testid={`vpn-profile-${c.clientId}-${g.vpnGroupId}`}
                    translate="no"
                    onClick={() =>
                      void downloadClientProfile({ clientId: c.clientId, vpnGroupId: g.vpnGroupId })
                    }
                  >
                    {t('clients.download', { group: `${g.name} ${g.virtualIp}` })}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
        trailingColumns={[
          {
            key: 'actions',
            title: t('clients.actions'),
            render: (_v, c) => (
              <Can funCode="serviceClients.remove">
                <Popconfirm
                  title={t('clients.deleteConfirm', { name: c.name })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync({ clientId: c.clientId }).catch(() => {})}
                >
                  <Button type="link" size="small" danger>
                    {t('clients.delete')}
                  </Button>
                </Popconfirm>
              </Can>
            ),
          },
        ]}
      />
      <CreateClientDialog open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
