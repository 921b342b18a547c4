import { type CodePurpose, errorReaction } from '@fleetport/contract';
import { App, Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { CODE_COOLDOWN_SECONDS, sendVerificationCode, useCountdown } from './verification-code.ts';

export interface SendCodeButtonProps {
  form: FormInstance;
  /** Field holding the e-mail address or phone number. */
  accountField: string;
  src: CodePurpose;
}

/** "Send code", then a 60-second countdown before the next one may be asked for. */
export function SendCodeButton({ form, accountField, src }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  async function send() {
    try {
      await form.validateFields([accountField]);
    } catch {
      return;
    }
    setSending(true);
    try {
      await sendVerificationCode(String(form.getFieldValue(accountField) ?? ''), src);
      start(CODE_COOLDOWN_SECONDS);
      void message.success(t('register.codeSent'));
    } catch (error) {
      // Silent codes (14084 not registered, 14087 phone taken ...) belong beside the field;
      // the client already showed any other code's message.
      if (error instanceof ApiError && errorReaction(error.code) === 'silent') {
        form.setFields([{ name: accountField, errors: [error.message] }]);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Button data-testid="send-code" disabled={remaining > 0} loading={sending} onClick={() => void send()}>
      {remaining > 0 ? t('register.resend', { seconds: remaining }) : t('register.sendCode')}
    </Button>
  );
}
