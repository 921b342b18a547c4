import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import {
  ErrorCode,
  LoginAccountSchema,
  LoginBodySchema,
  type SecondFactorChallenge,
} from '@fleetport/contract';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { schemaMessage } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import {
  ErrorAlert,
  Field,
  LightButton,
  PasswordInput,
  SvgIcon,
  TextInput,
  Title,
} from '../../widgets/light/light.tsx';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { auth } from './auth.i18n.ts';
import { fetchCaptcha, needsCaptcha, signIn } from './login-queries.ts';
import { PublicLayout } from './public-layout.tsx';

// The code step is the second of two screens: it loads when a second factor is due, not with the page.
const SecondFactorStep = lazy(() =>
  import('../two-factor/second-factor-step.tsx').then((m) => ({ default: m.SecondFactorStep })),
);

// The sign-in page sits outside the console's frame (app/routes.tsx): it brings its own text.
addNamespaces({ auth });

interface LoginForm {
  account: string;
  password: string;
  captcha: string;
}

type FieldName = keyof LoginForm;

interface Captcha {
  captchaId: string;
  image: string;
}

/**
 * /login: account and password, a captcha when the server asks, links to register and reset. Drawn
 * with light controls (widgets/light), not antd, so a first visit stays small (issue 12); the rules
 * are the contract's, checked on each change and on submit as antd's Form did.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginForm>({ account: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);

  const accountLabel = t('login.account');
  const passwordLabel = t('login.password');
  const captchaLabel = t('login.captcha');

  /** The first refused rule's sentence for a field, or null. */
  function check(name: FieldName, value: string): string | null {
    if (name === 'account')
      return (
        schemaMessage(LoginBodySchema.shape.account, lang, accountLabel, value) ??
        schemaMessage(LoginAccountSchema, lang, accountLabel, value)
      );
    if (name === 'password') return schemaMessage(LoginBodySchema.shape.password, lang, passwordLabel, value);
    return captcha ? schemaMessage(LoginBodySchema.shape.password, lang, captchaLabel, value) : null;
  }

  function change(name: FieldName, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: check(name, value) ?? undefined }));
  }

  async function showCaptcha() {
    change('captcha', '');
    setErrors((current) => ({ ...current, captcha: undefined }));
    try {
      setCaptcha(await fetchCaptcha());
    } catch (error) {
      if (error instanceof ApiError) setFailure(`${error.message} (${error.code})`);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of ['account', 'password', 'captcha'] as const) {
      const message = check(name, values[name]);
      if (message !== null) found[name] = message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    setBusy(true);
    setFailure(null);
    try {
      const step = await signIn({
        account: values.account.trim(),
        password: values.password,
        ...(captcha ? { captcha: values.captcha, captchaId: captcha.captchaId } : {}),
      });
      if ('challenge' in step) setChallenge(step.challenge);
      else navigate(step.next, { replace: true });
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

  if (challenge)
    return (
      <PublicLayout>
        <Suspense fallback={null}>
          <SecondFactorStep
            challenge={challenge}
            onDone={(next) => navigate(next, { replace: true })}
            onRestart={() => {
              setChallenge(null);
              change('password', '');
            }}
          />
        </Suspense>
      </PublicLayout>
    );

  return (
    <PublicLayout>
      <Card style={{ width: 400, maxWidth: '100%' }} data-testid="login-page">
        <Title>{t('login.title')}</Title>
        {failure && <ErrorAlert data-testid="login-error">{failure}</ErrorAlert>}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field label={accountLabel} error={errors.account}>
            {({ id, errorId }) => (
              <TextInput
                id={id}
                errorId={errorId}
                invalid={!!errors.account}
                prefix={<SvgIcon icon={UserOutlined} />}
                autoComplete="username"
                data-testid="login-account"
                value={values.account}
                onValue={(value) => change('account', value)}
              />
            )}
          </Field>
          <Field label={passwordLabel} error={errors.password}>
            {({ id, errorId }) => (
              <PasswordInput
                id={id}
                errorId={errorId}
                invalid={!!errors.password}
                prefix={<SvgIcon icon={LockOutlined} />}
                autoComplete="current-password"
                data-testid="login-password"
                showLabel={t('login.showPassword')}
                hideLabel={t('login.hidePassword')}
                value={values.password}
                onValue={(value) => change('password', value)}
              />
            )}
          </Field>
          {captcha && (
            <Field label={captchaLabel} error={errors.captcha}>
              {({ id, errorId }) => (
                <div style={{ display: 'flex', gap: 8 }}>
                  <TextInput
                    id={id}
                    errorId={errorId}
                    invalid={!!errors.captcha}
                    required
                    data-testid="login-captcha"
                    autoComplete="off"
                    value={values.captcha}
                    onValue={(value) => change('captcha', value)}
                  />
                  <img
                    data-testid="captcha-image"
                    src={captcha.image}
                    alt={captchaLabel}
                    style={{ height: 32 }}
                  />
                  <LightButton
                    icon={<SvgIcon icon={ReloadOutlined} />}
                    aria-label={t('login.captchaRefresh')}
                    onClick={() => void showCaptcha()}
                  />
                </div>
              )}
            </Field>
          )}
          <LightButton primary type="submit" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </LightButton>
        </form>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
          <Link to="/resetPassword" data-testid="to-reset">
            {t('login.forgot')}
          </Link>
          <span>
            {t('login.noAccount')}{' '}
            <Link to="/register" data-testid="to-register">
              {t('login.register')}
            </Link>
          </span>
        </div>
      </Card>
    </PublicLayout>
  );
}
