import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** Roles with how many users hold each. Every query is limited to the caller's company scope. */

function roleQuery(db: DbOrTx, scope: CompanyScope) {
  return db
    .selectFrom('role')
    .select((eb) => [
      'role.id',
      'role.name',
      'role.role_type',
      'role.description',
      'role.is_default',
      'role.fun_codes',
      eb
        .selectFrom('company_user')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('company_user.role_id', '=', 'role.id')
        .as('user_count'),
    ])
    .where('role.company_id', 'in', scopedCompanyIds(scope));
}

export type RoleRecord = NonNullable<Awaited<ReturnType<typeof findRole>>>;

export async function findRole(db: DbOrTx, scope: CompanyScope, roleId: number) {
  return roleQuery(db, scope).where('role.id', '=', roleId).executeTakeFirst();
}

export async function listRoles(
  db: DbOrTx,
  scope: CompanyScope,
  roleName: string | undefined,
  offset: number,
  limit: number,
) {
  let query = roleQuery(db, scope);
  if (roleName) {
    query = query.where(sql<string>`lower(role.name)`, 'like', containsPattern(roleName.toLowerCase()));
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const list = await query
    .orderBy('role.role_type', 'desc')
    .orderBy('role.is_default', 'desc')
    .orderBy('role.id')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(total.n), list };
}

export async function roleNameTaken(db: DbOrTx, scope: CompanyScope, name: string, exceptId?: number) {
  let query = db
    .selectFrom('role')
    .select('id')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function updateRole(
  db: DbOrTx,
  scope: CompanyScope,
  roleId: number,
  changes: { name?: string; description?: string; funCodes?: string[] },
) {
  const set: { name?: string; description?: string; fun_codes?: string } = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.description !== undefined) set.description = changes.description;
  if (changes.funCodes !== undefined) set.fun_codes = JSON.stringify(changes.funCodes);
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('role')
    .set(set)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', roleId)
    .execute();
}

export async function deleteRole(db: DbOrTx, scope: CompanyScope, roleId: number) {
  await db
    .deleteFrom('role')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', roleId)
    .execute();
}
