import type { LicenceMovement, LicenceProduct } from '@fleetport/contract';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';

/**
 * SQL of the ledger: operations (one per request or job batch, with its idempotency key), the
 * append-only movement rows, and the unused balance per company and product that every movement
 * changes in the same transaction, under the balance row's lock.
 */

/**
 * A company the caller may post to beside its own: found through `findDownstream`, which checks the
 * partner link from the caller's scope, or the Super Admin's target. Stores accept no bare id for it.
 */
export interface PostingTarget {
  readonly companyId: number;
  readonly __target: true;
}

export function postingTarget(companyId: number): PostingTarget {
  return { companyId, __target: true };
}

/** The customer `downstreamId` of the caller's company, or null when no partner link joins them. */
export async function findDownstream(
  db: DbOrTx,
  scope: CompanyScope,
  downstreamId: number,
): Promise<PostingTarget | null> {
  const row = await db
    .selectFrom('company_relation')
    .select('downstream_company_id')
    .where('upstream_company_id', '=', owningCompany(scope))
    .where('downstream_company_id', '=', downstreamId)
    .executeTakeFirst();
  return row ? postingTarget(Number(row.downstream_company_id)) : null;
}

export async function companyExists(db: DbOrTx, companyId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('company').select('id').where('id', '=', companyId).executeTakeFirst());
}

export interface StartedOperation {
  id: number;
  /** Set when the key was used before: that operation's kind and answer, nothing is posted again. */
  replay?: { kind: string; result: unknown };
}

/**
 * Opens the operation that the rows of one request hang on. With a key the company used before it
 * answers that operation instead; a concurrent request with the same key waits on the unique index
 * until the first commits (PostgreSQL), then finds it.
 */
