import {
  type addDataPackagesCall,
  type CallParsedInput,
  DATA_PACKAGE_BYTES,
  DATA_PACKAGE_VALID_DAYS,
  type DataPoolItemFilter,
  type DataPoolSettings,
  type DataPoolSummary,
  type DataPoolUsageDay,
  ErrorCode,
  type grantDataCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { transactionNo } from '../licences/billing.store.ts';
import {
  balanceOf,
  companyExists,
  lockAccounts,
  postingTarget,
  postMovements,
  unusedByProduct,
} from '../licences/ledger.store.ts';
import { runOperation } from '../licences/operations.ts';
import {
  countItems,
  findPool,
  insertItems,
  itemRows,
  lockPool,
  poolTotals,
  saveLowPercent,
  uncoveredOf,
  usageSince,
} from './data-pool.store.ts';
import { announce, settlePool } from './pool-draw.ts';

/** What the data pool area reads from AppDeps (its manifest's `uses`). */
export type DataPoolDeps = ModuleDeps<'db' | 'clock' | 'hub'>;

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

/** The pool's cards on the licences page. */
export async function poolSummary({ db, clock }: DataPoolDeps, actor: Actor): Promise<DataPoolSummary> {
  const now = clock.now();
  const [totals, pool, uncovered, unused] = await Promise.all([
    poolTotals(db, scopedCompanyIds(actor.scope), now),
    findPool(db, actor.scope),
    uncoveredOf(db, actor.scope),
    unusedByProduct(db, actor.scope),
  ]);
  return {
    totalBytes: totals.totalBytes,
    usedBytes: totals.usedBytes,
    remainingBytes: totals.remainingBytes,
    uncoveredBytes: uncovered,
    packagesAvailable: unused.get('DATA_PACKAGE') ?? 0,
    alert: pool.alert,
    lowPercent: pool.lowPercent,
    items: { valid: totals.valid, inUse: totals.inUse, expired: totals.expired },
  };
}

export async function poolItems({ db, clock }: DataPoolDeps, actor: Actor, input: DataPoolItemFilter) {
  const { pageNum, pageSize, ...filter } = input;
  const now = clock.now();
  const [total, list] = await Promise.all([
    countItems(db, actor.scope, filter, Number.MAX_SAFE_INTEGER, now),
    itemRows(db, actor.scope, filter, (pageNum - 1) * pageSize, pageSize, now),
  ]);
  return { list, total };
}

/** Every day of the last `days` (UTC, today last), with the traffic drawn and not covered. */
export async function poolUsage(
  { db, clock }: DataPoolDeps,
  actor: Actor,
  input: { days: number },
): Promise<DataPoolUsageDay[]> {
  const today = Date.UTC(...(utcDay(clock.now()) as [number, number, number]));
  const days = Array.from({ length: input.days }, (_, i) =>
    new Date(today - (input.days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  const byDay = await usageSince(db, actor.scope, days[0]!);
  return days.map((day) => ({
    day,
    usedBytes: byDay.get(day)?.used ?? 0,
    uncoveredBytes: byDay.get(day)?.uncovered ?? 0,
  }));
}

const utcDay = (at: Date) => [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()];

/**
 * Moves unused data packages of the licence balance into the pool (a consumption row of DATA_PACKAGE
 * in the billing history, 190302 when too few), one item each, valid DATA_PACKAGE_VALID_DAYS from its
 * first use. Under the operation's idempotency key: a retry answers the first result and adds nothing.
 */
export async function addDataPackages(
  deps: DataPoolDeps,
  actor: Actor,
  input: CallParsedInput<typeof addDataPackagesCall>,
) {
  const target = postingTarget(owningCompany(actor.scope));
  const op = {
    kind: 'addDataPackages',
    idempotencyKey: input.idempotencyKey,
    operatorUserId: actor.userId,
    at: deps.clock.now(),
  };
  let settled = null as Awaited<ReturnType<typeof settlePool>> | null;
  const answer = await runOperation(deps.db, target, op, async (tx, operation) => {
    const balances = await lockAccounts(tx, [{ target, product: 'DATA_PACKAGE' }]);
    const available = balanceOf(balances, target, 'DATA_PACKAGE');
    if (available < input.quantity)
      throw new AppError(ErrorCode.NOT_ENOUGH_LICENCES, { needed: input.quantity, available });
    await postMovements(tx, operation, [
      { target, movement: 'consumption', product: 'DATA_PACKAGE', quantity: -input.quantity },
    ]);
    const pool = await lockPool(tx, target.companyId, operation.at);
    const items = await insertItems(
      tx,
      Array.from({ length: input.quantity }, () => ({
        companyId: target.companyId,
        source: 'package' as const,
        packageBytes: DATA_PACKAGE_BYTES,
        expireDays: DATA_PACKAGE_VALID_DAYS,
        operationId: operation.id,
        at: operation.at,
      })),
    );
    settled = await settlePool(tx, pool, { sn: '', at: operation.at, clock: deps.clock });
    return { transactionNo: transactionNo(operation.id), items };
  });
  if (settled) announce(deps.hub, settled);
  deps.hub.publish('licences.changed', target.companyId, {});
  return answer;
}

export async function saveSettings(
  deps: DataPoolDeps,
  actor: Actor,
  input: DataPoolSettings,
): Promise<DataPoolSettings> {
  const companyId = owningCompany(actor.scope);
  const at = deps.clock.now();
  const settled = await inTransaction(deps.db, async (tx) => {
    const pool = await lockPool(tx, companyId, at);
    await saveLowPercent(tx, companyId, input.lowPercent, at);
    // A higher threshold may make the pool low at once: told now, not at the next telemetry.
    return settlePool(tx, { ...pool, lowPercent: input.lowPercent }, { sn: '', at, clock: deps.clock });
  });
  announce(deps.hub, settled);
  return { lowPercent: input.lowPercent };
}

/**
 * What the VPN console asks before it carries a tunnel's traffic: the remaining data, or why there is
 * none (190324 when every item expired, 15030 when the data was used or there never was any).
 */
export async function checkData({ db, clock }: DataPoolDeps, actor: Actor) {
  const totals = await poolTotals(db, scopedCompanyIds(actor.scope), clock.now());
  if (totals.remainingBytes > 0) return { remainingBytes: totals.remainingBytes };
  if (totals.totalBytes === 0 && totals.expired > 0) throw new AppError(ErrorCode.DATA_PACKAGE_EXPIRED);
  throw new AppError(ErrorCode.VPN_DATA_USED_UP);
}

/** The Super Admin puts data into a company's pool, valid `expireDays` (1-3650) from its first use. */
export async function grantData(
  deps: DataPoolDeps,
  session: Session,
  input: CallParsedInput<typeof grantDataCall>,
) {
  if (!(await companyExists(deps.db, input.companyId))) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  const target = postingTarget(input.companyId);
  const op = {
    kind: 'grantData',
    idempotencyKey: input.idempotencyKey,
    operatorUserId: session.userId,
    at: deps.clock.now(),
  };
  let settled = null as Awaited<ReturnType<typeof settlePool>> | null;
  const answer = await runOperation(deps.db, target, op, async (tx, operation) => {
    const pool = await lockPool(tx, target.companyId, operation.at);
    const [itemId] = await insertItems(tx, [
      {
        companyId: target.companyId,
        source: 'grant',
        packageBytes: input.dataMb * MB,
        expireDays: input.expireDays,
        operationId: operation.id,
        at: operation.at,
      },
    ]);
    settled = await settlePool(tx, pool, { sn: '', at: operation.at, clock: deps.clock });
    return { itemId: itemId! };
  });
  if (settled) announce(deps.hub, settled);
  deps.hub.publish('licences.changed', target.companyId, {});
  return answer;
}
