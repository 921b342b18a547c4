import {
  CompanyNameSchema,
  LoginAccountSchema,
  registerCall,
  UserNameSchema,
  VerificationCodeSchema,
} from '@fleetport/contract';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { showBesideField } from './field-errors.ts';
import { confirmPasswordRules, newPasswordRules } from './password-rules.ts';
import { PublicLayout } from './public-layout.tsx';
import { SendCodeButton } from './send-code-button.tsx';

interface RegisterForm {
  companyName: string;
  account: string;
  userName: string;
  password: string;
  confirmPassword: string;
  code: string;
}

/** /register: a company (end customer) with its owner, confirmed by a code sent to the account. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: RegisterForm) {
    setBusy(true);
    try {
      await apiCall(registerCall, values);
      void message.success(t('register.done'));
      navigate('/login', { replace: true });
    } catch (error) {
      showBesideField(form, error, { account: 'account', code: 'code' });
    } finally {
      setBusy(false);
    }
  }

  const label = (key: keyof RegisterForm) => t(`register.${key}`);
  return (
    <PublicLayout>
      <Card style={{ width: 480, maxWidth: '100%' }} data-testid="register-page">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('register.title')}
        </Typography.Title>
        <Form<RegisterForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="companyName"
            label={label('companyName')}
            rules={[schemaRule(CompanyNameSchema, lang, label('companyName'))]}
          >
            <Input data-testid="register-company" maxLength={50} />
          </Form.Item>
          <Form.Item
            name="account"
            label={label('account')}
            rules={[schemaRule(LoginAccountSchema, lang, label('account'))]}
          >
            <Input data-testid="register-account" autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="userName"
            label={label('userName')}
            rules={[schemaRule(UserNameSchema, lang, label('userName'))]}
          >
            <Input data-testid="register-user-name" maxLength={50} />
          </Form.Item>
          <Form.Item
            name="password"
            label={label('password')}
            extra={t('register.passwordHint')}
            dependencies={['account', 'userName']}
            rules={newPasswordRules(lang, { account: 'account', userName: 'userName' })}
          >
            <Input.Password data-testid="register-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={label('confirmPassword')}
            dependencies={['password']}
            rules={confirmPasswordRules(lang)}
          >
            <Input.Password data-testid="register-confirm-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item label={label('code')} required>
            <Flex gap={8}>
              <Form.Item
                name="code"
                noStyle
                rules={[schemaRule(VerificationCodeSchema, lang, label('code'))]}
              >
                <Input data-testid="register-code" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SendCodeButton form={form} accountField="account" src="register" />
            </Flex>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          {t('register.haveAccount')} <Link to="/login">{t('register.signIn')}</Link>
        </Typography.Paragraph>
      </Card>
    </PublicLayout>
  );
}
