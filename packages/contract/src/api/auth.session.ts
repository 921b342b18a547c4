import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * The calls a signed-in console makes on every load (who is signed in, switching company, signing
 * out), apart from auth.ts: a bundle takes a module whole, and the sign-in and registration calls
 * would bring the password and identity rules to every console page.
 */

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
