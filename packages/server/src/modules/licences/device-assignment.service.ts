import {
  type AssignResult,
  type assignDeviceLicencesCall,
  type CallParsedInput,
  ErrorCode,
  LEVEL_PRODUCT,
  LICENCE_DAYS,
  type LicenceLevel,
  type LicenceProduct,
  MAX_DEVICES_PER_ASSIGN,
  summarizeFieldErrors,
} from '@fleetport/contract';
import { type Actor, type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { Tx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { devicesForLicences, setLicenceLevels } from '../devices/device-registry.store.ts';
import { checkDeviceAutoRenew, saveDeviceSetting } from './auto-renew.service.ts';
import { transactionNo } from './billing.store.ts';
import { type DeviceLicenceRow, lockDeviceLicences, saveDeviceLicence } from './device-licences.store.ts';
import {
  balanceOf,
  lockAccounts,
  type Movement,
  type PostingTarget,
  postingTarget,
  postMovements,
  startOperation,
  unstartedRenewals,
} from './ledger.store.ts';
import { type LicenceDeps, offeredLevels } from './licences.service.ts';
import { type OperationContext, runOperation } from './operations.ts';

export const LICENCE_PERIOD_MS = LICENCE_DAYS * 86_400_000;

/** The level a device really has at `now`: a level whose period ended is Basic, expired or not yet. */
export function levelAt(row: DeviceLicenceRow, now: Date): LicenceLevel {
  return row.level !== 'BASE' && row.endsAt !== null && row.endsAt > now ? row.level : 'BASE';
}

export function productOfLevel(level: LicenceLevel): LicenceProduct | null {
  return level === 'BASE' ? null : LEVEL_PRODUCT[level];
}

/** The expiry row of a licence that ended (or is ended early) at `at`; it moves no balance. */
export function expiryMovement(target: PostingTarget, row: DeviceLicenceRow, at: Date): Movement {
  return {
    target,
    movement: 'expiry',
    product: productOfLevel(row.level) as LicenceProduct,
    quantity: 0,
    sn: row.sn,
    periodStart: row.startsAt ?? at,
    periodEnd: at,
  };
}

/**
 * Gives devices a level (issue 13, "Devices and licences"). Per device: the level it holds and is valid
 * renews (one licence, the 30 days after its end); another level starts now for one licence and gives
 * back the old level's unstarted renewals (refund rows); Basic gives them back and ends the licence
 * now. All devices or none: one missing device (120002) or too few licences (190302) refuses the
 * whole operation, so a retry never meets half of it done.
 */
export async function assignDeviceLicences(
  deps: LicenceDeps,
  actor: Actor,
  input: CallParsedInput<typeof assignDeviceLicencesCall>,
): Promise<AssignResult> {
  const sns = [...new Set(input.sns)];
  if (sns.length > MAX_DEVICES_PER_ASSIGN)
    throw new AppError(ErrorCode.TRANSFER_LIMIT, MAX_DEVICES_PER_ASSIGN);
  if (input.autoRenew) checkDeviceAutoRenew(input.autoRenew);
  if (!offeredLevels(deps).includes(input.level)) {
    const fields = [{ field: 'level', message: 'not offered in this environment' }];
    throw new AppError(ErrorCode.PARAMETER_ERROR, { fields }, 200, summarizeFieldErrors(fields));
  }
  const target = postingTarget(owningCompany(actor.scope));
  const op = {
    kind: 'assignDevices',
    idempotencyKey: input.idempotencyKey,
    operatorUserId: actor.userId,
    at: deps.clock.now(),
  };
  const answer = await runOperation(deps.db, target, op, async (tx, operation) => {
    const devices = await devicesForLicences(tx, actor.scope, sns);
    const missing = sns.find((sn) => !devices.some((d) => d.sn === sn));
    if (missing) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, missing);
    const licences = await lockDeviceLicences(tx, target, sns);
    const result = await assignLocked(tx, actor.scope, target, licences, input.level, operation);
    if (input.autoRenew) await saveDeviceSetting(tx, target, sns, input.autoRenew, operation.at);
    return { transactionNo: transactionNo(operation.id), devices: result };
  });
  deps.hub.publish('licences.changed', target.companyId, {});
  return answer;
}

async function assignLocked(
  tx: Tx,
  scope: CompanyScope,
  target: PostingTarget,
  licences: DeviceLicenceRow[],
  level: LicenceLevel,
  operation: OperationContext,
) {
  const now = operation.at;
  const product = productOfLevel(level);
  const movements: Movement[] = [];
  const after: DeviceLicenceRow[] = [];
  // Levels that end before their time give back their unstarted renewals.
  const ending = licences.filter((l) => levelAt(l, now) !== 'BASE' && levelAt(l, now) !== level);
  const refunds = await unstartedRenewals(
    tx,
    target,
    ending.map((l) => l.sn),
    now,
  );
  for (const l of licences) {
    const current = levelAt(l, now);
    // A period that ended without its expiry row yet (the job has not passed): written first.
    if (l.level !== 'BASE' && current === 'BASE') movements.push(expiryMovement(target, l, l.endsAt ?? now));
    if (current !== 'BASE' && current !== level) {
      for (const r of refunds.filter((refund) => refund.sn === l.sn)) {
        movements.push({
          target,
          movement: 'refund',
          product: r.product,
          quantity: 1,
          sn: l.sn,
          reversesId: r.id,
        });
      }
      if (level === 'BASE') movements.push(expiryMovement(target, l, now));
    }
    if (product === null) {
      after.push({ sn: l.sn, level: 'BASE', startsAt: null, endsAt: null });
    } else if (current === level && l.endsAt) {
      const periodEnd = new Date(l.endsAt.getTime() + LICENCE_PERIOD_MS);
      movements.push({
        target,
        movement: 'renewal',
        product,
        quantity: -1,
        sn: l.sn,
        periodStart: l.endsAt,
        periodEnd,
      });
      after.push({ sn: l.sn, level, startsAt: l.startsAt, endsAt: periodEnd });
    } else {
      const periodEnd = new Date(now.getTime() + LICENCE_PERIOD_MS);
      movements.push({
        target,
        movement: 'consumption',
        product,
        quantity: -1,
        sn: l.sn,
        periodStart: now,
        periodEnd,
      });
      after.push({ sn: l.sn, level, startsAt: now, endsAt: periodEnd });
    }
  }
  const products = [...new Set(movements.filter((m) => m.quantity !== 0).map((m) => m.product))];
  const balances = await lockAccounts(
    tx,
    products.map((p) => ({ target, product: p })),
  );
  if (product !== null) {
    const drawn = movements.filter((m) => m.product === product).reduce((sum, m) => sum + m.quantity, 0);
    const available = balanceOf(balances, target, product);
    if (available + drawn < 0)
      throw new AppError(ErrorCode.NOT_ENOUGH_LICENCES, { needed: -drawn, available });
  }
  await postMovements(tx, operation, movements);
  for (const row of after) await saveDeviceLicence(tx, target, row);
  for (const lvl of new Set(after.map((a) => a.level))) {
    await setLicenceLevels(
      tx,
      scope,
      after.filter((a) => a.level === lvl).map((a) => a.sn),
      lvl,
    );
  }
  return after.map((a) => ({
    sn: a.sn,
    level: a.level,
    startsAt: a.startsAt?.getTime() ?? null,
    endsAt: a.endsAt?.getTime() ?? null,
  }));
}

/**
 * Devices leaving the company (a transfer, or a deletion: `kind` names it in the operation): their licence ends here and their unstarted renewals go
 * back to this company's pool, which paid for them; the receiving company starts them on Basic. Runs
 * in the caller's transaction, before the device rows move.
 */
export async function releaseDeviceLicences(
  tx: Tx,
  scope: CompanyScope,
  sns: readonly string[],
  operatorUserId: number | null,
  at: Date,
  kind: 'release' | 'deleteDevice' = 'release',
): Promise<boolean> {
  const target = postingTarget(owningCompany(scope));
  const held = (await lockDeviceLicences(tx, target, sns)).filter((l) => l.level !== 'BASE');
  if (held.length === 0) return false;
  const op = await startOperation(tx, target, { kind, idempotencyKey: null, operatorUserId, at });
  await assignLocked(tx, scope, target, held, 'BASE', { id: op.id, operatorUserId, at });
  return true;
}
