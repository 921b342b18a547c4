import {
  type BillingFilter,
  type BillingRecord,
  LICENCE_MOVEMENTS,
  type LicenceMovement,
  type LicenceProduct,
  MOVEMENT_BILLING_TYPE,
} from '@fleetport/contract';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of the billing history: the scope's ledger rows, newest first, with who and whom by name. */

const TRANSACTION_PREFIX = 'LT';

/** The number people read and quote: the operation's id, padded ("LT00000042"). */
export function transactionNo(operationId: number): string {
  return `${TRANSACTION_PREFIX}${String(operationId).padStart(8, '0')}`;
}

/** The operation id of a transaction number, or null when the text is not one. */
export function operationIdOf(text: string): number | null {
  const match = /^LT(\d{1,15})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

type Filter = Omit<BillingFilter, 'pageNum' | 'pageSize'>;

function filtered(db: DbOrTx, scope: CompanyScope, f: Filter) {
  let q = db.selectFrom('licence_ledger as l').where('l.company_id', 'in', scopedCompanyIds(scope));
  if (f.billingType) {
    const movements = LICENCE_MOVEMENTS.filter((m) => MOVEMENT_BILLING_TYPE[m] === f.billingType);
    q = q.where('l.movement', 'in', movements);
  }
  if (f.movement) q = q.where('l.movement', '=', f.movement);
  if (f.product) q = q.where('l.product', '=', f.product);
  if (f.sn) q = q.where('l.sn', '=', f.sn);
  if (f.transactionNo !== undefined) q = q.where('l.operation_id', '=', operationIdOf(f.transactionNo) ?? -1);
  if (f.startTime !== undefined) q = q.where('l.created_at', '>=', new Date(f.startTime));
  if (f.endTime !== undefined) q = q.where('l.created_at', '<=', new Date(f.endTime));
  return q;
}

/** How many ledger rows of the scope match, counting no further than `limit` (an export's bound). */
export async function countBilling(
  db: DbOrTx,
  scope: CompanyScope,
  f: Filter,
  limit: number,
): Promise<number> {
  const row = await db
    .selectFrom(filtered(db, scope, f).select('l.id').limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `limit` ledger rows of the scope from `offset`, newest first, as the billing history shows them. */
export async function billingRows(
  db: DbOrTx,
  scope: CompanyScope,
  f: Filter,
  offset: number,
  limit: number,
): Promise<BillingRecord[]> {
  const rows = await filtered(db, scope, f)
    .leftJoin('app_user as u', 'u.id', 'l.operator_user_id')
    .leftJoin('company as c', 'c.id', 'l.counterparty_company_id')
    .select([
      'l.id',
      'l.operation_id',
      'l.created_at',
      'l.movement',
      'l.product',
      'l.quantity',
      'l.unit_price_cents',
      'l.rebate_cents',
      'l.sn',
      'u.user_name',
      'c.name as counterparty',
    ])
    .orderBy('l.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r): BillingRecord => {
    const movement = r.movement as LicenceMovement;
    const cents = r.unit_price_cents === null ? null : Number(r.unit_price_cents);
    return {
      id: Number(r.id),
      transactionNo: transactionNo(Number(r.operation_id)),
      at: r.created_at.getTime(),
      movement,
      billingType: MOVEMENT_BILLING_TYPE[movement],
      quantity: r.quantity,
      product: r.product as LicenceProduct,
      unitPrice: cents === null ? null : cents / 100,
      total: cents === null ? null : (Math.abs(r.quantity) * cents) / 100,
      operator: r.user_name ?? null,
      sn: r.sn,
      counterparty: r.counterparty ?? null,
      rebateAmount: r.rebate_cents === null ? null : Number(r.rebate_cents) / 100,
    };
  });
}

export async function billingPage(
  db: DbOrTx,
  scope: CompanyScope,
  f: Filter,
  offset: number,
  limit: number,
): Promise<{ total: number; list: BillingRecord[] }> {
  const total = await filtered(db, scope, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { total: Number(total.n), list: await billingRows(db, scope, f, offset, limit) };
}
