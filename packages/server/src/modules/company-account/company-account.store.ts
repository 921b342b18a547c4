import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * The company row, its members and partner links, scoped by the caller's CompanyScope. The account
 * (name, type, country) exists once per company: it is read and changed for the scope's one owning
 * company (`owningCompany`; a set of companies has no one account to show, 5). Member counts, lists and
 * partner links read every company of the scope.
 */

/** The company's own row: the account page's subject, one per company. */
export async function findCompany(db: DbOrTx, scope: CompanyScope) {
  return db.selectFrom('company').selectAll().where('id', '=', owningCompany(scope)).executeTakeFirst();
}

export async function countMembers(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('company_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Upstream or downstream partner links of the scope's companies (core §6: they lock a company's type). */
export async function hasRelations(db: DbOrTx, scope: CompanyScope): Promise<boolean> {
  const ids = scopedCompanyIds(scope);
  const row = await db
    .selectFrom('company_relation')
    .select('id')
    .where((eb) => eb.or([eb('upstream_company_id', 'in', ids), eb('downstream_company_id', 'in', ids)]))
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertRelation(db: DbOrTx, upstreamCompanyId: number, downstreamCompanyId: number) {
  await db
    .insertInto('company_relation')
    .values({ upstream_company_id: upstreamCompanyId, downstream_company_id: downstreamCompanyId })
    .execute();
}

/** Whether a company other than the scope's owning one (the one being renamed) has the name. */
export async function otherCompanyNamed(db: DbOrTx, name: string, scope: CompanyScope): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .where('id', '!=', owningCompany(scope))
    .executeTakeFirst();
  return Boolean(row);
}

export async function updateCompany(
  db: DbOrTx,
  scope: CompanyScope,
  changes: { name?: string; type?: number; country?: string | null },
) {
  const companyId = owningCompany(scope);
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('company').set(changes).where('id', '=', companyId).execute();
  if (changes.name !== undefined) {
    // The root group carries the company's name (registration names it so).
    await db
      .updateTable('company_group')
      .set({ name: changes.name })
      .where('company_id', '=', companyId)
      .where('parent_id', 'is', null)
      .execute();
  }
}

export async function listMembers(db: DbOrTx, scope: CompanyScope, offset: number, limit: number) {
  return db
    .selectFrom('company_user')
    .innerJoin('app_user', 'app_user.id', 'company_user.user_id')
    .innerJoin('role', 'role.id', 'company_user.role_id')
    .select([
      'app_user.id as user_id',
      'app_user.user_name',
      'app_user.login_account',
      'role.name as role_name',
      'role.role_type',
    ])
    .where('company_user.company_id', 'in', scopedCompanyIds(scope))
    .orderBy('app_user.user_name')
    .orderBy('app_user.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findMembership(db: DbOrTx, scope: CompanyScope, userId: number) {
  return db
    .selectFrom('company_user')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Removes a person from the scope's owning company (a set of companies is refused, 5). When it was their
 * default company another one becomes the default, so sign-in still has somewhere to land.
 */
export async function removeMembership(db: DbOrTx, scope: CompanyScope, userId: number): Promise<number> {
  const removed = await db
    .deleteFrom('company_user')
    .where('company_id', '=', owningCompany(scope))
    .where('user_id', '=', userId)
    .returning('is_default')
    .executeTakeFirst();
  const left = await db
    .selectFrom('company_user')
    .select(['company_id', 'is_default'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  if (removed?.is_default && left.length && !left.some((m) => m.is_default)) {
    await setDefaultCompany(db, userId, Number(left[0]!.company_id));
  }
  return left.length;
}

/** A person's own choice, keyed by the person: the company they land in (one of their memberships). */
export async function setDefaultCompany(db: DbOrTx, userId: number, companyId: number) {
  await db
    .updateTable('company_user')
    .set({ is_default: sql<boolean>`company_id = ${companyId}` })
    .where('user_id', '=', userId)
    .execute();
}
