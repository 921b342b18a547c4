import {
  type CallDef,
  clearSmtpCall,
  EmailSchema,
  SMTP_SECURITY,
  SMTP_SECURITY_LABELS,
  type SmtpSecurity,
  type SmtpSettings,
  saveSmtpCall,
  testSmtpCall,
} from '@fleetport/contract';
import type { QueryKey } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { Can } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { partnerNoticeKeys } from './notice-queries.ts';

interface SmtpForm {
  senderEmail: string;
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password?: string;
  to?: string;
}

const DEFAULT_PORT: Record<SmtpSecurity, number> = { none: 25, starttls: 587, tls: 465 };

/** The calls a mail server card saves, clears and tests through, and who may use them. */
export interface SmtpCalls {
  save: CallDef<typeof saveSmtpCall.input, typeof saveSmtpCall.output>;
  clear: CallDef<typeof clearSmtpCall.input, typeof clearSmtpCall.output>;
  test: CallDef<typeof testSmtpCall.input, typeof testSmtpCall.output>;
  /** Queries showing the saved settings. */
  refresh: QueryKey[];
  editFunCode: string;
}

const PARTNER_SMTP: SmtpCalls = {
  save: saveSmtpCall,
  clear: clearSmtpCall,
  test: testSmtpCall,
  refresh: [partnerNoticeKeys.emailSettings],
  editFunCode: 'partnerEmails.edit',
};

/**
 * A company's own mail server for its alert e-mails (the partner consoles' page, and every company's
 * notification settings through `calls`), with a test mail sent through what the form holds (the stored
 * password when none is typed); the server's own answer is shown when it fails.
 */
export function SmtpCard({ smtp, calls = PARTNER_SMTP }: { smtp: SmtpSettings | null; calls?: SmtpCalls }) {
  const { t } = useTranslation('partnerNotifications');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<SmtpForm>();
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = calls.refresh;
  const save = useCallMutation(calls.save, {
    invalidates: refresh,
    onSuccess: () => {
      form.setFieldValue('password', undefined);
      message.success(t('emails.smtp.saved'));
    },
  });
  const clear = useCallMutation(calls.clear, {
    invalidates: refresh,
    onSuccess: () => message.success(t('emails.smtp.cleared')),
  });
  // Its failure is shown here, with the server's words, not as a passing toast.
  const test = useCallMutation(calls.test, { silent: true });

  useEffect(() => {
    form.setFieldsValue(
      smtp
        ? { ...smtp, password: undefined }
        : { security: 'starttls', port: DEFAULT_PORT.starttls, username: '', senderEmail: '', host: '' },
    );
  }, [smtp, form]);

  const serverFields = (values: SmtpForm) => ({
    senderEmail: values.senderEmail,
    host: values.host,
    port: values.port,
    security: values.security,
    username: values.username ?? '',
    ...(values.password ? { password: values.password } : {}),
  });

  async function submit() {
    // The form shows what is wrong under each field.
    const values = await form
      .validateFields(['senderEmail', 'host', 'port', 'security', 'username', 'password'])
      .catch(() => null);
    if (!values) return;
    save.mutate(serverFields(values));
  }

  async function sendTest() {
    // The form shows what is wrong under each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setTestResult(null);
    test.mutate(
      { ...serverFields(values), to: values.to ?? '' },
      {
        onSuccess: () => setTestResult({ ok: true, text: t('emails.smtp.testSent', { to: values.to }) }),
        onError: (error) => setTestResult({ ok: false, text: error.message }),
      },
    );
  }

  return (
    <Card title={t('emails.smtp.title')} data-testid="smtp-card">
      {!smtp && <Alert type="info" showIcon title={t('emails.smtp.platform')} style={{ marginBottom: 16 }} />}
      <Form<SmtpForm> form={form} layout="vertical" style={{ maxWidth: 560 }} data-testid="smtp-form">
        <Form.Item
          name="senderEmail"
          label={t('emails.smtp.senderEmail')}
          rules={[schemaRule(EmailSchema, lang, t('emails.smtp.senderEmail'))]}
        >
          <Input data-testid="smtp-sender" />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item
            name="host"
            label={t('emails.smtp.host')}
            rules={[schemaRule(saveSmtpCall.input.shape.host, lang, t('emails.smtp.host'))]}
          >
            <Input style={{ width: 260 }} data-testid="smtp-host" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('emails.smtp.port')}
            rules={[schemaRule(saveSmtpCall.input.shape.port, lang, t('emails.smtp.port'))]}
          >
            <NumberInput min={1} max={65535} precision={0} data-testid="smtp-port" />
          </Form.Item>
          <Form.Item name="security" label={t('emails.smtp.security')}>
            <Select
              style={{ width: 140 }}
              options={SMTP_SECURITY.map((s) => ({ value: s, label: SMTP_SECURITY_LABELS[s][lang] }))}
              onChange={(security: SmtpSecurity) => form.setFieldValue('port', DEFAULT_PORT[security])}
              data-testid="smtp-security"
            />
          </Form.Item>
        </Space>
        <Space align="start" wrap>
          <Form.Item name="username" label={t('emails.smtp.username')}>
            <Input style={{ width: 260 }} autoComplete="off" data-testid="smtp-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('emails.smtp.password')}
            extra={smtp?.passwordSet ? t('emails.smtp.passwordKept') : undefined}
          >
            <Input.Password style={{ width: 260 }} autoComplete="new-password" data-testid="smtp-password" />
          </Form.Item>
        </Space>
        <Can funCode={calls.editFunCode}>
          <Space wrap style={{ marginBottom: 24 }}>
            <Button type="primary" onClick={submit} loading={save.isPending} data-testid="smtp-save">
              {t('emails.smtp.save')}
            </Button>
            {smtp && (
              <Popconfirm
                title={t('emails.smtp.clearConfirm')}
                onConfirm={() => clear.mutateAsync({}).catch(() => {})}
              >
                <Button data-testid="smtp-clear">{t('emails.smtp.clear')}</Button>
              </Popconfirm>
            )}
          </Space>
          <Space align="start" wrap>
            <Form.Item
              name="to"
              label={t('emails.smtp.testTo')}
              rules={[schemaRule(EmailSchema, lang, t('emails.smtp.testTo'))]}
            >
              <Input style={{ width: 260 }} data-testid="smtp-test-to" />
            </Form.Item>
            <Form.Item label=" ">
              <Button onClick={sendTest} loading={test.isPending} data-testid="smtp-test">
                {t('emails.smtp.test')}
              </Button>
            </Form.Item>
          </Space>
        </Can>
        {testResult && (
          <Alert
            type={testResult.ok ? 'success' : 'error'}
            showIcon
            title={<Typography.Text data-testid="smtp-test-result">{testResult.text}</Typography.Text>}
          />
        )}
      </Form>
    </Card>
  );
}
