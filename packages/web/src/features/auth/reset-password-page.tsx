import { LoginAccountSchema, resetPasswordCall, VerificationCodeSchema } from '@fleetport/contract';
import { Alert, App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { showBesideField } from './field-errors.ts';
import { confirmPasswordRules, newPasswordRules } from './password-rules.ts';
import { PublicLayout } from './public-layout.tsx';
import { SendCodeButton } from './send-code-button.tsx';

interface ResetForm {
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
}

/** /resetPassword: a forgotten or expired password (14052) replaced with a code sent to the account. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const state = useLocation().state as { expired?: boolean; account?: string } | null;
  const [form] = Form.useForm<ResetForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: ResetForm) {
    setBusy(true);
    try {
      await apiCall(resetPasswordCall, values);
      void message.success(t('reset.done'));
      navigate('/login', { replace: true });
    } catch (error) {
      showBesideField(form, error, { account: 'account', code: 'code' });
    } finally {
      setBusy(false);
    }
  }

  const label = (key: keyof ResetForm) => t(`reset.${key}`);
  return (
    <PublicLayout>
      <Card style={{ width: 440, maxWidth: '100%' }} data-testid="reset-password-page">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('reset.title')}
        </Typography.Title>
        {state?.expired && (
          <Alert type="warning" showIcon title={t('login.expired')} style={{ marginBottom: 16 }} />
        )}
        <Form<ResetForm>
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          initialValues={{ account: state?.account ?? '' }}
        >
          <Form.Item
            name="account"
            label={label('account')}
            rules={[schemaRule(LoginAccountSchema, lang, label('account'))]}
          >
            <Input data-testid="reset-account" autoComplete="username" />
          </Form.Item>
          <Form.Item label={label('code')} required>
            <Flex gap={8}>
              <Form.Item
                name="code"
                noStyle
                rules={[schemaRule(VerificationCodeSchema, lang, label('code'))]}
              >
                <Input data-testid="reset-code" maxLength={6} inputMode="numeric" />
              </Form.Item>
              <SendCodeButton form={form} accountField="account" src="resetPassword" />
            </Flex>
          </Form.Item>
          <Form.Item
            name="password"
            label={label('password')}
            dependencies={['account']}
            rules={newPasswordRules(lang, { account: 'account' })}
          >
            <Input.Password data-testid="reset-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={label('confirmPassword')}
            dependencies={['password']}
            rules={confirmPasswordRules(lang)}
          >
            <Input.Password data-testid="reset-confirm-password" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/login">{t('reset.backToLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </PublicLayout>
  );
}
