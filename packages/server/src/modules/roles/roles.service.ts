import {
  type CallParsedInput,
  CUSTOM_ROLE_BASE_TYPES,
  type createRoleCall,
  ErrorCode,
  grantableFunCodes,
  type Page,
  type RoleDetail,
  type RoleRow,
  type updateRoleCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, assertNotHigher, owningCompany } from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { insertRole } from '../accounts/accounts.store.ts';
import * as store from './roles.store.ts';

function toRow(r: store.RoleRecord): RoleRow {
  return {
    roleId: Number(r.id),
    roleName: r.name,
    roleType: Number(r.role_type),
    description: r.description,
    isDefault: r.is_default,
    userCount: Number(r.user_count ?? 0),
  };
}

export async function listRoles(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  input: { pageNum: number; pageSize: number; roleName?: string | undefined },
): Promise<Page<RoleRow>> {
  const { total, list } = await store.listRoles(
    deps.db,
    actor.scope,
    input.roleName,
    (input.pageNum - 1) * input.pageSize,
    input.pageSize,
  );
  return { total, list: list.map(toRow) };
}

async function roleOf(db: DbOrTx, actor: Actor, roleId: number) {
  const role = await store.findRole(db, actor.scope, roleId);
  if (!role) throw new AppError(ErrorCode.ROLE_NOT_FOUND);
  return role;
}

export async function getRole(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  roleId: number,
): Promise<RoleDetail> {
  const role = await roleOf(deps.db, actor, roleId);
  return { ...toRow(role), funCodes: role.fun_codes, grantable: grantableFunCodes(Number(role.role_type)) };
}

/**
 * A role holds at most what its type's default holds, and nobody hands out a function they do not
 * hold themselves: either way the caller lacks the permission (5).
 */
function assertGrantable(actor: Actor, roleType: number, funCodes: readonly string[]) {
  const grantable = new Set(grantableFunCodes(roleType));
  if (funCodes.some((c) => !grantable.has(c) || !actor.funCodes.has(c)))
    throw new AppError(ErrorCode.NO_PERMISSION);
}

export async function createRole(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  input: CallParsedInput<typeof createRoleCall>,
): Promise<{ roleId: number }> {
  if (!(CUSTOM_ROLE_BASE_TYPES as readonly number[]).includes(input.roleType))
    throw new AppError(ErrorCode.CUSTOM_ROLE_TYPE);
  assertNotHigher(actor, input.roleType);
  assertGrantable(actor, input.roleType, input.funCodes);
  return inTransaction(deps.db, async (tx) => {
    if (await store.roleNameTaken(tx, actor.scope, input.roleName))
      throw new AppError(ErrorCode.ROLE_NAME_EXISTS);
    const roleId = await insertRole(tx, {
      companyId: owningCompany(actor.scope),
      name: input.roleName,
      roleType: input.roleType,
      isDefault: false,
      funCodes: input.funCodes,
    });
    if (input.description)
      await store.updateRole(tx, actor.scope, roleId, { description: input.description });
    return { roleId };
  });
}

/**
 * Core §6, checked in this order: a higher role (14027); one's own or an equal role's permissions
 * (14026); a default role (14023); a taken name (700001).
 */
export async function updateRole(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  input: CallParsedInput<typeof updateRoleCall>,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const role = await roleOf(tx, actor, input.roleId);
    const roleType = Number(role.role_type);
    assertNotHigher(actor, roleType);
    if (input.funCodes !== undefined && (Number(role.id) === actor.roleId || roleType === actor.roleType))
      throw new AppError(ErrorCode.OWN_ROLE_PERMISSIONS);
    if (role.is_default) throw new AppError(ErrorCode.DEFAULT_ROLE_FIXED);
    if (
      input.roleName !== undefined &&
      (await store.roleNameTaken(tx, actor.scope, input.roleName, input.roleId))
    )
      throw new AppError(ErrorCode.ROLE_NAME_EXISTS);
    if (input.funCodes !== undefined) assertGrantable(actor, roleType, input.funCodes);
    await store.updateRole(tx, actor.scope, input.roleId, {
      ...(input.roleName !== undefined ? { name: input.roleName } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.funCodes !== undefined ? { funCodes: input.funCodes } : {}),
    });
  });
}

export async function deleteRole(
  deps: ModuleDeps<'clock' | 'db'>,
  actor: Actor,
  roleId: number,
): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const role = await roleOf(tx, actor, roleId);
    assertNotHigher(actor, Number(role.role_type));
    if (role.is_default) throw new AppError(ErrorCode.DEFAULT_ROLE_FIXED);
    if (Number(role.user_count ?? 0) > 0) throw new AppError(ErrorCode.ROLE_HAS_USERS);
    await store.deleteRole(tx, actor.scope, roleId);
  });
}
