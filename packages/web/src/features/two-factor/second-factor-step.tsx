import {
  loginSecondFactorCall,
  RecoveryCodeSchema,
  type SecondFactorChallenge,
  TotpCodeSchema,
} from '@fleetport/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../api/client.ts';
import { schemaMessage } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ErrorAlert, Field, LightButton, TextInput, Title } from '../../widgets/light/light.tsx';
import { PlainCard as Card } from '../../widgets/plain-card.tsx';
import { startSession } from '../auth/login-queries.ts';
import { EnrolmentKey, RecoveryCodeList } from './recovery-codes.tsx';
import { twoFactor } from './two-factor.i18n.ts';

addNamespaces({ twoFactor });

/** A button that reads as the page's links (the light frame's colour). */
const LINK = { background: 'none', border: 0, padding: 0, color: '#1668dc', cursor: 'pointer' } as const;

/** Trades the challenge and a code (or a recovery code) for the session; answers where to go. */
async function signInSecondFactor(challenge: string, answer: { code: string } | { recoveryCode: string }) {
  const result = await apiCall(loginSecondFactorCall, { challenge, ...answer }, { silent: true });
  return { next: await startSession(result), recoveryCodes: result.recoveryCodes };
}

interface Props {
  challenge: SecondFactorChallenge;
  onDone: (next: string) => void;
  /** Back to the password (the challenge ran out or the person chose to). */
  onRestart: () => void;
}

/**
 * The sign-in's second screen (issue 18): a code from the authenticator app or a recovery code; when the
 * company requires a factor the person has not set up, the key and QR code to enrol with first, and the
 * recovery codes once it is confirmed. Light controls, as the password screen.
 */
export function SecondFactorStep({ challenge, onDone, onRestart }: Props) {
  const { t } = useTranslation('twoFactor');
  const lang = useLang();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ next: string; codes: string[] } | null>(null);
  const label = recovery ? t('step.recoveryCode') : t('step.code');

  const check = (text: string) =>
    schemaMessage(recovery ? RecoveryCodeSchema : TotpCodeSchema, lang, label, text) ?? undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const message = check(value);
    setError(message);
    if (message) return;
    setBusy(true);
    setFailure(null);
    try {
      const done = await signInSecondFactor(
        challenge.challenge,
        recovery ? { recoveryCode: value } : { code: value },
      );
      if (done.recoveryCodes) setSaved({ next: done.next, codes: done.recoveryCodes });
      else onDone(done.next);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFailure(`${e.message} (${e.code})`);
      setValue('');
    } finally {
      setBusy(false);
    }
  }

  if (saved)
    return (
      <Card style={{ width: 440, maxWidth: '100%' }} data-testid="two-factor-recovery">
        <Title>{t('recovery.title')}</Title>
        <RecoveryCodeList codes={saved.codes} />
        <LightButton primary block data-testid="recovery-saved" onClick={() => onDone(saved.next)}>
          {t('recovery.done')}
        </LightButton>
      </Card>
    );

  const enrolment = challenge.enrolment;
  return (
    <Card style={{ width: 440, maxWidth: '100%' }} data-testid="two-factor-step">
      <Title>{enrolment ? t('step.enrolTitle') : t('step.title')}</Title>
      {failure && <ErrorAlert data-testid="two-factor-error">{failure}</ErrorAlert>}
      {enrolment ? (
        <>
          <p>{t('step.enrolText')}</p>
          <EnrolmentKey qrImage={enrolment.qrImage} secret={enrolment.secret} />
        </>
      ) : (
        !recovery && <p>{t('step.enterCode')}</p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={label} error={error}>
          {({ id, errorId }) => (
            <TextInput
              id={id}
              errorId={errorId}
              invalid={!!error}
              autoComplete="one-time-code"
              inputMode={recovery ? 'text' : 'numeric'}
              data-testid={recovery ? 'two-factor-recovery-code' : 'two-factor-code'}
              value={value}
              onValue={(text) => {
                setValue(text);
                setError(check(text));
              }}
            />
          )}
        </Field>
        <LightButton primary type="submit" block loading={busy} data-testid="two-factor-submit">
          {t('step.submit')}
        </LightButton>
      </form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        {!enrolment && (
          <button
            type="button"
            style={LINK}
            data-testid="two-factor-switch"
            onClick={() => {
              setRecovery((r) => !r);
              setValue('');
              setError(undefined);
            }}
          >
            {recovery ? t('step.useCode') : t('step.useRecovery')}
          </button>
        )}
        <button type="button" style={LINK} data-testid="two-factor-back" onClick={onRestart}>
          {t('step.back')}
        </button>
      </div>
    </Card>
  );
}
