import type { LicenceProduct, OrderState, PurchaseOrder } from '@fleetport/contract';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';

/** SQL of checkout: the partner's terms for each customer and the purchase orders between them. */

/** A company's seller: the company upstream of it, oldest link first; null when it has none. */
export async function sellerOf(
  db: DbOrTx,
  buyerCompanyId: number,
): Promise<{ companyId: number; name: string } | null> {
  const row = await db
    .selectFrom('company_relation as r')
    .innerJoin('company as c', 'c.id', 'r.upstream_company_id')
    .select(['c.id', 'c.name'])
    .where('r.downstream_company_id', '=', buyerCompanyId)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .executeTakeFirst();
  return row ? { companyId: Number(row.id), name: row.name } : null;
}

/** The customer `buyerId` of the scope's company (its name), or null when no partner link joins them. */
export async function customerOfSeller(
  db: DbOrTx,
  scope: CompanyScope,
  buyerId: number,
): Promise<{ companyId: number; name: string } | null> {
  const row = await db
    .selectFrom('company_relation as r')
    .innerJoin('company as c', 'c.id', 'r.downstream_company_id')
    .select(['c.id', 'c.name'])
    .where('r.upstream_company_id', '=', owningCompany(scope))
    .where('r.downstream_company_id', '=', buyerId)
    .executeTakeFirst();
  return row ? { companyId: Number(row.id), name: row.name } : null;
}

export interface PriceRow {
  product: LicenceProduct;
  unitPriceCents: number;
  minimumPurchase: number;
}

export interface Terms {
  onlinePurchaseForbidden: boolean;
  prices: PriceRow[];
}

/** What `sellerId` set for `buyerId`: nothing set is no prices and online purchase allowed. */
export async function termsBetween(db: DbOrTx, sellerId: number, buyerId: number): Promise<Terms> {
  const [flag, prices] = await Promise.all([
    db
      .selectFrom('customer_checkout')
      .select('online_purchase_forbidden')
      .where('seller_company_id', '=', sellerId)
      .where('buyer_company_id', '=', buyerId)
      .executeTakeFirst(),
    db
      .selectFrom('customer_price')
      .select(['product', 'unit_price_cents', 'minimum_purchase'])
      .where('seller_company_id', '=', sellerId)
      .where('buyer_company_id', '=', buyerId)
      .orderBy('product')
      .execute(),
  ]);
  return {
    onlinePurchaseForbidden: flag?.online_purchase_forbidden ?? false,
    prices: prices.map((p) => ({
      product: p.product as LicenceProduct,
      unitPriceCents: Number(p.unit_price_cents),
      minimumPurchase: p.minimum_purchase,
    })),
  };
}

/** Replaces the seller's terms for one customer: its switch and the full price list. */
export async function saveTerms(
  tx: Tx,
  sellerId: number,
  buyerId: number,
  terms: Terms,
  at: Date,
): Promise<void> {
  await tx
    .insertInto('customer_checkout')
    .values({
      seller_company_id: sellerId,
      buyer_company_id: buyerId,
      online_purchase_forbidden: terms.onlinePurchaseForbidden,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['seller_company_id', 'buyer_company_id']).doUpdateSet({
        online_purchase_forbidden: terms.onlinePurchaseForbidden,
        updated_at: at,
      }),
    )
    .execute();
  await tx
    .deleteFrom('customer_price')
    .where('seller_company_id', '=', sellerId)
    .where('buyer_company_id', '=', buyerId)
    .execute();
  if (terms.prices.length === 0) return;
  await tx
    .insertInto('customer_price')
    .values(
      terms.prices.map((p) => ({
        seller_company_id: sellerId,
        buyer_company_id: buyerId,
        product: p.product,
        unit_price_cents: p.unitPriceCents,
        minimum_purchase: p.minimumPurchase,
        updated_at: at,
      })),
    )
    .execute();
}

export interface NewOrder {
  buyerCompanyId: number;
  sellerCompanyId: number | null;
  product: LicenceProduct;
  quantity: number;
  unitPriceCents: number | null;
  note: string | null;
  idempotencyKey: string;
  placedByUserId: number;
  at: Date;
}

