import { LockOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode, LoginAccountSchema, LoginBodySchema } from '@fleetport/contract';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { fetchCaptcha, needsCaptcha, signIn } from './login-queries.ts';
import { PublicLayout } from './public-layout.tsx';

interface LoginForm {
  account: string;
  password: string;
  captcha?: string;
}

interface Captcha {
  captchaId: string;
  image: string;
}

/** /login: account and password, a captcha when the server asks, links to register and reset. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function showCaptcha() {
    form.setFieldValue('captcha', '');
    try {
      setCaptcha(await fetchCaptcha());
    } catch (error) {
      if (error instanceof ApiError) setFailure(`${error.message} (${error.code})`);
    }
  }

  async function submit(values: LoginForm) {
    setBusy(true);
    setFailure(null);
    try {
      const next = await signIn({
        account: values.account.trim(),
        password: values.password,
        ...(captcha ? { captcha: values.captcha ?? '', captchaId: captcha.captchaId } : {}),
      });
      navigate(next, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.PASSWORD_EXPIRED) {
        navigate('/resetPassword', { state: { expired: true, account: values.account.trim() } });
        return;
      }
      setFailure(`${error.message} (${error.code})`);
      // A captcha is single-use: any failed attempt that carried one needs a fresh picture.
      if (captcha || needsCaptcha(error)) await showCaptcha();
    } finally {
      setBusy(false);
    }
  }

  const accountLabel = t('login.account');
  const passwordLabel = t('login.password');
  return (
    <PublicLayout>
      <Card style={{ width: 400, maxWidth: '100%' }} data-testid="login-page">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('login.title')}
        </Typography.Title>
        {failure && (
          <Alert
            data-testid="login-error"
            type="error"
            showIcon
            title={failure}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form<LoginForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="account"
            label={accountLabel}
            validateFirst
            rules={[
              schemaRule(LoginBodySchema.shape.account, lang, accountLabel),
              schemaRule(LoginAccountSchema, lang, accountLabel),
            ]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-account" />
          </Form.Item>
          <Form.Item
            name="password"
            label={passwordLabel}
            rules={[schemaRule(LoginBodySchema.shape.password, lang, passwordLabel)]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          {captcha && (
            <Form.Item label={t('login.captcha')} required>
              <Flex gap={8}>
                <Form.Item
                  name="captcha"
                  noStyle
                  rules={[schemaRule(LoginBodySchema.shape.password, lang, t('login.captcha'))]}
                >
                  <Input data-testid="login-captcha" autoComplete="off" />
                </Form.Item>
                <img
                  data-testid="captcha-image"
                  src={captcha.image}
                  alt={t('login.captcha')}
                  style={{ height: 32 }}
                />
                <Button
                  icon={<ReloadOutlined />}
                  aria-label={t('login.captchaRefresh')}
                  onClick={() => void showCaptcha()}
                />
              </Flex>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Form>
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <Link to="/resetPassword" data-testid="to-reset">
            {t('login.forgot')}
          </Link>
          <span>
            {t('login.noAccount')}{' '}
            <Link to="/register" data-testid="to-register">
              {t('login.register')}
            </Link>
          </span>
        </Flex>
      </Card>
    </PublicLayout>
  );
}
