import { formatDateTime, OPEN_API_PREFIX, type OpenApiClient, TotpCodeSchema } from '@fleetport/contract';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { MachineWords } from '../../widgets/machine-words.tsx';
import { ClientDialog } from './client-dialog.tsx';
import { openApi } from './open-api.i18n.ts';
import { codeNeeded, useDeleteClient, useOpenApiClients, useRotateSecret } from './open-api-queries.ts';
import { UsageTab } from './usage-tab.tsx';

addNamespaces({ openApi });

/** `/rcms/operation/openApi`: the company's open API clients and their usage (issue 18). */
export function OpenApiPage() {
  return (
    <PageGate funCode="openApi.view">
      <OpenApi />
    </PageGate>
  );
}

function OpenApi() {
  const { t } = useTranslation('openApi');
  return (
    <Flex vertical gap={12}>
      <Alert
        type="info"
        showIcon
        message={
          <MachineWords
            sentence={(markers) => t('guide', markers)}
            values={{
              prefix: OPEN_API_PREFIX,
              oauth: 'OAuth 2.0',
              post: 'POST',
              tokenPath: `${OPEN_API_PREFIX}/oauth/token`,
              header: '"Authorization: Bearer"',
            }}
          />
        }
        action={
          <a href={`${OPEN_API_PREFIX}/openapi.json`} target="_blank" rel="noreferrer">
            <MachineWords sentence={(markers) => t('document', markers)} values={{ format: 'OpenAPI' }} />
          </a>
        }
      />
      <Tabs
        items={[
          { key: 'clients', label: t('tabs.clients'), children: <ClientsTab /> },
          { key: 'usage', label: t('tabs.usage'), children: <UsageTab /> },
        ]}
      />
    </Flex>
  );
}

function ClientsTab() {
  const { t } = useTranslation('openApi');
  const clients = useOpenApiClients();
  const [editing, setEditing] = useState<OpenApiClient | null | undefined>(undefined);
  const [secret, setSecret] = useState<{ clientId: string; secret: string } | null>(null);
  /** The client whose new secret waits for the caller's two-factor code (610031). */
  const [codeFor, setCodeFor] = useState<number | null>(null);
  const rotate = useRotateSecret(
    (made) => {
      setCodeFor(null);
      setSecret({ clientId: made.client.clientId, secret: made.clientSecret });
    },
    (error, input) => {
      if (codeNeeded(error)) setCodeFor(input.id);
    },
  );
  const remove = useDeleteClient();
  const columns: ColumnsType<OpenApiClient> = [
    { title: t('columns.name'), dataIndex: 'name' },
    {
      title: t('columns.clientId'),
      dataIndex: 'clientId',
      render: (value: string) => (
        <Typography.Text copyable translate="no">
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.scopes'),
      dataIndex: 'scopes',
      render: (scopes: string[]) =>
        scopes.map((s) => (
          <Tag key={s} translate="no">
            {s}
          </Tag>
        )),
    },
    {
      title: t('columns.interfaces'),
      render: (_: unknown, c: OpenApiClient) =>
        c.allInterfaces ? t('allInterfaces') : <span translate="no">{c.interfaces.join(', ')}</span>,
    },
    { title: t('columns.isAdmin'), dataIndex: 'isAdmin', render: (v: boolean) => (v ? t('yes') : t('no')) },
    { title: t('columns.enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? t('yes') : t('no')) },
    {
      title: t('columns.oldSecret'),
      dataIndex: 'previousSecretUntil',
      render: (v: number | null) => (v ? formatDateTime(v) : ''),
    },
    {
      title: t('columns.actions'),
      render: (_: unknown, c: OpenApiClient) => (
        <Space>
          <Can funCode="openApi.edit">
            <Button size="small" onClick={() => setEditing(c)}>
              {t('edit')}
            </Button>
            <Popconfirm
              title={t('rotateConfirm', { name: c.name })}
              onConfirm={() => rotate.mutate({ id: c.id })}
            >
              <Button size="small">{t('rotate')}</Button>
            </Popconfirm>
          </Can>
          <Can funCode="openApi.remove">
            <Popconfirm
              title={t('removeConfirm', { name: c.name })}
              onConfirm={() => remove.mutate({ id: c.id })}
            >
              <Button size="small" danger>
                {t('remove')}
              </Button>
            </Popconfirm>
          </Can>
        </Space>
      ),
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Can funCode="openApi.create">
        <div>
          <Button type="primary" onClick={() => setEditing(null)}>
            {t('create')}
          </Button>
        </div>
      </Can>
      <Table
        data-testid="open-api-clients"
        rowKey="id"
        size="small"
        loading={clients.isLoading}
        dataSource={clients.data ?? []}
        columns={columns}
        pagination={false}
      />
      {editing !== undefined && (
        <ClientDialog
          client={editing}
          onClose={() => setEditing(undefined)}
          onSecret={(clientId, value) => setSecret({ clientId, secret: value })}
        />
      )}
      {codeFor !== null && (
        <CodeDialog
          busy={rotate.isPending}
          onCancel={() => setCodeFor(null)}
          onCode={(twoFactorCode) => rotate.mutate({ id: codeFor, twoFactorCode })}
        />
      )}
      {secret && (
        <Modal
          open
          title={t('secret.title')}
          onOk={() => setSecret(null)}
          onCancel={() => setSecret(null)}
          okText={t('secret.done')}
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          <Typography.Paragraph>{t('secret.text')}</Typography.Paragraph>
          <Typography.Paragraph>
            {t('secret.clientId')}:{' '}
            <Typography.Text copyable code translate="no">
              {secret.clientId}
            </Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph>
            {t('secret.secret')}:{' '}
            <Typography.Text copyable code translate="no" data-testid="client-secret">
              {secret.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </Modal>
      )}
    </Flex>
  );
}

/** Asks the current code of the caller's authenticator app before a new secret is made. */
function CodeDialog({
  busy,
  onCancel,
  onCode,
}: {
  busy: boolean;
  onCancel: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('openApi');
  const lang = useLang();
  const [form] = Form.useForm<{ code: string }>();
  return (
    <Modal
      open
      title={t('codeTitle')}
      okText={t('rotate')}
      cancelText={t('form.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => onCode(v.code)} data-testid="rotate-code-form">
        <Form.Item
          name="code"
          label={t('form.twoFactorCode')}
          rules={[schemaRule(TotpCodeSchema, lang, t('form.twoFactorCode'))]}
        >
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
