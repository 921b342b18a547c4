import {
  DATA_POOL_LOW_PERCENT_DEFAULT,
  type DataPoolAlert,
  type DataPoolItem,
  type DataPoolItemExportFilter,
  type DataPoolSource,
  type DataPoolState,
} from '@fleetport/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';

/**
 * SQL of the data pool: items, the pool row (settings, alert state, the draw's lock), per-day usage.
 * Reads take the caller's scope; the draw, the credit and the expiry are the gateway's and the jobs',
 * which act for the device's or the item's company (docs/areas.md "Not caller-scoped").
 */

const DAY_MS = 86_400_000;

export interface PoolRow {
  companyId: number;
  lowPercent: number;
  alert: DataPoolAlert | null;
  alertCount: number;
  uncoveredBytes: number;
}

const poolOf = (r: {
  company_id: number;
  low_percent: number;
  alert: string | null;
  alert_count: number;
  uncovered_bytes: number;
}): PoolRow => ({
  companyId: Number(r.company_id),
  lowPercent: Number(r.low_percent),
  alert: r.alert as DataPoolAlert | null,
  alertCount: Number(r.alert_count),
  uncoveredBytes: Number(r.uncovered_bytes),
});

/**
 * Locks a company's pool row (made at the default threshold when missing). Every change of the pool's
 * items takes it first, so draws from many devices of one company queue on it instead of racing.
 */
export async function lockPool(tx: Tx, companyId: number, at: Date): Promise<PoolRow> {
  await tx
    .insertInto('data_pool')
    .values({ company_id: companyId, low_percent: DATA_POOL_LOW_PERCENT_DEFAULT, updated_at: at })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const row = await tx
    .selectFrom('data_pool')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return poolOf(row);
}

/** The pool row of the scope's owning company (its settings), or the defaults before it has one. */
export async function findPool(db: DbOrTx, scope: CompanyScope): Promise<PoolRow> {
  const companyId = owningCompany(scope);
  const row = await db
    .selectFrom('data_pool')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row
    ? poolOf(row)
    : { companyId, lowPercent: DATA_POOL_LOW_PERCENT_DEFAULT, alert: null, alertCount: 0, uncoveredBytes: 0 };
}

