import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * The users of the caller's companies (memberships with their person and role). Reads reach every
 * company of the scope; a change lands in its one owning company (a set is refused, 5).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function memberQuery(db: DbOrTx, scope: CompanyScope) {
  return db
    .selectFrom('company_user')
    .innerJoin('app_user', 'app_user.id', 'company_user.user_id')
    .innerJoin('role', 'role.id', 'company_user.role_id')
    .select([
      'app_user.id as user_id',
      'app_user.user_name',
      'app_user.login_account',
      'app_user.password_max_age_days',
      'app_user.password_expires_at',
      'role.id as role_id',
      'role.name as role_name',
      'role.role_type',
      'company_user.status',
      'company_user.is_delete',
      'company_user.created_at',
    ])
    .where('company_user.company_id', 'in', scopedCompanyIds(scope));
}

export type MemberRow = Awaited<ReturnType<typeof findMember>> & object;

export async function findMember(db: DbOrTx, scope: CompanyScope, userId: number) {
  return memberQuery(db, scope).where('app_user.id', '=', userId).executeTakeFirst();
}

export interface UserFilter {
  keyword?: string | undefined;
  roleId?: number | undefined;
  status?: number | undefined;
}

export async function listMembers(
  db: DbOrTx,
  scope: CompanyScope,
  filter: UserFilter,
  offset: number,
  limit: number,
) {
  let query = memberQuery(db, scope);
  if (filter.keyword) {
    const like = containsPattern(filter.keyword.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(app_user.user_name)`, 'like', like),
        eb(sql<string>`lower(app_user.login_account)`, 'like', like),
      ]),
    );
  }
  if (filter.roleId !== undefined) query = query.where('role.id', '=', filter.roleId);
  if (filter.status !== undefined) query = query.where('company_user.status', '=', filter.status);
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const list = await query
    .orderBy('company_user.created_at', 'desc')
    .orderBy('app_user.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(total.n), list };
}

export async function findRoleInCompany(db: DbOrTx, scope: CompanyScope, roleId: number) {
  return db
    .selectFrom('role')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', roleId)
    .executeTakeFirst();
}

export async function setMemberRole(db: DbOrTx, scope: CompanyScope, userId: number, roleId: number) {
  await db
    .updateTable('company_user')
    .set({ role_id: roleId })
    .where('company_id', '=', owningCompany(scope))
    .where('user_id', '=', userId)
    .execute();
}

export async function setMemberStatus(db: DbOrTx, scope: CompanyScope, userId: number, status: number) {
  await db
    .updateTable('company_user')
    .set({ status })
    .where('company_id', '=', owningCompany(scope))
    .where('user_id', '=', userId)
    .execute();
}

/** Days a person's password lasts; the expiry is counted from the last change. */
export async function setPasswordExpiry(db: DbOrTx, userId: number, days: number | null) {
  const user = await db
    .selectFrom('app_user')
    .select('password_changed_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const changedAt = new Date(user.password_changed_at).getTime();
  await db
    .updateTable('app_user')
    .set({
      password_max_age_days: days,
      password_expires_at: days ? new Date(changedAt + days * DAY_MS) : null,
    })
    .where('id', '=', userId)
    .execute();
}

/** A person with no company left and no Super Admin role is removed with their sessions. */
export async function deletePersonIfOrphaned(db: DbOrTx, userId: number) {
  await db
    .deleteFrom('app_user')
    .where('id', '=', userId)
    .where('super_admin', '=', false)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('company_user').select('user_id').where('user_id', '=', userId))),
    )
    .execute();
}
