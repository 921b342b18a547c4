import type { CustomerExportFilter } from '@fleetport/contract';
import { sql } from 'kysely';
import {
  type CompanyScope,
  companyScope,
  owningCompany,
  scopedCompanyIds,
} from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of my customers: the companies linked below the caller's company (`company_relation`, upstream =
 * the scope's owning company), and below them the company tree (a distributor's re-sellers' customers).
 * A customer is reached only through those links; `customerScope` is the one way a call turns a company
 * id from the request into a scope.
 */

/** How far below the caller a call reaches: its own customers (to change them) or its whole tree (to read). */
export type CustomerReach = 'direct' | 'tree';

/**
 * The companies below `companyId` at any depth, as a subquery of ids. `union` (not `union all`) ends the
 * walk even if links ever formed a loop; the company types keep the tree two levels deep in practice.
 */
function companiesBelow(companyId: number) {
  return sql<number>`(
    with recursive tree(id) as (
      select downstream_company_id from company_relation where upstream_company_id = ${companyId}
      union
      select r.downstream_company_id from company_relation r join tree on r.upstream_company_id = tree.id
    )
    select id from tree
  )`;
}

/**
 * The scope of one customer of the caller's company (`direct`) or of any company below it (`tree`), or
 * null when no chain of partner links joins them (a sibling, the caller's own partner, an unrelated or
 * unknown company all look the same).
 */
export async function customerScope(
  db: DbOrTx,
  scope: CompanyScope,
  companyId: number,
  reach: CustomerReach,
): Promise<CompanyScope | null> {
  const owner = owningCompany(scope);
  const row = await db
    .selectFrom('company_relation')
    .select('downstream_company_id')
    .where('downstream_company_id', '=', companyId)
    .$if(reach === 'direct', (q) => q.where('upstream_company_id', '=', owner))
    .$if(reach === 'tree', (q) => q.where('downstream_company_id', 'in', companiesBelow(owner)))
    .executeTakeFirst();
  return row ? companyScope(Number(row.downstream_company_id)) : null;
}

/** The caller's own company type (0 end customer, 1 distributor, 2 re-seller). */
export async function ownCompanyType(db: DbOrTx, scope: CompanyScope): Promise<number | null> {
  const row = await db
    .selectFrom('company')
    .select('type')
    .where('id', '=', owningCompany(scope))
    .executeTakeFirst();
  return row ? Number(row.type) : null;
}

