import type { LicenceProduct, QuotaLimits, QuotaPeriod } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';

/**
 * SQL of delegated quotas. A quota belongs to one company (the scope's owning company); the checks read
 * the limits of the companies above it, found from that scope through the partner links, never from a
 * bare id of the request.
 */

/** Ledger movements that bring licences into a company from upstream, or take them back up. */
export const DRAW_MOVEMENTS = ['purchase', 'assignmentIn', 'reductionOut'] as const;

export interface StoredQuota {
  companyId: number;
  devices: number | null;
  apiCallsPerSecond: number | null;
  licences: { product: LicenceProduct; limit: number; period: QuotaPeriod }[];
  setByCompanyId: number | null;
  updatedAt: Date;
}

/**
 * The company of the scope and the companies above it, nearest first (a company has at most one
 * partner; the depth is bounded in case a bad link ever made a loop).
 */
export async function chainOf(db: DbOrTx, scope: CompanyScope): Promise<number[]> {
  const rows = await sql<{ id: string | number; depth: number }>`
    with recursive chain (id, depth) as (
      select ${owningCompany(scope)}::bigint, 0
      union all
      select r.upstream_company_id, c.depth + 1
        from company_relation r join chain c on r.downstream_company_id = c.id
       where c.depth < 10
    )
    select id, depth from chain order by depth`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/** Devices held by each company's tree (the company and every company below it). */
export async function devicesHeldBelow(
  db: DbOrTx,
  companyIds: readonly number[],
): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await sql<{ root: string | number; held: string | number }>`
    with recursive tree (root, id, depth) as (
      select c.id, c.id, 0 from company c where c.id in (${sql.join(companyIds.map((id) => sql`${id}::bigint`))})
      union all
      select t.root, r.downstream_company_id, t.depth + 1
        from company_relation r join tree t on r.upstream_company_id = t.id
       where t.depth < 10
    )
    select t.root, count(d.sn) as held
      from tree t left join device d on d.company_id = t.id
     group by t.root`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.root), Number(r.held)]));
}

/** The quota of the scope's company, or null when nobody has set one. */
export async function findQuota(db: DbOrTx, scope: CompanyScope): Promise<StoredQuota | null> {
  const companyId = owningCompany(scope);
  const row = await db
    .selectFrom('company_quota')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return null;
  const licences = await db
    .selectFrom('company_licence_quota')
    .select(['product', 'quota_limit', 'period'])
    .where('company_id', '=', companyId)
    .orderBy('product')
    .execute();
  return {
    companyId,
    devices: row.devices,
    apiCallsPerSecond: row.api_calls_per_second,
    licences: licences.map((l) => ({
      product: l.product as LicenceProduct,
      limit: l.quota_limit,
      period: l.period as QuotaPeriod,
    })),
    setByCompanyId: row.set_by_company_id === null ? null : Number(row.set_by_company_id),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Replaces the scope's company's limits (the caller has checked who may set them), under the quota
 * row's lock: a device registration counting against it waits for the new limits.
 */
export async function saveQuota(
  tx: Tx,
  scope: CompanyScope,
  limits: QuotaLimits,
  by: { companyId: number | null; userId: number; at: Date },
): Promise<void> {
  const companyId = owningCompany(scope);
  const values = {
    devices: limits.devices,
    api_calls_per_second: limits.apiCallsPerSecond,
    set_by_company_id: by.companyId,
    updated_by_user_id: by.userId,
    updated_at: by.at,
  };
  await tx
    .insertInto('company_quota')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
  await tx.deleteFrom('company_licence_quota').where('company_id', '=', companyId).execute();
  if (limits.licences.length === 0) return;
  await tx
    .insertInto('company_licence_quota')
    .values(
      limits.licences.map((l) => ({
        company_id: companyId,
        product: l.product,
        quota_limit: l.limit,
        period: l.period,
      })),
    )
    .execute();
}

/**
 * Locks the device limits among these companies (those that have one), in company order everywhere so
 * two registrations under the same partner wait for each other instead of deadlocking.
 */
export async function lockDeviceLimits(
  tx: DbOrTx,
  companyIds: readonly number[],
): Promise<{ companyId: number; name: string; limit: number }[]> {
  if (companyIds.length === 0) return [];
  const rows = await tx
    .selectFrom('company_quota as q')
    .innerJoin('company as c', 'c.id', 'q.company_id')
    .select(['q.company_id', 'q.devices', 'c.name'])
    .where('q.company_id', 'in', [...companyIds])
    .where('q.devices', 'is not', null)
    .orderBy('q.company_id')
    .forUpdate('q')
    .execute();
  return rows.map((r) => ({ companyId: Number(r.company_id), name: r.name, limit: r.devices! }));
}

/** The licence limit of the scope's company for one product, with the company's name. */
export async function licenceLimit(db: DbOrTx, scope: CompanyScope, product: LicenceProduct) {
  const row = await db
    .selectFrom('company_licence_quota as l')
    .innerJoin('company as c', 'c.id', 'l.company_id')
    .select(['l.quota_limit', 'l.period', 'c.name'])
    .where('l.company_id', '=', owningCompany(scope))
    .where('l.product', '=', product)
    .executeTakeFirst();
  return row ? { limit: row.quota_limit, period: row.period as QuotaPeriod, company: row.name } : null;
}

/** Licences of `product` the scope's company drew from upstream since `since` (null: ever), net of take-backs. */
export async function drawnSince(
  db: DbOrTx,
  scope: CompanyScope,
  product: LicenceProduct,
  since: Date | null,
): Promise<number> {
  let query = db
    .selectFrom('licence_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('drawn'))
    .where('company_id', '=', owningCompany(scope))
    .where('product', '=', product)
    .where('movement', 'in', [...DRAW_MOVEMENTS]);
  if (since) query = query.where('created_at', '>=', since);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.drawn);
}

export async function companyName(db: DbOrTx, scope: CompanyScope): Promise<string | null> {
  const row = await db
    .selectFrom('company')
    .select('name')
    .where('id', '=', owningCompany(scope))
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Whether the scope's company has a partner above it (then only that partner sets its quota). */
export async function hasPartner(db: DbOrTx, scope: CompanyScope): Promise<boolean> {
  const row = await db
    .selectFrom('company_relation')
    .select('id')
    .where('downstream_company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return Boolean(row);
}
