import {
  type CallParsedInput,
  type createUserCall,
  ErrorCode,
  type Page,
  type UserRow,
  type updateUserCall,
  type userListCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, assertNotHigher, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { hashPassword } from '../../platform/auth/password-hash.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import * as accounts from '../accounts/accounts.store.ts';
import { normalizeAccount } from '../accounts/login-account.ts';
import { rememberPassword } from '../accounts/passwords.ts';
import { removeMembership } from '../company-account/company-account.store.ts';
import { isGroupAdmin } from '../device-groups/group-admins.store.ts';
import { assertProvisionerCandidate } from './provisioners.ts';
import * as store from './users.store.ts';

function toRow(m: NonNullable<Awaited<ReturnType<typeof store.findMember>>>): UserRow {
  return {
    userId: Number(m.user_id),
    userName: m.user_name,
    loginAccount: m.login_account,
    roleId: Number(m.role_id),
    roleName: m.role_name,
    roleType: Number(m.role_type),
    status: m.status,
    isDelete: m.is_delete,
    passwordExpiryDays: m.password_max_age_days,
    passwordExpiresAt: m.password_expires_at ? new Date(m.password_expires_at).getTime() : null,
    createdAt: new Date(m.created_at).getTime(),
  };
}

export async function listUsers(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  input: CallParsedInput<typeof userListCall>,
): Promise<Page<UserRow>> {
  const { total, list } = await store.listMembers(
    deps.db,
    actor.scope,
    input,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return { total, list: list.map(toRow) };
}

/**
 * A role of the company the actor writes into that the actor may hand out: it exists there (700002) and
 * is not higher (14027). A set of companies has no one company to hand a role in (5).
 */
export async function assignableRole(db: DbOrTx, actor: Actor, roleId: number) {
  const role = await store.findRoleInCompany(db, owningScope(actor.scope), roleId);
  if (!role) throw new AppError(ErrorCode.ROLE_NOT_FOUND);
  assertNotHigher(actor, Number(role.role_type));
  return role;
}

/**
 * Another user of the company the actor writes into that the actor may change: a member (700004),
 * neither the company's default user nor a device group's administrator (14025), not above the actor
 * (14027). A set of companies has no one company to change a member in (5).
 */
export async function alterableMember(db: DbOrTx, actor: Actor, userId: number) {
  const owner = owningScope(actor.scope);
  const member = await store.findMember(db, owner, userId);
  if (!member) throw new AppError(ErrorCode.USER_NOT_FOUND);
  if (member.is_delete === 0 || (await isGroupAdmin(db, owner, userId)))
    throw new AppError(ErrorCode.DEFAULT_USER_FIXED);
  assertNotHigher(actor, Number(member.role_type));
  return member;
}

/** A new person with an initial password (initialPwd 1); an existing account is invited instead (9). */
export async function createUser(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  input: CallParsedInput<typeof createUserCall>,
): Promise<{ userId: number }> {
  const companyId = owningCompany(actor.scope);
  const account = normalizeAccount(input.account);
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password);
  return inTransaction(deps.db, async (tx) => {
    const role = await assignableRole(tx, actor, input.roleId);
    const existing = await accounts.findUserByAccount(tx, account);
    if (existing) {
      const member = await store.findMember(tx, actor.scope, Number(existing.id));
      throw new AppError(member ? ErrorCode.USER_ALREADY_MEMBER : ErrorCode.ACCOUNT_EXISTS);
    }
    // A new account belongs to no partner: a provisioner is invited from the partner's people (15055).
    await assertProvisionerCandidate(tx, actor.scope, Number(role.role_type), null);
    const userId = await accounts.insertUser(tx, {
      loginAccount: account,
      userName: input.userName,
      passwordHash,
      now,
      initialPwd: 1,
    });
    await rememberPassword(tx, userId, passwordHash, now);
    if (input.passwordExpiryDays) await store.setPasswordExpiry(tx, userId, input.passwordExpiryDays);
    await accounts.insertMembership(tx, {
      companyId,
      userId,
      roleId: Number(role.id),
      isDefault: true,
      isDelete: 1,
    });
    return { userId };
  });
}

export async function updateUser(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  input: CallParsedInput<typeof updateUserCall>,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    // Changing one's own role changes one's own permissions (core §6).
    if (input.userId === actor.userId && input.roleId !== undefined && input.roleId !== actor.roleId)
      throw new AppError(ErrorCode.OWN_ROLE_PERMISSIONS);
    const member = await alterableMember(tx, actor, input.userId);
    if (input.roleId !== undefined && input.roleId !== Number(member.role_id)) {
      const role = await assignableRole(tx, actor, input.roleId);
      await assertProvisionerCandidate(tx, actor.scope, Number(role.role_type), input.userId);
      await store.setMemberRole(tx, actor.scope, input.userId, Number(role.id));
    }
    if (input.userName !== undefined) await accounts.updateUserName(tx, input.userId, input.userName);
    if (input.passwordExpiryDays !== undefined)
      await store.setPasswordExpiry(tx, input.userId, input.passwordExpiryDays);
  });
}

export async function setUserStatus(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  userId: number,
  status: number,
): Promise<void> {
  if (userId === actor.userId) throw new AppError(ErrorCode.CANNOT_DISABLE_SELF);
  await inTransaction(deps.db, async (tx) => {
    await alterableMember(tx, actor, userId);
    await store.setMemberStatus(tx, actor.scope, userId, status);
  });
}

/** Removes the person from the company; a person left without any company is deleted. */
export async function deleteUser(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  userId: number,
): Promise<void> {
  if (userId === actor.userId) throw new AppError(ErrorCode.CANNOT_DELETE_SELF);
  await inTransaction(deps.db, async (tx) => {
    await alterableMember(tx, actor, userId);
    const left = await removeMembership(tx, actor.scope, userId);
    if (left === 0) await store.deletePersonIfOrphaned(tx, userId);
  });
}
