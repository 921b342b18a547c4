import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';
import { boundedText, refineWith, requiredText } from './rule.ts';

/** Account and identity rules of core §5: e-mail, phone, login account, names, codes. */
registerRuleMessages({
  emailInvalid: { en: 'Please enter a valid e-mail address', cn: '请输入正确的邮箱地址' },
  phoneInvalid: { en: 'Please enter a valid mobile phone number', cn: '请输入正确的手机号码' },
  loginAccountInvalid: {
    en: 'Please enter an e-mail address or telephone number',
    cn: '请输入邮箱地址或电话号码',
  },
  verificationCodeInvalid: { en: 'Please enter the 6-digit verification code', cn: '请输入6位数字验证码' },
  onlySpecialSymbols: {
    en: '{name} can not consist of special symbols only',
    cn: '{name}不能只包含特殊符号',
  },
  shortCodeInvalid: {
    en: 'Please enter 5-8 characters of letters, digits and @!#$%*._-',
    cn: '请输入5-8位字母、数字或@!#$%*._-',
  },
  alphanumericOnly: { en: 'Only letters and digits are allowed', cn: '只能输入字母和数字' },
  forbiddenNameChars: {
    en: '{name} can not contain spaces or + / ? % & =',
    cn: '{name}不能包含空格或+ / ? % & =',
  },
});

// ---- emoji -------------------------------------------------------------------------------------------

/**
 * Pictographs and the invisible pieces that glue them into one emoji (variation selector, zero-width
 * joiner, skin tones, flags, keycaps, tag sequences). ©, ® and ™ are pictographic by Unicode but belong in
 * company and product names, so they stay.
 */
const EMOJI =
  /(?![©®™])\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]|\u20E3|\uFE0F|\u200D/gu;

/** Core §5: emoji are stripped from text inputs (the console on input, the server on the way in). */
export function stripEmoji(text: string): string {
  return text.replace(EMOJI, '');
}

/** Free text with emoji stripped and blanks trimmed, then `min`-`max` characters. */
export function plainText(min: number, max: number) {
  return z.string().overwrite(stripEmoji).pipe(boundedText(min, max));
}

// ---- e-mail and phone ----------------------------------------------------------------------------

/** Local part of letters, digits and _ . -, then @, then a domain with at least one dot. */
const EMAIL = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** RFC 5321 caps a forward path at 254 characters; a longer value cannot be delivered to. */
export const EMAIL_MAX = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

export const EmailSchema = requiredText().refine(isEmail, { error: 'emailInvalid' });

/** Phones are typed with spaces ("138 0013 8000"); they are compared and stored without. */
export function normalizePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Mainland China mobile: 1, then 3-8, 11 digits in all (spaces ignored). */
export function isMainlandPhone(value: string): boolean {
  return /^1[3-8]\d{9}$/.test(normalizePhone(value));
}

/** Outputs the number without spaces. */
export const MainlandPhoneSchema = z
  .string()
  .transform(normalizePhone)
  .pipe(requiredText().refine(isMainlandPhone, { error: 'phoneInvalid' }));

/**
 * Any telephone number a login may use: an optional +, then 5-20 digits (spaces ignored). Accounts outside
 * the mainland sign in with their own numbers, so the login does not insist on the mainland form.
 */
export function isTelephone(value: string): boolean {
  return /^\+?\d{5,20}$/.test(normalizePhone(value));
}

/** Core §5: the login account is an e-mail address or a telephone number; phones come out without spaces. */
export const LoginAccountSchema = requiredText()
  .transform((value) => (isEmail(value) ? value : normalizePhone(value)))
  .refine((value) => isEmail(value) || isTelephone(value), { error: 'loginAccountInvalid' });

/**
 * Verification codes are 6 digits: the spec only says a code is required, and 6 digits is what the
 * platform sends (e-mail and SMS); checking the shape here spares a round trip for a typo.
 */
export const VERIFICATION_CODE_LENGTH = 6;
export const VerificationCodeSchema = requiredText().regex(/^\d{6}$/, { error: 'verificationCodeInvalid' });

// ---- names and text ------------------------------------------------------------------------------

export const UserNameSchema = plainText(2, 50);
export const NameSchema = plainText(2, 50);
export const DescriptionSchema = plainText(0, 200);

/** True when the text holds at least one letter or digit of any script (Chinese included). */
export function hasLetterOrDigit(value: string): boolean {
  return /[\p{L}\p{N}]/u.test(value);
}

export const CompanyNameSchema = plainText(1, 50).refine(hasLetterOrDigit, { error: 'onlySpecialSymbols' });

/** Short device code or account: 5-8 characters of letters, digits and @!#$%*._-. */
export function isShortCode(value: string): boolean {
  return /^[A-Za-z0-9@!#$%*._-]{5,8}$/.test(value);
}
export const ShortCodeSchema = requiredText().refine(isShortCode, { error: 'shortCodeInvalid' });

export function isAlphanumeric(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}
export const AlphanumericSchema = requiredText()
  .max(50)
  .refine(isAlphanumeric, { error: 'alphanumericOnly' });

/** Names travel in URLs and file names, where a space or one of + / ? % & = breaks them. */
export function noForbiddenNameChars(value: string): boolean {
  return !/[\s+/?%&=]/.test(value);
}

/** Adds the forbidden-characters rule to a name schema: `withoutForbiddenChars(NameSchema)`. */
export function withoutForbiddenChars<S extends z.ZodType<string>>(schema: S) {
  return schema.superRefine(
    refineWith((value: string) => (noForbiddenNameChars(value) ? null : 'forbiddenNameChars')),
  );
}
