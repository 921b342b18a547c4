import {
  acceptInvitationCall,
  getInvitationCall,
  refuseInvitationCall,
  UserNameSchema,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { confirmPasswordRules, newPasswordRules } from '../auth/password-rules.ts';
import { PublicLayout } from '../auth/public-layout.tsx';

interface NewAccount {
  userName: string;
  password: string;
  confirmPassword: string;
}

/**
 * The page an invitation mail links to (/emailToLogin?token=..., core §2 public route, §4): shows who
 * invites to which company as which role; accepting joins it, creating the account for a person who
 * has none yet, then leads to sign-in.
 */
export function InvitationPage() {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const token = useSearchParams()[0].get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const [form] = Form.useForm<NewAccount>();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiCall(getInvitationCall, { token }, { silent: true }),
    enabled: token.length > 0,
    retry: false,
  });
  const view = invitation.data;

  async function accept() {
    const extra = view?.hasAccount ? {} : await form.validateFields();
    setBusy(true);
    try {
      await apiCall(acceptInvitationCall, { token, ...extra });
      void message.success(t('invitation.accepted'));
      navigate('/login');
    } catch {
      // The client showed the code.
    } finally {
      setBusy(false);
    }
  }

  async function refuse() {
    setBusy(true);
    try {
      await apiCall(refuseInvitationCall, { token });
      setRefused(true);
    } catch {
      // The client showed the code.
    } finally {
      setBusy(false);
    }
  }

  let body: React.ReactNode;
  if (!token || invitation.isError) {
    const text = invitation.error instanceof ApiError ? invitation.error.message : t('invitation.invalid');
    body = (
      <Result
        status="warning"
        title={t('invitation.invalidTitle')}
        subTitle={text}
        data-testid="invitation-invalid"
      />
    );
  } else if (refused) {
    body = <Result status="info" title={t('invitation.refused')} data-testid="invitation-refused" />;
  } else if (!view) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap={16} data-testid="invitation">
        <Alert
          type="info"
          showIcon
          title={t('invitation.text', {
            inviter: view.inviterName,
            company: view.companyName,
            role: view.roleName,
          })}
        />
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('invitation.company')}>{view.companyName}</Descriptions.Item>
          <Descriptions.Item label={t('users.email')}>{view.email}</Descriptions.Item>
          <Descriptions.Item label={t('users.role')}>{view.roleName}</Descriptions.Item>
        </Descriptions>
        {!view.hasAccount && (
          <Form form={form} layout="vertical">
            <Alert type="warning" title={t('invitation.newAccount')} style={{ marginBottom: 12 }} />
            <Form.Item
              name="userName"
              label={t('users.userName')}
              rules={[schemaRule(UserNameSchema, lang, t('users.userName'))]}
            >
              <Input data-testid="invitation-user-name" maxLength={50} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('invitation.password')}
              rules={newPasswordRules(lang, { userName: 'userName' }, { account: view.email })}
            >
              <Input.Password data-testid="invitation-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('users.confirmPassword')}
              dependencies={['password']}
              rules={confirmPasswordRules(lang)}
            >
              <Input.Password data-testid="invitation-confirm-password" autoComplete="new-password" />
            </Form.Item>
          </Form>
        )}
        <Flex gap={8} justify="end">
          <Button onClick={refuse} disabled={busy} data-testid="invitation-refuse">
            {t('invitation.refuse')}
          </Button>
          <Button type="primary" onClick={accept} loading={busy} data-testid="invitation-accept">
            {t('invitation.accept')}
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <PublicLayout>
      <Card
        title={t('invitation.title')}
        style={{ width: 560, maxWidth: '100%' }}
        extra={<Link to="/login">{t('invitation.toLogin')}</Link>}
      >
        {body}
      </Card>
    </PublicLayout>
  );
}
