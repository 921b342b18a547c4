import { z } from 'zod';
import {
  CompanyNameSchema,
  LoginAccountSchema,
  UserNameSchema,
  VerificationCodeSchema,
} from '../rules/identity.ts';
import { checkAccountPassword, PASSWORD_MISMATCH, passwordsMatch } from '../rules/password.ts';
import { TwoFactorEnrolmentSchema } from '../rules/two-factor.ts';
import { logoutCall, queryUserInfoCall, switchCompanyCall } from './auth.session.ts';
import { defineCall } from './define.ts';

/**
 * Sign-in and sessions (core §4, §7; issue 3). The ticket scheme is in docs/api.md: every signed-in call
 * sends `ticket: <ticket>.<unix-ms>.<hex HMAC-SHA256(key, "<ticket>.<unix-ms>")>`.
 */

/** Password and confirmation, checked against the account and user name the form also holds. */
function refineNewPassword(
  value: { password: string; confirmPassword: string; account?: string; userName?: string },
  ctx: z.RefinementCtx,
) {
  const key = checkAccountPassword(value.password, { account: value.account, userName: value.userName });
  if (key) ctx.addIssue({ code: 'custom', path: ['password'], message: key, input: value.password });
  if (!passwordsMatch(value.password, value.confirmPassword))
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH, input: '' });
}

export const LoginBodySchema = z.strictObject({
  /** E-mail address or phone number. */
  account: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
  /** Text of the captcha picture; required after a wrong password (14047 missing, 14011 wrong). */
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
});

export const LoginSessionSchema = z.object({
  /** Opaque session token; the server keeps only its hash. */
  ticket: z.string(),
  /** Per-session HMAC key for signing the ticket header. */
  key: z.string(),
  /** Unix ms when the session ends (4 hours after sign-in); also tells the client the server's clock. */
  expiresAt: z.number().int(),
});
export type LoginSession = z.infer<typeof LoginSessionSchema>;

/**
 * The password was right and a second factor is due (the person has one, or the company's policy asks
 * for one): trade the challenge and a code for the session with `sso.loginSecondFactor` (api/two-factor.ts) within 5 minutes.
 */
export const SecondFactorChallengeSchema = z.object({
  /** Opaque, single-use; the server keeps only its hash. */
  challenge: z.string(),
  /** Unix ms when the challenge ends. */
  challengeExpiresAt: z.number().int(),
  /** Present when the person must enrol first: the new key to add to an authenticator app. */
  enrolment: TwoFactorEnrolmentSchema.optional(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

export const LoginResultSchema = z.union([LoginSessionSchema, SecondFactorChallengeSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const loginCall = defineCall({
  id: 'sso.login',
  method: 'POST',
  path: '/pl/sso/login',
  input: LoginBodySchema,
  output: LoginResultSchema,
  permission: 'public',
  summary: 'Sign in with an e-mail address or phone number; answers a ticket and its signing key',
});

export const CaptchaSchema = z.object({
  captchaId: z.string(),
  /** `data:image/svg+xml;base64,...`, ready for an <img src>. */
  image: z.string(),
});
export const captchaCall = defineCall({
  id: 'sso.captcha',
  method: 'GET',
  path: '/pl/sso/captcha',
  input: z.strictObject({}),
  output: CaptchaSchema,
  permission: 'public',
  summary: 'A captcha picture and its id, for the sign-in after a wrong password',
});

export const RegisterBodySchema = z
  .strictObject({
    companyName: CompanyNameSchema,
    account: LoginAccountSchema,
    userName: UserNameSchema,
    password: z.string(),
    confirmPassword: z.string(),
    /** From sendEmailCode (e-mail accounts) or sendCode (phone accounts). */
    code: VerificationCodeSchema,
  })
  .superRefine(refineNewPassword);

export const registerCall = defineCall({
  id: 'sso.register',
  method: 'POST',
  path: '/pl/sso/register',
  input: RegisterBodySchema,
  output: z.object({ companyId: z.number().int(), userId: z.number().int() }),
  permission: 'public',
  summary: 'Register a company (end customer) with its owner',
  mutates: true,
});

export const ResetPasswordBodySchema = z
  .strictObject({
    account: LoginAccountSchema,
    code: VerificationCodeSchema,
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine(refineNewPassword);

export const resetPasswordCall = defineCall({
  id: 'sso.resetPassword',
  method: 'POST',
  path: '/pl/sso/resetPassword',
  input: ResetPasswordBodySchema,
  output: z.null(),
  permission: 'public',
  summary: 'Set a new password with a verification code (forgotten or expired password)',
  mutates: true,
});

export {
  logoutCall,
  queryUserInfoCall,
  switchCompanyCall,
  type UserInfo,
  UserInfoSchema,
} from './auth.session.ts';

export const SSO_CALLS = [
  loginCall,
  logoutCall,
  captchaCall,
  registerCall,
  resetPasswordCall,
  queryUserInfoCall,
  switchCompanyCall,
] as const;