/**
 * Inserts the order unless the buyer used the key before: then the earlier order's id, and nothing
 * new. A concurrent duplicate waits on the unique index (PostgreSQL) and then finds the first.
 */
export async function insertOrder(tx: Tx, o: NewOrder): Promise<{ id: number; replayed: boolean }> {
  const inserted = await tx
    .insertInto('purchase_order')
    .values({
      buyer_company_id: o.buyerCompanyId,
      seller_company_id: o.sellerCompanyId,
      product: o.product,
      quantity: o.quantity,
      unit_price_cents: o.unitPriceCents,
      note: o.note,
      idempotency_key: o.idempotencyKey,
      placed_by_user_id: o.placedByUserId,
      placed_at: o.at,
      state: 'pending',
      decided_by_user_id: null,
      decided_at: null,
      reject_reason: null,
      transaction_no: null,
    })
    .onConflict((oc) => oc.columns(['buyer_company_id', 'idempotency_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), replayed: false };
  const earlier = await tx
    .selectFrom('purchase_order')
    .select('id')
    .where('buyer_company_id', '=', o.buyerCompanyId)
    .where('idempotency_key', '=', o.idempotencyKey)
    .executeTakeFirstOrThrow();
  return { id: Number(earlier.id), replayed: true };
}

/** Whose orders a list or a decision reaches: the buyer's own, a seller's customers', the platform's. */
export type OrderSide =
  | { side: 'buyer'; scope: CompanyScope }
  | { side: 'seller'; scope: CompanyScope }
  | { side: 'platform' };

export interface OrderFilter {
  state?: OrderState;
  product?: LicenceProduct;
  orderNo?: string;
  buyerCompanyId?: number;
}

const ORDER_PREFIX = 'PO';

export function orderNo(id: number): string {
  return `${ORDER_PREFIX}${String(id).padStart(8, '0')}`;
}

/** The id in "PO00000042", "po42" or "42"; null when the text is none of them. */
function orderIdOf(text: string): number | null {
  const match = /^(?:PO)?0*(\d{1,15})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

function sided(db: DbOrTx, who: OrderSide) {
  const q = db.selectFrom('purchase_order as o');
  if (who.side === 'buyer') return q.where('o.buyer_company_id', 'in', scopedCompanyIds(who.scope));
  if (who.side === 'seller') return q.where('o.seller_company_id', 'in', scopedCompanyIds(who.scope));
  return q.where('o.seller_company_id', 'is', null);
}

function filtered(db: DbOrTx, who: OrderSide, f: OrderFilter) {
  let q = sided(db, who);
  if (f.state) q = q.where('o.state', '=', f.state);
  if (f.product) q = q.where('o.product', '=', f.product);
  if (f.orderNo !== undefined) q = q.where('o.id', '=', orderIdOf(f.orderNo) ?? -1);
  if (f.buyerCompanyId !== undefined) q = q.where('o.buyer_company_id', '=', f.buyerCompanyId);
  return q;
}

function withNames(q: ReturnType<typeof filtered>) {
  return q
    .innerJoin('company as b', 'b.id', 'o.buyer_company_id')
    .leftJoin('company as s', 's.id', 'o.seller_company_id')
    .leftJoin('app_user as pu', 'pu.id', 'o.placed_by_user_id')
    .leftJoin('app_user as du', 'du.id', 'o.decided_by_user_id')
    .select([
      'o.id',
      'o.state',
      'o.buyer_company_id',
      'b.name as buyer_name',
      'o.seller_company_id',
      's.name as seller_name',
      'o.product',
      'o.quantity',
      'o.unit_price_cents',
      'o.note',
      'pu.user_name as placed_by',
      'o.placed_at',
      'du.user_name as decided_by',
      'o.decided_at',
      'o.reject_reason',
      'o.transaction_no',
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

function toOrder(r: OrderRow): PurchaseOrder {
  const cents = r.unit_price_cents === null ? null : Number(r.unit_price_cents);
  return {
    id: Number(r.id),
    orderNo: orderNo(Number(r.id)),
    state: r.state as OrderState,
    buyer: { companyId: Number(r.buyer_company_id), name: r.buyer_name },
    seller:
      r.seller_company_id === null
        ? null
        : { companyId: Number(r.seller_company_id), name: r.seller_name ?? '' },
    product: r.product as LicenceProduct,
    quantity: r.quantity,
    unitPrice: cents === null ? null : cents / 100,
    total: cents === null ? null : (cents * r.quantity) / 100,
    note: r.note,
    placedBy: r.placed_by ?? null,
    placedAt: r.placed_at.getTime(),
    decidedBy: r.decided_by ?? null,
    decidedAt: r.decided_at ? r.decided_at.getTime() : null,
    rejectReason: r.reject_reason,
    transactionNo: r.transaction_no,
  };
}

/** `limit` orders of the side from `offset`: pending first for the deciding side, then newest first. */
export async function orderRows(
  db: DbOrTx,
  who: OrderSide,
  f: OrderFilter,
  offset: number,
  limit: number,
): Promise<PurchaseOrder[]> {
  let q = withNames(filtered(db, who, f));
  if (who.side !== 'buyer') q = q.orderBy((eb) => eb(eb.ref('o.state'), '=', 'pending'), 'desc');
  const rows = await q.orderBy('o.id', 'desc').offset(offset).limit(limit).execute();
  return rows.map(toOrder);
}

/** A page of orders as the lists show it, with how many match. */
export async function orderPage(
  db: DbOrTx,
  who: OrderSide,
  f: OrderFilter,
  offset: number,
  limit: number,
): Promise<{ list: PurchaseOrder[]; total: number }> {
  const [list, count] = await Promise.all([
    orderRows(db, who, f, offset, limit),
    filtered(db, who, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

/** How many orders of the side match, counting no further than `limit` (an export's bound). */
export async function countOrders(
  db: DbOrTx,
  who: OrderSide,
  f: OrderFilter,
  limit: number,
): Promise<number> {
  const row = await db
    .selectFrom(filtered(db, who, f).select('o.id').limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One order the side reaches, as shown; null when it is not there or not theirs. */
export async function findOrder(db: DbOrTx, who: OrderSide, id: number): Promise<PurchaseOrder | null> {
  const row = await withNames(sided(db, who).where('o.id', '=', id)).executeTakeFirst();
  return row ? toOrder(row) : null;
}

/** Locks the order the side reaches for a decision (`for update`); null when it is not theirs. */
export async function lockOrder(
  tx: Tx,
  who: OrderSide,
  id: number,
): Promise<{
  state: OrderState;
  buyerCompanyId: number;
  sellerCompanyId: number | null;
  product: LicenceProduct;
  quantity: number;
  unitPriceCents: number | null;
} | null> {
  const row = await sided(tx, who)
    .select([
      'o.state',
      'o.buyer_company_id',
      'o.seller_company_id',
      'o.product',
      'o.quantity',
      'o.unit_price_cents',
    ])
    .where('o.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  return {
    state: row.state as OrderState,
    buyerCompanyId: Number(row.buyer_company_id),
    sellerCompanyId: row.seller_company_id === null ? null : Number(row.seller_company_id),
    product: row.product as LicenceProduct,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents === null ? null : Number(row.unit_price_cents),
  };
}

/** Writes a decision on a locked pending order. */
export async function decideOrder(
  tx: Tx,
  id: number,
  d: {
    state: Exclude<OrderState, 'pending'>;
    byUserId: number;
    at: Date;
    unitPriceCents?: number | null;
    rejectReason?: string;
    transactionNo?: string;
  },
): Promise<void> {
  await tx
    .updateTable('purchase_order')
    .set({
      state: d.state,
      decided_by_user_id: d.byUserId,
      decided_at: d.at,
      ...(d.unitPriceCents !== undefined ? { unit_price_cents: d.unitPriceCents } : {}),
      reject_reason: d.rejectReason ?? null,
      transaction_no: d.transactionNo ?? null,
    })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}
