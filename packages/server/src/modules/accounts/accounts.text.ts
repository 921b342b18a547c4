import type { Localized } from '@fleetport/contract';
import type { MailText } from '../../platform/mail/mail-text.ts';

/** The verification code by mail (sign-up, password reset, changing the login e-mail). */
export const CODE_MAIL: MailText = {
  subject: { en: 'Your Fleetport verification code', cn: 'Fleetport 验证码' },
  body: {
    en: 'Your verification code is {code}. It is valid for {minutes} minutes and can be used once.\n\nIf you did not ask for it, ignore this message.',
    cn: '您的验证码是 {code}，{minutes}分钟内有效，仅可使用一次。\n\n如果不是您本人操作，请忽略此邮件。',
  },
};

/** The verification code by SMS: one short line. */
export const CODE_SMS: Localized = {
  en: 'Fleetport verification code: {code} (valid {minutes} minutes).',
  cn: 'Fleetport 验证码：{code}，{minutes}分钟内有效。',
};