export async function startOperation(
  tx: Tx,
  target: PostingTarget,
  op: { kind: string; idempotencyKey: string | null; operatorUserId: number | null; at: Date },
): Promise<StartedOperation> {
  const inserted = await tx
    .insertInto('licence_operation')
    .values({
      company_id: target.companyId,
      kind: op.kind,
      idempotency_key: op.idempotencyKey,
      operator_user_id: op.operatorUserId,
      result: null,
      created_at: op.at,
    })
    .onConflict((oc) => oc.columns(['company_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id) };
  const earlier = await tx
    .selectFrom('licence_operation')
    .select(['id', 'kind', 'result'])
    .where('company_id', '=', target.companyId)
    .where('idempotency_key', '=', op.idempotencyKey)
    .executeTakeFirstOrThrow();
  return { id: Number(earlier.id), replay: { kind: earlier.kind, result: earlier.result } };
}

export async function finishOperation(tx: Tx, operationId: number, result: unknown): Promise<void> {
  await tx
    .updateTable('licence_operation')
    .set({ result: JSON.stringify(result) })
    .where('id', '=', operationId)
    .execute();
}

export interface AccountKey {
  target: PostingTarget;
  product: LicenceProduct;
}

const keyOf = (companyId: number, product: string) => `${companyId}:${product}`;

/**
 * Locks the balance rows of these companies and products (creating missing ones at 0) and answers
 * their unused licences by `companyId:product`. Rows are taken in one order everywhere, so two
 * movements between the same companies wait for each other instead of deadlocking.
 */
export async function lockAccounts(tx: Tx, keys: readonly AccountKey[]): Promise<Map<string, number>> {
  const wanted = [
    ...new Map(keys.map((k) => [keyOf(k.target.companyId, k.product), k] as const)).values(),
  ].sort((a, b) => a.target.companyId - b.target.companyId || a.product.localeCompare(b.product));
  const balances = new Map<string, number>();
  if (wanted.length === 0) return balances;
  await tx
    .insertInto('licence_account')
    .values(wanted.map((k) => ({ company_id: k.target.companyId, product: k.product })))
    .onConflict((oc) => oc.columns(['company_id', 'product']).doNothing())
    .execute();
  const rows = await tx
    .selectFrom('licence_account')
    .select(['company_id', 'product', 'available'])
    .where((eb) =>
      eb.or(
        wanted.map((k) => eb.and([eb('company_id', '=', k.target.companyId), eb('product', '=', k.product)])),
      ),
    )
    .orderBy('company_id')
    .orderBy('product')
    .forUpdate()
    .execute();
  for (const r of rows) balances.set(keyOf(Number(r.company_id), r.product), Number(r.available));
  return balances;
}

export function balanceOf(balances: Map<string, number>, target: PostingTarget, product: string): number {
  return balances.get(keyOf(target.companyId, product)) ?? 0;
}

export interface Movement {
  target: PostingTarget;
  movement: LicenceMovement;
  product: LicenceProduct;
  quantity: number;
  counterparty?: PostingTarget;
  sn?: string;
  periodStart?: Date;
  periodEnd?: Date;
  reversesId?: number;
  unitPriceCents?: number | null;
  /** A `rebate` row's amount (its quantity is 0). */
  rebateCents?: number;
}

/**
 * Appends the rows and moves each company's unused balance by their quantities, in the caller's
 * transaction; the caller holds the balance rows' locks (`lockAccounts`). A balance going below
 * zero is refused by the table's check, the last guard behind the services' own checks.
 */
export async function postMovements(
  tx: Tx,
  operation: { id: number; operatorUserId: number | null; at: Date },
  movements: readonly Movement[],
): Promise<void> {
  if (movements.length === 0) return;
  await tx
    .insertInto('licence_ledger')
    .values(
      movements.map((m) => ({
        operation_id: operation.id,
        company_id: m.target.companyId,
        movement: m.movement,
        product: m.product,
        quantity: m.quantity,
        counterparty_company_id: m.counterparty?.companyId ?? null,
        sn: m.sn ?? null,
        period_start: m.periodStart ?? null,
        period_end: m.periodEnd ?? null,
        reverses_id: m.reversesId ?? null,
        unit_price_cents: m.unitPriceCents ?? null,
        rebate_cents: m.rebateCents ?? null,
        operator_user_id: operation.operatorUserId,
        created_at: operation.at,
      })),
    )
    .execute();
  const deltas = new Map<string, { companyId: number; product: string; delta: number }>();
  for (const m of movements) {
    const key = keyOf(m.target.companyId, m.product);
    const entry = deltas.get(key) ?? { companyId: m.target.companyId, product: m.product, delta: 0 };
    entry.delta += m.quantity;
    deltas.set(key, entry);
  }
  for (const d of deltas.values()) {
    if (d.delta === 0) continue;
    await tx
      .updateTable('licence_account')
      .set((eb) => ({ available: eb('available', '+', d.delta) }))
      .where('company_id', '=', d.companyId)
      .where('product', '=', d.product)
      .execute();
  }
}

/** Unused licences of the scope's companies by product (products never held are absent). */
export async function unusedByProduct(db: DbOrTx, scope: CompanyScope): Promise<Map<LicenceProduct, number>> {
  const rows = await db
    .selectFrom('licence_account')
    .select(['product', (eb) => eb.fn.sum<number>('available').as('available')])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .groupBy('product')
    .execute();
  return new Map(rows.map((r) => [r.product as LicenceProduct, Number(r.available)]));
}

/**
 * Renewals of these devices that have not started at `now` and were not refunded yet: what a change
 * of level gives back to the pool.
 */
export async function unstartedRenewals(tx: Tx, target: PostingTarget, sns: readonly string[], now: Date) {
  if (sns.length === 0) return [];
  const rows = await tx
    .selectFrom('licence_ledger as l')
    .select(['l.id', 'l.sn', 'l.product', 'l.period_start', 'l.unit_price_cents'])
    .where('l.company_id', '=', target.companyId)
    .where('l.sn', 'in', [...sns])
    .where('l.movement', '=', 'renewal')
    .where('l.period_start', '>', now)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('licence_ledger as r').select('r.id').whereRef('r.reverses_id', '=', 'l.id'))),
    )
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    sn: r.sn as string,
    product: r.product as LicenceProduct,
    periodStart: r.period_start as Date,
  }));
}
