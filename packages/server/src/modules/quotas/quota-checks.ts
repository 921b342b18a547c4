import { ErrorCode, type LicenceProduct, type QuotaPeriod } from '@fleetport/contract';
import { type CompanyScope, companyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { chainOf, devicesHeldBelow, drawnSince, licenceLimit, lockDeviceLimits } from './quotas.store.ts';

/**
 * The checks other areas make before they add to what a company holds: devices registered, imported or
 * transferred into it (every limit of its chain), licences drawn into it from upstream (its own limit).
 * Each runs inside the caller's transaction, under a lock, so parallel requests cannot both pass.
 */

/** Where a licence limit's current window starts (UTC calendar month or year); null counts everything. */
export function windowStart(period: QuotaPeriod, now: Date): Date | null {
  if (period === 'month') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  if (period === 'year') return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  return null;
}

/**
 * Refuses (15050, naming the company and its limit) when `adding` devices arriving in `into` would take
 * any company of its chain above its device limit. Devices coming from `from` (a transfer) are already
 * counted by the companies above both sides, so only the limits between them are checked. The limits
 * are locked (company order) before counting, in the caller's transaction, so two registrations under one partner count in turn.
 */
export async function assertDeviceRoom(
  tx: DbOrTx,
  into: CompanyScope,
  adding: number,
  from?: CompanyScope,
): Promise<void> {
  if (adding <= 0) return;
  const chain = await chainOf(tx, into);
  const already = from ? new Set(await chainOf(tx, from)) : new Set<number>();
  const counted = chain.filter((id) => !already.has(id));
  const limits = await lockDeviceLimits(tx, counted);
  if (limits.length === 0) return;
  const held = await devicesHeldBelow(
    tx,
    limits.map((l) => l.companyId),
  );
  // The nearest limit first: the one the person adding most likely knows about.
  for (const id of counted) {
    const limit = limits.find((l) => l.companyId === id);
    if (!limit) continue;
    const now = held.get(id) ?? 0;
    if (now + adding > limit.limit)
      throw new AppError(ErrorCode.QUOTA_DEVICES_REACHED, {
        company: limit.name,
        limit: limit.limit,
        held: now,
        adding,
      });
  }
}

const LICENCE_CODES: Record<QuotaPeriod, number> = {
  total: ErrorCode.QUOTA_LICENCES_TOTAL_REACHED,
  month: ErrorCode.QUOTA_LICENCES_MONTH_REACHED,
  year: ErrorCode.QUOTA_LICENCES_YEAR_REACHED,
};

/**
 * Refuses (15051-15053, naming the limit) when `buyer` drawing `quantity` more licences of `product`
 * from upstream would pass its limit in the current window. The caller holds the buyer's balance row
 * lock for the product (every draw takes it), so parallel draws count one after another.
 */
export async function assertLicenceDraw(
  tx: DbOrTx,
  buyer: { companyId: number },
  product: LicenceProduct,
  quantity: number,
  now: Date,
): Promise<void> {
  const scope = companyScope(buyer.companyId);
  const limit = await licenceLimit(tx, scope, product);
  if (!limit) return;
  const drawn = await drawnSince(tx, scope, product, windowStart(limit.period, now));
  if (drawn + quantity > limit.limit)
    throw new AppError(LICENCE_CODES[limit.period], {
      company: limit.company,
      product,
      limit: limit.limit,
      drawn,
      asked: quantity,
    });
}
