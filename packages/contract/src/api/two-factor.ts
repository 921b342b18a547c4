import { z } from 'zod';
import { RecoveryCodeSchema, TotpCodeSchema, TwoFactorEnrolmentSchema } from '../rules/two-factor.ts';
import { LoginSessionSchema } from './auth.ts';
import { defineCall } from './define.ts';

export {
  RecoveryCodeSchema,
  TotpCodeSchema,
  type TwoFactorEnrolment,
  TwoFactorEnrolmentSchema,
} from '../rules/two-factor.ts';

/**
 * Two-factor sign-in (issue 18; docs/decisions.md "Two-factor sign-in"): TOTP (RFC 6238, 30 s, SHA-1,
 * 6 digits, ±1 step, a used step refused), 10 single-use recovery codes, a company policy, and the
 * sign-in's second step (`sso.loginSecondFactor`, after `sso.login` answered a challenge).
 */

/** Company policy: who must sign in with a second factor. */
export const TWO_FACTOR_POLICIES = ['off', 'administrators', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

export const LoginSecondFactorBodySchema = z
  .strictObject({
    challenge: z.string().min(1).max(128),
    /** Six digits from the authenticator app; or */
    code: TotpCodeSchema.optional(),
    /** one of the recovery codes (each works once). */
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.code === undefined) === (value.recoveryCode === undefined))
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Invalid input', input: value.code });
  });

export const loginSecondFactorCall = defineCall({
  id: 'sso.loginSecondFactor',
  method: 'POST',
  path: '/pl/sso/loginSecondFactor',
  input: LoginSecondFactorBodySchema,
  output: LoginSessionSchema.extend({
    /** After an enrolment at sign-in: the 10 recovery codes, shown once. */
    recoveryCodes: z.array(z.string()).optional(),
  }),
  permission: 'public',
  summary: 'Second sign-in step: the challenge and a code (or a recovery code) for the ticket and its key',
});

export const TwoFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  /** The current company's policy asks this person for a factor. */
  required: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const getTwoFactorStatusCall = defineCall({
  id: 'twoFactor.status',
  method: 'GET',
  path: '/pl/user/twoFactor/status',
  input: z.strictObject({}),
  output: TwoFactorStatusSchema,
  permission: 'session',
  summary: "The signed-in person's second factor: enrolled, required by the company, recovery codes left",
});

export const beginTwoFactorCall = defineCall({
  id: 'twoFactor.begin',
  method: 'POST',
  path: '/pl/user/twoFactor/begin',
  input: z.strictObject({}),
  output: TwoFactorEnrolmentSchema,
  permission: 'session',
  mutates: true,
  summary: 'Start enrolling an authenticator app: a new key and its QR code, active once confirmed',
});

export const confirmTwoFactorCall = defineCall({
  id: 'twoFactor.confirm',
  method: 'POST',
  path: '/pl/user/twoFactor/confirm',
  input: z.strictObject({ code: TotpCodeSchema }),
  output: z.object({ recoveryCodes: z.array(z.string()) }),
  permission: 'session',
  mutates: true,
  summary: 'Confirm the enrolment with a code from the app; answers 10 recovery codes, shown once',
});

export const removeTwoFactorCall = defineCall({
  id: 'twoFactor.remove',
  method: 'POST',
  path: '/pl/user/twoFactor/remove',
  input: z.strictObject({ code: TotpCodeSchema }),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'Turn off two-factor sign-in with a current code (refused while the company requires it)',
});

export const getTwoFactorPolicyCall = defineCall({
  id: 'twoFactor.getPolicy',
  method: 'GET',
  path: '/pl/company/getTwoFactorPolicy',
  input: z.strictObject({}),
  output: z.object({ policy: z.enum(TWO_FACTOR_POLICIES) }),
  permission: 'companyAccount.view',
  adminOnly: true,
  summary: "The company's two-factor policy: off, administrators or everyone",
});

export const setTwoFactorPolicyCall = defineCall({
  id: 'twoFactor.setPolicy',
  method: 'POST',
  path: '/pl/company/setTwoFactorPolicy',
  input: z.strictObject({ policy: z.enum(TWO_FACTOR_POLICIES) }),
  output: z.null(),
  permission: 'companyAccount.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Set who must sign in with a second factor; they enrol at their next sign-in',
});

export const resetMemberTwoFactorCall = defineCall({
  id: 'twoFactor.resetMember',
  method: 'POST',
  path: '/pl/user/twoFactor/resetMember',
  input: z.strictObject({ userId: z.coerce.number().int().positive() }),
  output: z.null(),
  permission: 'users.edit',
  adminOnly: true,
  mutates: true,
  summary: "Remove a member's second factor and recovery codes (a lost phone); they enrol again",
});

export const TWO_FACTOR_CALLS = [
  loginSecondFactorCall,
  getTwoFactorStatusCall,
  beginTwoFactorCall,
  confirmTwoFactorCall,
  removeTwoFactorCall,
  getTwoFactorPolicyCall,
  setTwoFactorPolicyCall,
  resetMemberTwoFactorCall,
] as const;