/** Uncovered traffic of the scope's companies, in total. */
export async function uncoveredOf(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('data_pool')
    .select((eb) => eb.fn.sum<number>('uncovered_bytes').as('n'))
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function saveLowPercent(tx: Tx, companyId: number, lowPercent: number, at: Date) {
  await tx
    .updateTable('data_pool')
    .set({ low_percent: lowPercent, updated_at: at })
    .where('company_id', '=', companyId)
    .execute();
}

export async function savePoolAlert(
  tx: Tx,
  companyId: number,
  change: { alert: DataPoolAlert | null; raised: boolean; uncoveredBytes?: number },
  at: Date,
) {
  await tx
    .updateTable('data_pool')
    .set((eb) => ({
      alert: change.alert,
      updated_at: at,
      ...(change.raised ? { alert_count: eb('alert_count', '+', 1) } : {}),
      ...(change.uncoveredBytes
        ? { uncovered_bytes: eb('uncovered_bytes', '+', change.uncoveredBytes) }
        : {}),
    }))
    .where('company_id', '=', companyId)
    .execute();
}

// ---- items -------------------------------------------------------------------------------------

/** An item no reader counts any more: the job marked it, or its validity ran out before the job came. */
function expiredAt(now: Date): Expression<SqlBool> {
  return sql<boolean>`(i.expired_at is not null or (i.expires_at is not null and i.expires_at <= ${now}))`;
}

const stateSql = (now: Date) =>
  sql<DataPoolState>`case when ${expiredAt(now)} then 'expired'
    when i.first_used_at is not null then 'inUse' else 'valid' end`;

export interface NewItem {
  companyId: number;
  source: DataPoolSource;
  packageBytes?: number;
  licenceBytes?: number;
  expireDays: number;
  operationId?: number | null;
  ledgerId?: number | null;
  sn?: string | null;
  at: Date;
}

export async function insertItems(tx: Tx, items: readonly NewItem[]): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await tx
    .insertInto('data_pool_item')
    .values(
      items.map((i) => ({
        company_id: i.companyId,
        source: i.source,
        package_bytes: i.packageBytes ?? 0,
        licence_bytes: i.licenceBytes ?? 0,
        expire_days: i.expireDays,
        operation_id: i.operationId ?? null,
        ledger_id: i.ledgerId ?? null,
        sn: i.sn ?? null,
        created_at: i.at,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface DrawableItem {
  id: number;
  remaining: number;
  usedBytes: number;
  firstUsedAt: Date | null;
  expireDays: number;
}

/**
 * The company's items that still hold data, locked, in the order usage draws them (core §9: expiring
 * data first): those in use by their expiry, then unused ones oldest first (each starts its days when
 * it is first drawn).
 */
export async function lockDrawableItems(tx: Tx, companyId: number, now: Date): Promise<DrawableItem[]> {
  const rows = await tx
    .selectFrom('data_pool_item as i')
    .select([
      'i.id',
      'i.package_bytes',
      'i.licence_bytes',
      'i.used_bytes',
      'i.first_used_at',
      'i.expire_days',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.expired_at', 'is', null)
    .where((eb) => eb.or([eb('i.expires_at', 'is', null), eb('i.expires_at', '>', now)]))
    .where(sql<boolean>`i.package_bytes + i.licence_bytes > i.used_bytes`)
    .orderBy(sql`i.expires_at asc nulls last`)
    .orderBy('i.id')
    .forUpdate()
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    remaining: Number(r.package_bytes) + Number(r.licence_bytes) - Number(r.used_bytes),
    usedBytes: Number(r.used_bytes),
    firstUsedAt: r.first_used_at,
    expireDays: Number(r.expire_days),
  }));
}

export async function saveItemUse(
  tx: Tx,
  item: { id: number; usedBytes: number; firstUsedAt: Date; expiresAt: Date },
) {
  await tx
    .updateTable('data_pool_item')
    .set({ used_bytes: item.usedBytes, first_used_at: item.firstUsedAt, expires_at: item.expiresAt })
    .where('id', '=', item.id)
    .execute();
}

export interface PoolTotals {
  totalBytes: number;
  usedBytes: number;
  remainingBytes: number;
  valid: number;
  inUse: number;
  expired: number;
}

/** Totals of the companies' unexpired items and the item count by state. */
export async function poolTotals(
  db: DbOrTx,
  companyIds: readonly number[],
  now: Date,
  /** Only items of these sources (all when absent). */
  sources?: readonly string[],
): Promise<PoolTotals> {
  const live = sql<boolean>`not ${expiredAt(now)}`;
  let q = db.selectFrom('data_pool_item as i');
  if (sources) q = q.where('i.source', 'in', sources);
  const row = await q
    .select([
      sql<number>`coalesce(sum(case when ${live} then i.package_bytes + i.licence_bytes else 0 end), 0)`.as(
        'total',
      ),
      sql<number>`coalesce(sum(case when ${live} then i.used_bytes else 0 end), 0)`.as('used'),
      sql<number>`count(*) filter (where ${expiredAt(now)})`.as('expired'),
      sql<number>`count(*) filter (where ${live} and i.first_used_at is not null)`.as('in_use'),
      sql<number>`count(*) filter (where ${live} and i.first_used_at is null)`.as('valid'),
    ])
    .where('i.company_id', 'in', companyIds)
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const used = Number(row.used);
  return {
    totalBytes: total,
    usedBytes: used,
    remainingBytes: total - used,
    valid: Number(row.valid),
    inUse: Number(row.in_use),
    expired: Number(row.expired),
  };
}

function filteredItems(db: DbOrTx, scope: CompanyScope, f: DataPoolItemExportFilter, now: Date) {
  let q = db.selectFrom('data_pool_item as i').where('i.company_id', 'in', scopedCompanyIds(scope));
  if (f.state) q = q.where(stateSql(now), '=', f.state);
  return q;
}

export async function countItems(
  db: DbOrTx,
  scope: CompanyScope,
  f: DataPoolItemExportFilter,
  limit: number,
  now: Date,
) {
  const row = await db
    .selectFrom(filteredItems(db, scope, f, now).select('i.id').limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Items in the order they will be drawn: in use by expiry, then unused oldest first, then expired, newest first. */
export async function itemRows(
  db: DbOrTx,
  scope: CompanyScope,
  f: DataPoolItemExportFilter,
  offset: number,
  limit: number,
  now: Date,
): Promise<DataPoolItem[]> {
  const rows = await filteredItems(db, scope, f, now)
    .select([
      'i.id',
      'i.source',
      'i.sn',
      'i.package_bytes',
      'i.licence_bytes',
      'i.used_bytes',
      'i.expire_days',
      'i.created_at',
      'i.first_used_at',
      'i.expires_at',
      stateSql(now).as('state'),
    ])
    .orderBy(sql`case ${stateSql(now)} when 'inUse' then 0 when 'valid' then 1 else 2 end`)
    .orderBy(sql`case when ${expiredAt(now)} then null else i.expires_at end asc nulls last`)
    .orderBy(sql`case when ${expiredAt(now)} then i.expires_at end desc nulls last`)
    .orderBy('i.id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const packageBytes = Number(r.package_bytes);
    const licenceBytes = Number(r.licence_bytes);
    const usedBytes = Number(r.used_bytes);
    const expired = r.state === 'expired';
    return {
      id: Number(r.id),
      source: r.source as DataPoolSource,
      sn: r.sn,
      packageBytes,
      licenceBytes,
      usedBytes,
      // What an expired item still held is lost, not remaining.
      remainingBytes: expired ? 0 : packageBytes + licenceBytes - usedBytes,
      expireDays: Number(r.expire_days),
      state: r.state,
      createdAt: r.created_at.getTime(),
      firstUsedAt: r.first_used_at?.getTime() ?? null,
      expiresAt: r.expires_at?.getTime() ?? null,
    };
  });
}

/**
 * Marks the items whose validity ran out (at most `limit`, oldest first) and answers their companies.
 * Rows another transaction holds (a draw) are left for the next run.
 */
export async function expireItems(tx: Tx, now: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .updateTable('data_pool_item')
    .set((eb) => ({ expired_at: eb.ref('expires_at') }))
    .where(
      'id',
      'in',
      tx
        .selectFrom('data_pool_item')
        .select('id')
        .where('expired_at', 'is', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning('company_id')
    .execute();
  return rows.map((r) => Number(r.company_id));
}

/**
 * Credits the VPN traffic of device licence periods that have started (consumption and renewal rows of
 * a level with VPN, started within the last `lookbackDays`, not refunded) as one item each; a period
 * credited before is skipped by the unique ledger id. Answers the companies credited.
 */
export async function creditStartedPeriods(
  tx: Tx,
  bytesByProduct: Readonly<Record<string, number>>,
  expireDays: number,
  now: Date,
  lookbackDays: number,
): Promise<number[]> {
  const products = Object.keys(bytesByProduct);
  if (products.length === 0) return [];
  const bytes = sql<number>`case ${sql.join(
    products.map((p) => sql`when l.product = ${p} then ${bytesByProduct[p]}::bigint`),
    sql` `,
  )} end`;
  const since = new Date(now.getTime() - lookbackDays * DAY_MS);
  const result = await sql<{ company_id: number }>`
    insert into data_pool_item (company_id, source, ledger_id, operation_id, sn, licence_bytes, expire_days, created_at)
    select l.company_id, 'licence', l.id, l.operation_id, l.sn, ${bytes}, ${expireDays}, greatest(l.period_start, l.created_at)
    from licence_ledger l
    where l.movement in ('consumption', 'renewal')
      and l.period_start > ${since} and l.period_start <= ${now}
      and l.product in (${sql.join(products)})
      and not exists (select 1 from licence_ledger r where r.reverses_id = l.id)
      and not exists (select 1 from data_pool_item d where d.ledger_id = l.id)
    order by l.id
    on conflict (ledger_id) do nothing
    returning company_id`.execute(tx);
  return [...new Set(result.rows.map((r) => Number(r.company_id)))];
}

// ---- device counters and usage --------------------------------------------------------------------

export interface CounterRow {
  companyId: number;
  ts: Date;
  uptimeSeconds: number;
  seq: number;
  rxBytes: number;
  txBytes: number;
}

/** Locks a device's counters, made as a zero baseline (its first sample counts whole) when missing. */
export async function lockCounter(tx: Tx, sn: string, companyId: number): Promise<CounterRow> {
  await tx
    .insertInto('data_pool_counter')
    .values({ sn, company_id: companyId, ts: new Date(0), uptime_s: 0, seq: 0, rx_bytes: 0, tx_bytes: 0 })
    .onConflict((oc) => oc.column('sn').doNothing())
    .execute();
  const r = await tx
    .selectFrom('data_pool_counter')
    .selectAll()
    .where('sn', '=', sn)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return {
    companyId: Number(r.company_id),
    ts: r.ts,
    uptimeSeconds: Number(r.uptime_s),
    seq: Number(r.seq),
    rxBytes: Number(r.rx_bytes),
    txBytes: Number(r.tx_bytes),
  };
}

export async function saveCounter(tx: Tx, sn: string, row: CounterRow) {
  await tx
    .updateTable('data_pool_counter')
    .set({
      company_id: row.companyId,
      ts: row.ts,
      uptime_s: row.uptimeSeconds,
      seq: row.seq,
      rx_bytes: row.rxBytes,
      tx_bytes: row.txBytes,
    })
    .where('sn', '=', sn)
    .execute();
}

export async function addUsage(tx: Tx, companyId: number, at: Date, used: number, uncovered: number) {
  const day = at.toISOString().slice(0, 10);
  await tx
    .insertInto('data_pool_usage')
    .values({ company_id: companyId, day, used_bytes: used, uncovered_bytes: uncovered })
    .onConflict((oc) =>
      oc.columns(['company_id', 'day']).doUpdateSet((eb) => ({
        used_bytes: eb('data_pool_usage.used_bytes', '+', used),
        uncovered_bytes: eb('data_pool_usage.uncovered_bytes', '+', uncovered),
      })),
    )
    .execute();
}

/** Traffic per day of the scope's companies from `fromDay` (YYYY-MM-DD) on; days without traffic are absent. */
export async function usageSince(db: DbOrTx, scope: CompanyScope, fromDay: string) {
  const rows = await db
    .selectFrom('data_pool_usage')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      (eb) => eb.fn.sum<number>('used_bytes').as('used'),
      (eb) => eb.fn.sum<number>('uncovered_bytes').as('uncovered'),
    ])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, { used: Number(r.used), uncovered: Number(r.uncovered) }]));
}
