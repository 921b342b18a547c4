import type {
  LicenceProduct,
  RebateExportFilter,
  RebatePeriod,
  RebateRate,
  RebateRecord,
  RebateTotal,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';
import { operationIdOf, transactionNo } from '../licences/billing.store.ts';

/**
 * SQL of rebates: the platform's rates per distributor and product, and the distributor's rebate rows
 * of the licence ledger with the purchase each was earned on (the buyer's row of the same operation).
 */

/** A rate as stored: basis points (percent) or cents per licence (perLicence). */
export interface StoredRate {
  product: LicenceProduct;
  kind: RebateRate['kind'];
  value: number;
}

/** The rates of one distributor, by product, and when they were set (null: never). */
export async function ratesOf(
  db: DbOrTx,
  companyId: number,
): Promise<{ rates: StoredRate[]; updatedAt: Date | null }> {
  const [rates, rule] = await Promise.all([
    db
      .selectFrom('rebate_rate')
      .select(['product', 'kind', 'value'])
      .where('company_id', '=', companyId)
      .orderBy('product')
      .execute(),
    db.selectFrom('rebate_rule').select('updated_at').where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return {
    rates: rates.map((r) => ({
      product: r.product as LicenceProduct,
      kind: r.kind as RebateRate['kind'],
      value: r.value,
    })),
    updatedAt: rule?.updated_at ?? null,
  };
}

/** One distributor's rate for a product, if any. */
export async function rateFor(
  db: DbOrTx,
  companyId: number,
  product: LicenceProduct,
): Promise<StoredRate | null> {
  const row = await db
    .selectFrom('rebate_rate')
    .select(['product', 'kind', 'value'])
    .where('company_id', '=', companyId)
    .where('product', '=', product)
    .executeTakeFirst();
  return row ? { product, kind: row.kind as RebateRate['kind'], value: row.value } : null;
}

/** Replaces a distributor's rates (the Super Admin's whole list). */
export async function saveRates(tx: Tx, companyId: number, rates: readonly StoredRate[], at: Date) {
  await tx.deleteFrom('rebate_rate').where('company_id', '=', companyId).execute();
  if (rates.length > 0)
    await tx
      .insertInto('rebate_rate')
      .values(
        rates.map((r) => ({
          company_id: companyId,
          product: r.product,
          kind: r.kind,
          value: r.value,
          updated_at: at,
        })),
      )
      .execute();
  await tx
    .insertInto('rebate_rule')
    .values({ company_id: companyId, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ updated_at: at }))
    .execute();
}

/** A company by id with its name and type, for the Super Admin's rule calls. */
export async function companyOf(db: DbOrTx, companyId: number) {
  const row = await db
    .selectFrom('company')
    .select(['id', 'name', 'type'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  return row ? { companyId: Number(row.id), name: row.name, type: Number(row.type) } : null;
}

type Filter = RebateExportFilter;

/** The scope's rebate rows with the purchase they were earned on, filtered as the page asks. */
function filtered(db: DbOrTx, scope: CompanyScope, f: Filter) {
  let q = db
    .selectFrom('licence_ledger as l')
    .innerJoin('company as buyer', 'buyer.id', 'l.counterparty_company_id')
    // The buyer's purchase row of the same operation: its quantity and price are the order's.
    .leftJoin('licence_ledger as p', (join) =>
      join
        .onRef('p.operation_id', '=', 'l.operation_id')
        .onRef('p.company_id', '=', 'l.counterparty_company_id')
        .on('p.movement', '=', 'purchase'),
    )
    // The seller's side of it (none when the platform sold).
    .leftJoin('licence_ledger as s', (join) =>
      join
        .onRef('s.operation_id', '=', 'l.operation_id')
        .onRef('s.counterparty_company_id', '=', 'l.counterparty_company_id')
        .on('s.movement', '=', 'assignmentOut'),
    )
    .leftJoin('company as seller', 'seller.id', 's.company_id')
    .where('l.company_id', 'in', scopedCompanyIds(scope))
    .where('l.movement', '=', 'rebate');
  if (f.product) q = q.where('l.product', '=', f.product);
  if (f.startTime !== undefined) q = q.where('l.created_at', '>=', new Date(f.startTime));
  if (f.endTime !== undefined) q = q.where('l.created_at', '<=', new Date(f.endTime));
  if (f.search) {
    const pattern = containsPattern(f.search);
    const operationId = operationIdOf(f.search);
    q = q.where((eb) =>
      eb.or([
        eb('buyer.name', 'ilike', pattern),
        eb('seller.name', 'ilike', pattern),
        ...(operationId === null ? [] : [eb('l.operation_id', '=', operationId)]),
      ]),
    );
  }
  return q;
}

/** How many rebates of the scope match, counting no further than `limit` (an export's bound). */
export async function countRebates(db: DbOrTx, scope: CompanyScope, f: Filter, limit: number) {
  const row = await db
    .selectFrom(filtered(db, scope, f).select('l.id').limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `limit` rebates of the scope from `offset`, newest first. */
export async function rebateRows(
  db: DbOrTx,
  scope: CompanyScope,
  f: Filter,
  offset: number,
  limit: number,
): Promise<RebateRecord[]> {
  const rows = await filtered(db, scope, f)
    .select([
      'l.id',
      'l.operation_id',
      'l.created_at',
      'l.product',
      'l.rebate_cents',
      'buyer.name as customer',
      'seller.name as seller',
      'p.quantity',
      'p.unit_price_cents',
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const quantity = r.quantity ?? 0;
    const cents = r.unit_price_cents === null ? null : Number(r.unit_price_cents);
    return {
      id: Number(r.id),
      transactionNo: transactionNo(Number(r.operation_id)),
      at: r.created_at.getTime(),
      customer: r.customer,
      seller: r.seller ?? null,
      product: r.product as LicenceProduct,
      quantity,
      unitPrice: cents === null ? null : cents / 100,
      saleTotal: cents === null ? null : (quantity * cents) / 100,
      rebateAmount: Number(r.rebate_cents) / 100,
    };
  });
}

export async function rebatePage(db: DbOrTx, scope: CompanyScope, f: Filter, offset: number, limit: number) {
  const total = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { total: Number(total.n), list: await rebateRows(db, scope, f, offset, limit) };
}

/** `2026-11` or `2026-Q4` of a rebate's time, in the reader's time zone. */
function periodOf(period: RebatePeriod, utcOffsetMinutes: number) {
  const local = sql`(l.created_at at time zone 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int)`;
  return period === 'month'
    ? sql<string>`to_char(${local}, 'YYYY-MM')`
    : sql<string>`to_char(${local}, 'YYYY-"Q"Q')`;
}

/** The scope's rebates summed per month or quarter, newest period first, paged by period. */
export async function rebateTotals(
  db: DbOrTx,
  scope: CompanyScope,
  f: Filter & { period: RebatePeriod; utcOffsetMinutes: number },
  offset: number,
  limit: number,
): Promise<{ total: number; list: RebateTotal[] }> {
  const period = periodOf(f.period, f.utcOffsetMinutes);
  const grouped = filtered(db, scope, f)
    .select([
      period.as('period'),
      (eb) => eb.fn.countAll<number>().as('transactions'),
      (eb) => eb.fn.sum<number>('l.rebate_cents').as('rebate_cents'),
      sql<number>`coalesce(sum(p.quantity * p.unit_price_cents), 0)`.as('sale_cents'),
    ])
    // By position: the period's expression holds a bound parameter, which PostgreSQL would not
    // recognise as the same expression when repeated in GROUP BY.
    .groupBy(sql`1`);
  const [count, rows] = await Promise.all([
    db
      .selectFrom(grouped.as('g'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    grouped.orderBy('period', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return {
    total: Number(count.n),
    list: rows.map((r) => ({
      period: r.period,
      transactions: Number(r.transactions),
      saleTotal: Number(r.sale_cents) / 100,
      rebateAmount: Number(r.rebate_cents) / 100,
    })),
  };
}
