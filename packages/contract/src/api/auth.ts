import { z } from 'zod';
import {
  CompanyNameSchema,
  LoginAccountSchema,
  UserNameSchema,
  VerificationCodeSchema,
} from '../rules/identity.ts';
import { checkAccountPassword, PASSWORD_MISMATCH, passwordsMatch } from '../rules/password.ts';
import { TwoFactorEnrolmentSchema } from '../rules/two-factor.ts';
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

export const logoutCall = defineCall({
  id: 'sso.logout',
  method: 'POST',
  path: '/pl/sso/logout',
  input: z.strictObject({}),
  output: z.null(),
  permission: 'session',
  summary: 'End the current session',
  mutates: true,
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

/** Core §3 "User info". `rootGroupId` is absent for the Super Admin. */
export const UserInfoSchema = z.object({
  userName: z.string(),
  userId: z.number().int(),
  loginAccount: z.string(),
  roleType: z.number().nullable(),
  roleName: z.string().nullable(),
  roleId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  rootGroupId: z.number().int().optional(),
  /** Company type: 0 end customer, 1 distributor, 2 re-seller. */
  groupType: z.number().int().nullable(),
  /** 0 for users that cannot be deleted (the owner who registered, the Super Admin). */
  isDelete: z.number().int(),
  /** 1 until the user replaces a password someone else set. */
  initialPwd: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const queryUserInfoCall = defineCall({
  id: 'sso.queryUserInfo',
  method: 'GET',
  path: '/pl/sso/queryUserInfo',
  input: z.strictObject({}),
  output: UserInfoSchema,
  permission: 'session',
  summary: 'Who is signed in, in which company and with which role',
});

export const switchCompanyCall = defineCall({
  id: 'sso.switchCompany',
  method: 'POST',
  path: '/pl/sso/switchCompany',
  input: z.strictObject({ companyId: z.coerce.number().int().positive() }),
  output: UserInfoSchema,
  permission: 'session',
  summary: 'Bind the session to another company of the signed-in person',
  mutates: true,
});

export const SSO_CALLS = [
  loginCall,
  logoutCall,
  captchaCall,
  registerCall,
  resetPasswordCall,
  queryUserInfoCall,
  switchCompanyCall,
] as const;
