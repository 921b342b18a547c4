import {
  clearMailServerCall,
  createWebhookCall,
  deleteWebhookCall,
  EVENT_TYPES,
  getMailServerCall,
  isAdminRoleType,
  listWebhookDeliveriesCall,
  listWebhooksCall,
  saveMailServerCall,
  testMailServerCall,
  testWebhookCall,
  updateWebhookCall,
  type Webhook,
  type WebhookInput,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { partnerNotifications } from '../partner-notifications/partner-notifications.i18n.ts';
import { type SmtpCalls, SmtpCard } from '../partner-notifications/smtp-card.tsx';
import { useUserInfo } from '../shell/shell-queries.ts';
import { MyChoicesSection } from './my-choices-section.tsx';
import { notifications } from './notifications.i18n.ts';

// The page's own text comes with it, not with the console's frame (i18n/resources.ts PAGE_TEXT); the
// mail server card is the partner consoles' one, with its words.
addNamespaces({ notifications, partnerNotifications });

const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};
const mailServerKey = ['notifications', 'mailServer'] as const;

const COMPANY_SMTP: SmtpCalls = {
  save: saveMailServerCall,
  clear: clearMailServerCall,
  test: testMailServerCall,
  refresh: [mailServerKey],
  editFunCode: 'notificationSettings.edit',
};

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}`;

/**
 * The notification settings page (operation/notification): the signed-in person's own notification
 * choices (per category, level and channel), then, for administrators (the calls are adminOnly), the
 * company's webhook destinations, each with its state (delivering, failing, flagged), a test button and
 * its delivery log, and the company's own mail server for alert mail.
 */
export function NotificationSettingsPage() {
  const admin = isAdminRoleType(useUserInfo().data?.roleType);
  return (
    <PageGate funCode="notificationSettings.view">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <MyChoicesSection />
        {admin ? (
          <>
            <WebhooksSection />
            <MailServerSection />
          </>
        ) : null}
      </Space>
    </PageGate>
  );
}

function WebhooksSection() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const hooks = useQuery({ queryKey: webhookKeys.all, queryFn: () => apiCall(listWebhooksCall, {}) });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [form] = Form.useForm<WebhookInput>();
  const close = () => {
    setEditing(null);
    form.resetFields();
  };
  const create = useCallMutation(createWebhookCall, {
    invalidates: [webhookKeys.all],
    onSuccess: (created) => {
      close();
      setSecret(created.secret);
    },
  });
  const update = useCallMutation(updateWebhookCall, { invalidates: [webhookKeys.all], onSuccess: close });
  const remove = useCallMutation(deleteWebhookCall, { invalidates: [webhookKeys.all] });
  const test = useCallMutation(testWebhookCall, {
    onSuccess: (d) =>
      d.ok
        ? void message.success(t('webhooks.testOk', { status: d.status }))
        : void message.error(t('webhooks.testFailed', { error: d.error ?? '' })),
  });

  const submit = (values: WebhookInput) => {
    if (editing === 'new') create.mutate(values);
    else if (editing) update.mutate({ ...values, webhookId: editing.webhookId });
  };

  const stateOf = (w: Webhook) =>
    !w.enabled ? (
      <Tag>{t('webhooks.off')}</Tag>
    ) : w.flagged ? (
      <Tag color="red">{t('webhooks.flagged', { error: w.lastError ?? '' })}</Tag>
    ) : w.failingSince ? (
      <Tag color="orange">{t('webhooks.failing', { since: `${utc(w.failingSince)} UTC` })}</Tag>
    ) : (
      <Tag color="green">{t('webhooks.healthy')}</Tag>
    );

  return (
    <>
      <ListPage<Webhook>
        title={t('webhooks.title')}
        testId="webhooks-section"
        tableTestId="webhooks-table"
        rowKey="webhookId"
        loading={hooks.isLoading}
        rows={hooks.data?.list ?? []}
        empty={{ description: t('webhooks.empty') }}
        actions={
          <Can funCode="notificationSettings.edit">
            <Button
              type="primary"
              onClick={() => {
                form.setFieldsValue({
                  url: '',
                  eventTypes: ['alert.firing', 'alert.resolved'],
                  enabled: true,
                });
                setEditing('new');
              }}
              data-testid="webhook-add"
            >
              {t('webhooks.add')}
            </Button>
          </Can>
        }
        onRow={(w) => ({ 'data-testid': `webhook-row-${w.webhookId}` }) as never}
        columns={[
          { key: 'url', dataIndex: 'url', title: t('webhooks.url') },
          {
            key: 'events',
            title: t('webhooks.eventTypes'),
            render: (_v, w) => w.eventTypes.map((e) => t(`eventType.${e}`)).join(', '),
          },
          { key: 'state', title: t('webhooks.state'), render: (_v, w) => stateOf(w) },
          {
            key: 'actions',
            title: '',
            render: (_v, w) => (
              <Space size="small">
                <Button size="small" onClick={() => setLogOf(w)} data-testid={`webhook-log-${w.webhookId}`}>
                  {t('webhooks.deliveries')}
                </Button>
                <Can funCode="notificationSettings.edit">
                  <Button
                    size="small"
                    loading={test.isPending && test.variables?.webhookId === w.webhookId}
                    onClick={() => test.mutate({ webhookId: w.webhookId })}
                    data-testid={`webhook-test-${w.webhookId}`}
                  >
                    {t('webhooks.test')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      form.setFieldsValue({ url: w.url, eventTypes: w.eventTypes, enabled: w.enabled });
                      setEditing(w);
                    }}
                  >
                    {t('webhooks.edit')}
                  </Button>
                  <Popconfirm
                    title={t('webhooks.removeConfirm')}
                    onConfirm={() => remove.mutate({ webhookId: w.webhookId })}
                  >
                    <Button size="small" danger>
                      {t('webhooks.remove')}
                    </Button>
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('webhooks.add') : t('webhooks.edit')}
        onCancel={close}
        onOk={() => form.submit()}
        okText={t('webhooks.save')}
        okButtonProps={{
          loading: create.isPending || update.isPending,
          ...({ 'data-testid': 'webhook-save' } as object),
        }}
        forceRender
      >
        <Form<WebhookInput> form={form} layout="vertical" onFinish={submit} data-testid="webhook-form">
          <Form.Item
            name="url"
            label={t('webhooks.url')}
            rules={[{ required: true, message: t('webhooks.required') }]}
          >
            <Input maxLength={500} data-testid="webhook-url" />
          </Form.Item>
          <Form.Item
            name="eventTypes"
            label={t('webhooks.eventTypes')}
            rules={[{ required: true, message: t('webhooks.required') }]}
          >
            <Select
              mode="multiple"
              options={EVENT_TYPES.map((e) => ({ value: e, label: t(`eventType.${e}`) }))}
              data-testid="webhook-events"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('webhooks.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={secret !== null}
        title={t('webhooks.secretTitle')}
        onCancel={() => setSecret(null)}
        onOk={() => setSecret(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon title={t('webhooks.secretNote')} />
        <Typography.Paragraph copyable code data-testid="webhook-secret" style={{ marginTop: 12 }}>
          {secret}
        </Typography.Paragraph>
      </Modal>
      <Drawer open={logOf !== null} onClose={() => setLogOf(null)} title={logOf?.url} size="large">
        {logOf ? <DeliveryLog webhookId={logOf.webhookId} /> : null}
      </Drawer>
    </>
  );
}

/** The company's own SMTP server for its alert mail; without one the platform's sends it. */
function MailServerSection() {
  const smtp = useQuery({ queryKey: mailServerKey, queryFn: () => apiCall(getMailServerCall, {}) });
  if (smtp.isLoading) return null;
  return <SmtpCard smtp={smtp.data ?? null} calls={COMPANY_SMTP} />;
}

function DeliveryLog({ webhookId }: { webhookId: number }) {
  const { t } = useTranslation('notifications');
  const [pageNum, setPageNum] = useState(1);
  const log = useQuery({
    queryKey: [...webhookKeys.deliveries(webhookId), pageNum],
    queryFn: () => apiCall(listWebhookDeliveriesCall, { webhookId, pageNum, pageSize: 20 }),
  });
  return (
    <Table
      data-testid="webhook-deliveries"
      size="small"
      rowKey="deliveryId"
      loading={log.isLoading}
      dataSource={log.data?.list ?? []}
      pagination={{ current: pageNum, pageSize: 20, total: log.data?.total ?? 0, onChange: setPageNum }}
      columns={[
        { key: 'at', title: t('webhooks.at'), render: (_v, d) => utc(d.at) },
        {
          key: 'event',
          title: t('webhooks.event'),
          render: (_v, d) => `${t(`eventType.${d.eventType}`, { defaultValue: d.eventType })} · ${d.eventId}`,
        },
        { key: 'attempt', dataIndex: 'attempt', title: t('webhooks.attempt') },
        {
          key: 'result',
          title: t('webhooks.result'),
          render: (_v, d) =>
            d.ok ? (
              <Tag color="green">{`${t('webhooks.ok')} ${d.status ?? ''}`}</Tag>
            ) : (
              <Tag color="red">{`${t('webhooks.failed')}: ${d.error ?? d.status ?? ''}`}</Tag>
            ),
        },
        { key: 'duration', title: '', render: (_v, d) => t('webhooks.duration', { ms: d.durationMs }) },
      ]}
    />
  );
}
