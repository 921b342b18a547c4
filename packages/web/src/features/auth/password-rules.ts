import { checkAccountPassword, type Lang, PASSWORD_MISMATCH, ruleText } from '@fleetport/contract';
import type { FormRule } from 'antd';

/**
 * Form rules for a new account password (core §5, the contract's predicate) and its confirmation.
 * `nameFields` are the fields holding the account and user name the password must not contain.
 */
export function newPasswordRules(
  lang: Lang,
  nameFields: { account?: string; userName?: string } = {},
  fixed: { account?: string; userName?: string } = {},
): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string | undefined) => {
        const key = checkAccountPassword(value ?? '', {
          account: nameFields.account ? getFieldValue(nameFields.account) : fixed.account,
          userName: nameFields.userName ? getFieldValue(nameFields.userName) : fixed.userName,
        });
        if (key) throw new Error(ruleText(key, lang));
      },
    }),
  ];
}

export function confirmPasswordRules(lang: Lang, passwordField = 'password'): FormRule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: string | undefined) => {
        if (!value) throw new Error(ruleText('passwordEmpty', lang));
        if (value !== getFieldValue(passwordField)) throw new Error(ruleText(PASSWORD_MISMATCH, lang));
      },
    }),
  ];
}
