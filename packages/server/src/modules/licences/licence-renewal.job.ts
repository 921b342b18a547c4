import { AUTO_RENEW_LEAD_DAYS, type LicenceProduct } from '@fleetport/contract';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction, type Tx } from '../../platform/db/open.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { lockRenewableLicences, type RenewableLicence } from './auto-renew.store.ts';
import { LICENCE_PERIOD_MS, productOfLevel } from './device-assignment.service.ts';
import { saveLicenceEnds } from './device-licences.store.ts';
import {
  balanceOf,
  lockAccounts,
  type Movement,
  postingTarget,
  postMovements,
  startOperation,
} from './ledger.store.ts';

export const LICENCE_RENEWAL_JOB = 'licences.autoRenew';
/** Licences looked at in one transaction, like the expiry's batch. */
export const RENEWAL_BATCH = 500;
const DAY_MS = 86_400_000;

export interface RenewalDeps {
  db: Db;
  clock: Clock;
  hub?: LiveHub;
}

export interface RenewalRun {
  renewed: number;
  /** Devices with auto-renew on whose company had too few unused licences: they were left as they are. */
  short: number;
}

/**
 * Renews every licence with auto-renew on that ends within AUTO_RENEW_LEAD_DAYS: per device its period
 * in licences, `renewal` rows one after another from the current end, drawn from its company's unused
 * balance under the balance's lock. A device the balance cannot cover whole is not renewed (it stays
 * in the insufficient-licence list and ends on Basic unless licences arrive before). Safe to re-run and
 * to run beside assignments and the expiry: each licence is locked and its end read again under the
 * lock, and a renewed licence no longer ends within the lead time.
 */
export async function renewDueLicences(
  deps: RenewalDeps,
  signal?: AbortSignal,
  batch = RENEWAL_BATCH,
): Promise<RenewalRun> {
  const run: RenewalRun = { renewed: 0, short: 0 };
  const now = deps.clock.now();
  const until = new Date(now.getTime() + AUTO_RENEW_LEAD_DAYS * DAY_MS);
  const changed = new Set<number>();
  let after: { endsAt: Date; sn: string } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await inTransaction(deps.db, async (tx) => {
      const due = await lockRenewableLicences(tx, now, until, after, batch);
      for (const companyId of new Set(due.map((r) => r.companyId))) {
        const mine = due.filter((r) => r.companyId === companyId);
        const renewed = await renewForCompany(tx, companyId, mine, now);
        run.renewed += renewed;
        run.short += mine.length - renewed;
        if (renewed > 0) changed.add(companyId);
      }
      return due;
    });
    const last = rows.at(-1);
    if (!last || rows.length < batch) break;
    after = { endsAt: last.endsAt, sn: last.sn };
  }
  for (const companyId of changed) deps.hub?.publish('licences.changed', companyId, {});
  return run;
}

/** One company's due licences in one operation; answers how many were renewed. */
async function renewForCompany(
  tx: Tx,
  companyId: number,
  due: RenewableLicence[],
  now: Date,
): Promise<number> {
  const target = postingTarget(companyId);
  const products = [...new Set(due.map((r) => productOfLevel(r.level) as LicenceProduct))];
  const balances = await lockAccounts(
    tx,
    products.map((product) => ({ target, product })),
  );
  const left = new Map(products.map((p) => [p, balanceOf(balances, target, p)]));
  const movements: Movement[] = [];
  const renewed: { row: RenewableLicence; endsAt: Date }[] = [];
  // Earliest end first: when the pool runs short, the licences ending soonest are the ones renewed.
  for (const row of due) {
    const product = productOfLevel(row.level) as LicenceProduct;
    const available = left.get(product) ?? 0;
    if (available < row.period) continue;
    left.set(product, available - row.period);
    let start = row.endsAt;
    for (let i = 0; i < row.period; i++) {
      const end = new Date(start.getTime() + LICENCE_PERIOD_MS);
      movements.push({
        target,
        movement: 'renewal',
        product,
        quantity: -1,
        sn: row.sn,
        periodStart: start,
        periodEnd: end,
      });
      start = end;
    }
    renewed.push({ row, endsAt: start });
  }
  if (renewed.length === 0) return 0;
  const op = await startOperation(tx, target, {
    kind: 'autoRenew',
    idempotencyKey: null,
    operatorUserId: null,
    at: now,
  });
  await postMovements(tx, { id: op.id, operatorUserId: null, at: now }, movements);
  await saveLicenceEnds(
    tx,
    target,
    renewed.map(({ row, endsAt }) => ({ sn: row.sn, endsAt })),
  );
  return renewed.length;
}