/** Whether a customer of the scope's company has this name (any case): 15015 rather than 10. */
export async function customerNamed(db: DbOrTx, scope: CompanyScope, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('company_relation')
    .innerJoin('company', 'company.id', 'company_relation.downstream_company_id')
    .select('company.id')
    .where('company_relation.upstream_company_id', '=', owningCompany(scope))
    .where(sql<string>`lower(company.name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** Links a new company below the scope's company: it becomes a customer. */
export async function linkCustomer(db: DbOrTx, scope: CompanyScope, customer: CompanyScope, at: Date) {
  await db
    .insertInto('company_relation')
    .values({
      upstream_company_id: owningCompany(scope),
      downstream_company_id: owningCompany(customer),
      created_at: at,
    })
    .execute();
}

/** A customer's name and country; `customer` comes from `customerScope`. */
export async function updateCustomerFields(
  db: DbOrTx,
  customer: CompanyScope,
  changes: { name?: string; country?: string | null },
) {
  const companyId = owningCompany(customer);
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('company').set(changes).where('id', '=', companyId).execute();
  if (changes.name !== undefined) {
    // The root group carries the company's name (as the company account page renames it).
    await db
      .updateTable('company_group')
      .set({ name: changes.name })
      .where('company_id', '=', companyId)
      .where('parent_id', 'is', null)
      .execute();
  }
}

export interface CustomerCompanyRow {
  companyId: number;
  name: string;
  type: number;
  country: string | null;
  createdAt: number;
  partner: { companyId: number; name: string };
}

const CUSTOMER_COLUMNS = [
  'company.id',
  'company.name',
  'company.type',
  'company.country',
  'company_relation.created_at',
  'partner.id as partner_id',
  'partner.name as partner_name',
] as const;

function toCustomerRow(r: {
  id: number;
  name: string;
  type: number;
  country: string | null;
  created_at: Date | string;
  partner_id: number;
  partner_name: string;
}): CustomerCompanyRow {
  return {
    companyId: Number(r.id),
    name: r.name,
    type: Number(r.type),
    country: r.country,
    createdAt: new Date(r.created_at).getTime(),
    partner: { companyId: Number(r.partner_id), name: r.partner_name },
  };
}

/**
 * The customers of the scope's company, or with `partnerCompanyId` those of a re-seller in its tree (a
 * company outside the tree lists nothing: the service answers 5 before, the export job relies on this).
 */
function customersOf(
  db: DbOrTx,
  scope: CompanyScope,
  f: Pick<CustomerExportFilter, 'search' | 'type' | 'partnerCompanyId'>,
) {
  const owner = owningCompany(scope);
  let q = db
    .selectFrom('company_relation')
    .innerJoin('company', 'company.id', 'company_relation.downstream_company_id')
    .innerJoin('company as partner', 'partner.id', 'company_relation.upstream_company_id');
  if (f.partnerCompanyId === undefined) q = q.where('company_relation.upstream_company_id', '=', owner);
  else
    q = q
      .where('company_relation.upstream_company_id', '=', f.partnerCompanyId)
      .where('company_relation.upstream_company_id', 'in', companiesBelow(owner));
  if (f.search) q = q.where('company.name', 'ilike', containsPattern(f.search));
  if (f.type !== undefined) q = q.where('company.type', '=', f.type);
  return q;
}

/** How many customers of the scope's company match, counting no further than `limit`. */
export async function countCustomers(
  db: DbOrTx,
  scope: CompanyScope,
  f: Pick<CustomerExportFilter, 'search' | 'type' | 'partnerCompanyId'>,
  limit = Number.MAX_SAFE_INTEGER,
): Promise<number> {
  const matching = customersOf(db, scope, f).select('company.id').limit(limit);
  const row = await db
    .selectFrom(matching.as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `limit` customers from `offset` in the list's order (the newest link first by default; ties by id). */
export async function customerCompanies(
  db: DbOrTx,
  scope: CompanyScope,
  f: CustomerExportFilter,
  offset: number,
  limit: number,
): Promise<CustomerCompanyRow[]> {
  const column = f.sortField === 'name' ? sql`lower(company.name)` : sql`company_relation.created_at`;
  const order = f.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const rows = await customersOf(db, scope, f)
    .select(CUSTOMER_COLUMNS)
    .orderBy(sql`${column} ${order}`)
    .orderBy('company.id', f.sortOrder === 'asc' ? 'asc' : 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(toCustomerRow);
}

/** Devices per company of the scope (kept exact by triggers, migration 0031). */
export async function deviceCounts(db: DbOrTx, scope: CompanyScope): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('device_count')
    .select(['company_id', 'total'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
  return new Map(rows.map((r) => [Number(r.company_id), Number(r.total)]));
}

/** Unused licences per company and product of the scope (the ledger's balances), non-zero only. */
export async function unusedByCompany(db: DbOrTx, scope: CompanyScope) {
  const rows = await db
    .selectFrom('licence_account')
    .select(['company_id', 'product', 'available'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('available', '<>', 0)
    .execute();
  return rows.map((r) => ({
    companyId: Number(r.company_id),
    product: r.product,
    count: Number(r.available),
  }));
}

/** Devices holding a licence level now, per company and level of the scope. */
export async function licencedByCompany(db: DbOrTx, scope: CompanyScope, now: Date) {
  const rows = await db
    .selectFrom('device_licence')
    .select(['company_id', 'level', (eb) => eb.fn.countAll<string>().as('n')])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('level', '<>', 'BASE')
    .where('ends_at', '>', now)
    .groupBy(['company_id', 'level'])
    .execute();
  return rows.map((r) => ({ companyId: Number(r.company_id), level: r.level, count: Number(r.n) }));
}

/**
 * One customer as the list shows it, with its own partner; `customer` comes from `customerScope`, which
 * proved it is in the caller's tree (a company has one partner, 15012).
 */
export async function customerCompany(
  db: DbOrTx,
  customer: CompanyScope,
): Promise<CustomerCompanyRow | undefined> {
  const row = await db
    .selectFrom('company_relation')
    .innerJoin('company', 'company.id', 'company_relation.downstream_company_id')
    .innerJoin('company as partner', 'partner.id', 'company_relation.upstream_company_id')
    .select(CUSTOMER_COLUMNS)
    .where('company.id', '=', owningCompany(customer))
    .executeTakeFirst();
  return row && toCustomerRow(row);
}

/** The deepest partner chain followed: links are checked on creation, so this only guards a loop. */
const CHAIN_MAX = 16;

/**
 * The partners above a company, nearest first, each with its type: its seller (the oldest link, as
 * checkout's `sellerOf`), that one's seller, and so on. Read by the platform's own rules (which
 * distributor earns a rebate, whose branding a console shows), never answered to a caller as such.
 */
export async function partnersAbove(
  db: DbOrTx,
  companyId: number,
): Promise<{ companyId: number; type: number }[]> {
  const result = await sql<{ company_id: string | number; type: number; depth: number }>`
    with recursive chain (company_id, depth) as (
      select (select r.upstream_company_id from company_relation r where r.downstream_company_id = ${companyId}
              order by r.created_at, r.id limit 1), 1
      union all
      select (select r.upstream_company_id from company_relation r where r.downstream_company_id = chain.company_id
              order by r.created_at, r.id limit 1), chain.depth + 1
        from chain where chain.company_id is not null and chain.depth < ${CHAIN_MAX}
    )
    select chain.company_id, c.type, chain.depth from chain join company c on c.id = chain.company_id
    order by chain.depth`.execute(db);
  return result.rows.map((r) => ({ companyId: Number(r.company_id), type: Number(r.type) }));
}
