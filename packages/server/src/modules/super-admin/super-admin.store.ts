import type { PlatformCompany } from '@fleetport/contract';
import { sql } from 'kysely';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * The Super Admin's SQL. The Super Admin has no company: these read and change the platform as a
 * whole, and only the Super Admin's calls (permission `superAdmin`) and the gates reach them.
 */

export interface CompanyFilter {
  keyword?: string | undefined;
  type?: number | undefined;
  state?: 'enabled' | 'disabled' | undefined;
}

function companiesWhere(db: DbOrTx, f: CompanyFilter) {
  let q = db.selectFrom('company');
  if (f.keyword) q = q.where('company.name', 'ilike', containsPattern(f.keyword));
  if (f.type !== undefined) q = q.where('company.type', '=', f.type);
  if (f.state === 'disabled') q = q.where('company.disabled_at', 'is not', null);
  if (f.state === 'enabled') q = q.where('company.disabled_at', 'is', null);
  return q;
}

export async function countCompanies(db: DbOrTx, f: CompanyFilter): Promise<number> {
  const row = await companiesWhere(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listCompanies(
  db: DbOrTx,
  f: CompanyFilter,
  offset: number,
  limit: number,
): Promise<PlatformCompany[]> {
  const rows = await companiesWhere(db, f)
    .select([
      'company.id',
      'company.name',
      'company.type',
      'company.disabled_at',
      'company.created_at',
      sql<number>`(select count(*) from company_user cu where cu.company_id = company.id)`.as('user_count'),
      sql<string | null>`(select u.login_account from company_user cu join app_user u on u.id = cu.user_id
        where cu.company_id = company.id and cu.is_delete = 0 order by cu.user_id limit 1)`.as(
        'owner_account',
      ),
    ])
    .orderBy('company.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    companyId: Number(r.id),
    name: r.name,
    type: r.type,
    disabled: r.disabled_at !== null,
    createdAt: new Date(r.created_at).getTime(),
    userCount: Number(r.user_count),
    ownerAccount: r.owner_account,
  }));
}

/** False when no such company. */
export async function setCompanyDisabled(db: DbOrTx, companyId: number, at: Date | null): Promise<boolean> {
  const result = await db
    .updateTable('company')
    .set({ disabled_at: at })
    .where('id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function disabledCompanyIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.selectFrom('company').select('id').where('disabled_at', 'is not', null).execute();
  return rows.map((r) => Number(r.id));
}

export async function isCompanyDisabled(db: DbOrTx, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where('id', '=', companyId)
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

export async function listRetirements(db: DbOrTx) {
  const rows = await db
    .selectFrom('feature_retirement')
    .select(['feature', 'retire_at'])
    .orderBy('retire_at')
    .orderBy('feature')
    .execute();
  return rows.map((r) => ({ feature: r.feature, retireAt: new Date(r.retire_at).getTime() }));
}

export async function saveRetirement(db: DbOrTx, feature: string, retireAt: Date, now: Date) {
  await db
    .insertInto('feature_retirement')
    .values({ feature, retire_at: retireAt, updated_at: now })
    .onConflict((oc) => oc.column('feature').doUpdateSet({ retire_at: retireAt, updated_at: now }))
    .execute();
}

export async function removeRetirement(db: DbOrTx, feature: string) {
  await db.deleteFrom('feature_retirement').where('feature', '=', feature).execute();
}

/** This node is alive (its first beat sets when it started). */
export async function beat(db: DbOrTx, nodeId: string, startedAt: Date, now: Date) {
  await db
    .insertInto('platform_node')
    .values({ node_id: nodeId, started_at: startedAt, seen_at: now })
    .onConflict((oc) => oc.column('node_id').doUpdateSet({ started_at: startedAt, seen_at: now }))
    .execute();
}

export async function nodesSeenSince(db: DbOrTx, since: Date) {
  const rows = await db
    .selectFrom('platform_node')
    .selectAll()
    .where('seen_at', '>=', since)
    .orderBy('node_id')
    .execute();
  return rows.map((r) => ({
    nodeId: r.node_id,
    startedAt: new Date(r.started_at).getTime(),
    seenAt: new Date(r.seen_at).getTime(),
  }));
}

export async function devicesOnline(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('device')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('online', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function jobBacklog(db: DbOrTx) {
  const rows = await db
    .selectFrom('job')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['queued', 'running', 'failed'])
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { queued: of('queued'), running: of('running'), failed: of('failed') };
}
