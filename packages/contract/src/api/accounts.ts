import { z } from 'zod';
import { EmailSchema, UserNameSchema } from '../rules/identity.ts';
import { PASSWORD_MISMATCH, passwordsMatch } from '../rules/password.ts';
import { defineCall } from './define.ts';

/** Verification codes and the signed-in person's own account (core §5, §7; issue 3). */

/** What a phone code is for; part of the `sign` of sendCode (docs/api.md "Verification codes"). */
export const CODE_PURPOSES = ['register', 'login', 'resetPassword'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const sendEmailCodeCall = defineCall({
  id: 'account.sendEmailCode',
  method: 'POST',
  path: '/pl/user/sendEmailCode',
  input: z.strictObject({ email: EmailSchema }),
  output: z.null(),
  permission: 'public',
  summary: 'Mail a 6-digit verification code (valid 10 minutes, once); 14081 when asked too often',
  mutates: true,
});

export const SendCodeBodySchema = z.strictObject({
  cellphone: z.string().trim().min(1).max(32),
  /** Unix ms when the client signed the request; must be within 5 minutes of the server's clock. */
  time: z.coerce.number().int().positive(),
  src: z.enum(CODE_PURPOSES),
  /** hex SHA-256 of "<cellphone>.<src>.<time>" (cellphone without spaces). */
  sign: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i),
});

export const sendCodeCall = defineCall({
  id: 'account.sendCode',
  method: 'POST',
  path: '/pl/code/sendCode',
  input: SendCodeBodySchema,
  output: z.null(),
  permission: 'public',
  summary: 'Text a 6-digit verification code to a phone; the request is signed (docs/api.md)',
  mutates: true,
});

export const checkCellphoneCall = defineCall({
  id: 'account.checkCellphone',
  method: 'POST',
  path: '/pl/user/checkCellphone',
  input: z.strictObject({ cellphone: z.string().trim().min(1).max(32), src: z.enum(CODE_PURPOSES) }),
  output: z.null(),
  permission: 'public',
  summary:
    'Registering: 14087 if the phone is taken; signing in or resetting: 14085 if unknown. Non-mainland numbers pass',
});

export const UpdatePasswordBodySchema = z
  .strictObject({
    oldPassword: z.string().min(1).max(128),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (!passwordsMatch(value.password, value.confirmPassword))
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH, input: '' });
  });

export const updatePasswordCall = defineCall({
  id: 'account.updatePassword',
  method: 'POST',
  path: '/pl/user/updatePassword',
  input: UpdatePasswordBodySchema,
  output: z.null(),
  permission: 'session',
  summary: 'Change my password (My Account); other sessions of mine end',
  mutates: true,
});

export const updateMyAccountCall = defineCall({
  id: 'account.updateMyAccount',
  method: 'POST',
  path: '/pl/user/updateMyAccount',
  input: z.strictObject({ userName: UserNameSchema }),
  output: z.null(),
  permission: 'session',
  summary: 'Change my user name (My Account)',
  mutates: true,
});

export const ACCOUNT_CALLS = [
  sendEmailCodeCall,
  sendCodeCall,
  checkCellphoneCall,
  updatePasswordCall,
  updateMyAccountCall,
] as const;
