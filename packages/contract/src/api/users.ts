import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EmailSchema, LoginAccountSchema, UserNameSchema } from '../rules/identity.ts';
import { checkAccountPassword, PASSWORD_MISMATCH, passwordsMatch } from '../rules/password.ts';
import { defineCall } from './define.ts';

/**
 * Users of the current company (core §3 "User", §4 invitation, §6; issue 4): list, create, edit,
 * disable, delete, password expiry, and invitations by e-mail answered on /emailToLogin?token=...
 */

/** Core §3 "User": status 1 enabled, 0 disabled. */
export const USER_STATUS = { disabled: 0, enabled: 1 } as const;
const StatusSchema = z.union([z.literal(0), z.literal(1)]);

/** Days a password lasts once set; null: it does not expire. */
export const PASSWORD_EXPIRY_MAX_DAYS = 3650;
const PasswordExpirySchema = z.number().int().min(1).max(PASSWORD_EXPIRY_MAX_DAYS).nullable();

const Id = z.coerce.number().int().positive();

export const UserRowSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  loginAccount: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleType: z.number(),
  status: z.number().int(),
  /** 0: the company's default user (who registered it); it cannot be altered. */
  isDelete: z.number().int(),
  passwordExpiryDays: z.number().int().nullable(),
  /** Unix ms; null when the password does not expire. */
  passwordExpiresAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

export const UserListBodySchema = PageQuerySchema.extend({
  /** Part of the user name or login account, any case. */
  keyword: z.string().trim().max(254).optional(),
  roleId: Id.optional(),
  status: StatusSchema.optional(),
}).strict();

export const userListCall = defineCall({
  id: 'users.list',
  method: 'POST',
  path: '/pl/user/getUserList',
  input: UserListBodySchema,
  output: pageSchema(UserRowSchema),
  permission: 'users.view',
  adminOnly: true,
  paged: true,
  summary: 'Users of the current company, searched by name or account, newest first',
});

function refinePasswordPair(
  value: {
    password?: string | undefined;
    confirmPassword?: string | undefined;
    account?: string;
    userName?: string;
  },
  ctx: z.RefinementCtx,
) {
  if (value.password === undefined) return;
  const key = checkAccountPassword(value.password, { account: value.account, userName: value.userName });
  if (key) ctx.addIssue({ code: 'custom', path: ['password'], message: key, input: value.password });
  if (!passwordsMatch(value.password, value.confirmPassword ?? ''))
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH, input: '' });
}

export const CreateUserBodySchema = z
  .strictObject({
    account: LoginAccountSchema,
    userName: UserNameSchema,
    roleId: Id,
    /** The initial password; the person is asked to replace it (initialPwd 1). */
    password: z.string(),
    confirmPassword: z.string(),
    passwordExpiryDays: PasswordExpirySchema.optional(),
  })
  .superRefine(refinePasswordPair);

export const createUserCall = defineCall({
  id: 'users.create',
  method: 'POST',
  path: '/pl/user/addUser',
  input: CreateUserBodySchema,
  output: z.object({ userId: z.number().int() }),
  permission: 'users.create',
  adminOnly: true,
  mutates: true,
  summary:
    'Create a person with an initial password in the current company (9 if the account exists: invite it)',
});

export const updateUserCall = defineCall({
  id: 'users.update',
  method: 'POST',
  path: '/pl/user/updateUser',
  input: z.strictObject({
    userId: Id,
    userName: UserNameSchema.optional(),
    roleId: Id.optional(),
    passwordExpiryDays: PasswordExpirySchema.optional(),
  }),
  output: z.null(),
  permission: 'users.edit',
  adminOnly: true,
  mutates: true,
  summary: "Change a user's name, role or password expiry (14025 default user, 14027 higher role)",
});

export const setUserStatusCall = defineCall({
  id: 'users.setStatus',
  method: 'POST',
  path: '/pl/user/updateUserStatus',
  input: z.strictObject({ userId: Id, status: StatusSchema }),
  output: z.null(),
  permission: 'users.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Disable (0) or enable (1) a user; 14028 for oneself',
});

export const deleteUserCall = defineCall({
  id: 'users.delete',
  method: 'POST',
  path: '/pl/user/deleteUser',
  input: z.strictObject({ userId: Id }),
  output: z.null(),
  permission: 'users.remove',
  adminOnly: true,
  mutates: true,
  summary: 'Remove a user from the current company; 14029 for oneself',
});

// ---- invitations ------------------------------------------------------------------------------------

export const InvitationRowSchema = z.object({
  invitationId: z.number().int(),
  email: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  /** pending or accepted; a refused invitation is removed (enums INVITATION_STATES). */
  state: z.string(),
  inviterName: z.string(),
  invitedAt: z.number().int(),
});

export const inviteUserCall = defineCall({
  id: 'users.invite',
  method: 'POST',
  path: '/pl/user/inviteUser',
  input: z.strictObject({ email: EmailSchema, roleId: Id }),
  output: z.object({ invitationId: z.number().int() }),
  permission: 'users.create',
  adminOnly: true,
  mutates: true,
  summary: 'Invite a person by e-mail; the mail links to /emailToLogin?token=...',
});

export const invitationListCall = defineCall({
  id: 'users.listInvitations',
  method: 'POST',
  path: '/pl/user/getInvitationList',
  input: PageQuerySchema.strict(),
  output: pageSchema(InvitationRowSchema),
  permission: 'users.view',
  adminOnly: true,
  paged: true,
  summary: 'Invitations of the current company, newest first',
});

const TokenSchema = z.string().trim().min(16).max(128);

export const InvitationViewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  roleName: z.string(),
  inviterName: z.string(),
  state: z.string(),
  /** False: accepting creates the account, so the page asks for a user name and a password. */
  hasAccount: z.boolean(),
});

export const getInvitationCall = defineCall({
  id: 'invitation.get',
  method: 'POST',
  path: '/pl/invitation/getInvitation',
  input: z.strictObject({ token: TokenSchema }),
  output: InvitationViewSchema,
  permission: 'public',
  summary: 'What an invitation link offers (700008 unknown, refused or expired)',
});

export const AcceptInvitationBodySchema = z
  .strictObject({
    token: TokenSchema,
    /** Only for a person without an account: the account is created with these. */
    userName: UserNameSchema.optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine(refinePasswordPair);

export const acceptInvitationCall = defineCall({
  id: 'invitation.accept',
  method: 'POST',
  path: '/pl/invitation/acceptInvitation',
  input: AcceptInvitationBodySchema,
  output: z.object({ companyId: z.number().int(), accountCreated: z.boolean() }),
  permission: 'public',
  mutates: true,
  summary: 'Accept an invitation: join the company, creating the account when there is none',
});

export const refuseInvitationCall = defineCall({
  id: 'invitation.refuse',
  method: 'POST',
  path: '/pl/invitation/refuseInvitation',
  input: z.strictObject({ token: TokenSchema }),
  output: z.null(),
  permission: 'public',
  mutates: true,
  summary: 'Refuse an invitation; it is removed',
});

export const USER_CALLS = [
  userListCall,
  createUserCall,
  updateUserCall,
  setUserStatusCall,
  deleteUserCall,
  inviteUserCall,
  invitationListCall,
  getInvitationCall,
  acceptInvitationCall,
  refuseInvitationCall,
] as const;
