import {
  type ApplyInstallerLicenceSchema,
  COMMERCIAL_WINDOW_DAYS,
  ErrorCode,
  type InstallerDashboard,
  type InstallerLicenceAnswer,
  type InstallerLicenceStatus,
  installerAccessEndsAt,
  installerConsoleStateAt,
  installerLicencesPerPeriod,
  installerTrialEnd,
  LICENCE_DAYS,
  newInstallerSalt,
  sealInstallerState,
} from '@fleetport/contract';
import type { z } from 'zod';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
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
import * as store from './installer-console.store.ts';

export type InstallerConsoleDeps = ModuleDeps<'db' | 'clock' | 'hub'>;

const DAY_MS = 86_400_000;
const PRODUCT = 'OPERATIONS_CONSOLE' as const;

const ms = (d: Date | null) => (d === null ? null : d.getTime());

function times(row: store.InstallerLicenceRow) {
  return { trialEndsAt: ms(row.trialEndsAt), paidUntil: ms(row.paidUntil) };
}

/**
 * The licence check (core §3, §7): the state sealed with a fresh salt. During the free trial the
 * answer is 190326 with the same data, which the console shows as the trial banner (days left).
 */
export async function verifyLicence(
  deps: InstallerConsoleDeps,
  actor: Actor,
): Promise<InstallerLicenceAnswer> {
  const now = deps.clock.now().getTime();
  const row = await store.readLicence(deps.db, actor.scope);
  const consoleState = installerConsoleStateAt(times(row), now);
  const salt = newInstallerSalt();
  const answer: InstallerLicenceAnswer = {
    state: await sealInstallerState(consoleState === 'expired' ? 'EXPIRED' : 'USING', salt),
    salt,
    consoleState,
    endsAt: installerAccessEndsAt(times(row), now),
  };
  if (consoleState === 'freeTrial') throw new AppError(ErrorCode.INSTALLER_TRIAL, answer);
  return answer;
}

export async function licenceStatus(
  deps: InstallerConsoleDeps,
  actor: Actor,
): Promise<InstallerLicenceStatus> {
  const now = deps.clock.now().getTime();
  const [row, devices, balances] = await Promise.all([
    store.readLicence(deps.db, actor.scope),
    store.countDevices(deps.db, actor.scope),
    unusedByProduct(deps.db, owningScope(actor.scope)),
  ]);
  return {
    consoleState: installerConsoleStateAt(times(row), now),
    trialStartedAt: ms(row.trialStartedAt),
    trialEndsAt: ms(row.trialEndsAt),
    paidUntil: ms(row.paidUntil),
    endsAt: installerAccessEndsAt(times(row), now),
    devices,
    licencesPerPeriod: installerLicencesPerPeriod(devices),
    licencesAvailable: balances.get(PRODUCT) ?? 0,
  };
}

/**
 * Applies licences from the pool: each 30-day period takes one licence per started 5,000 devices
 * (190329 when fewer are offered), a whole number of periods is taken and the rest stays in the pool.
 * Periods follow the last paid one, or start now; a retry with the same key takes nothing again.
 */
export async function applyLicence(
  deps: InstallerConsoleDeps,
  actor: Actor,
  input: z.output<typeof ApplyInstallerLicenceSchema>,
) {
  const companyId = owningCompany(actor.scope);
  const target = postingTarget(companyId);
  const op = {
    kind: 'installerConsole',
    idempotencyKey: input.idempotencyKey,
    operatorUserId: actor.userId,
    at: deps.clock.now(),
  };
  const answer = await runOperation(deps.db, target, op, async (tx, operation) => {
    const devices = await store.countDevices(tx, actor.scope);
    const perPeriod = installerLicencesPerPeriod(devices);
    if (input.licences < perPeriod) {
      throw new AppError(ErrorCode.INSTALLER_DEVICE_LIMIT, { devices, needed: perPeriod });
    }
    const periods = Math.floor(input.licences / perPeriod);
    const used = periods * perPeriod;
    const balances = await lockAccounts(tx, [{ target, product: PRODUCT }]);
    const available = balanceOf(balances, target, PRODUCT);
    if (available < used) throw new AppError(ErrorCode.NOT_ENOUGH_LICENCES, { needed: used, available });
    const row = await store.lockLicence(tx, companyId, operation.at);
    const start = new Date(Math.max(operation.at.getTime(), row.paidUntil?.getTime() ?? 0));
    const end = new Date(start.getTime() + periods * LICENCE_DAYS * DAY_MS);
    await postMovements(tx, operation, [
      {
        target,
        movement: 'consumption',
        product: PRODUCT,
        quantity: -used,
        periodStart: start,
        periodEnd: end,
      },
    ]);
    await store.savePaidUntil(tx, companyId, end, operation.at);
    return {
      transactionNo: transactionNo(operation.id),
      licencesUsed: used,
      daysAdded: periods * LICENCE_DAYS,
      paidUntil: end.getTime(),
    };
  });
  deps.hub.publish('licences.changed', companyId, {});
  return answer;
}

/** The Super Admin's grant of the free trial: two calendar months from now, once per company (190327). */
export async function grantTrial(deps: InstallerConsoleDeps, companyId: number) {
  if (!(await companyExists(deps.db, companyId))) throw new AppError(ErrorCode.PLATFORM_COMPANY_NOT_FOUND);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await store.lockLicence(tx, companyId, now);
    if (row.trialStartedAt !== null) throw new AppError(ErrorCode.INSTALLER_TRIAL_USED);
    const ends = new Date(installerTrialEnd(now.getTime()));
    await store.saveTrial(tx, companyId, now, ends);
    return { trialStartedAt: now.getTime(), trialEndsAt: ends.getTime() };
  });
}

/** The dashboard's figures over the last 30 days. */
export async function dashboard(deps: InstallerConsoleDeps, actor: Actor): Promise<InstallerDashboard> {
  const since = new Date(deps.clock.now().getTime() - COMMERCIAL_WINDOW_DAYS * DAY_MS);
  const [figures, dataUsedBytes] = await Promise.all([
    store.deviceFigures(deps.db, actor.scope, since),
    store.dataUsedSince(deps.db, actor.scope, since),
  ]);
  return { ...figures, dataUsedBytes };
}

/** Whether the company's installer console is frozen now (its access ended). */
export async function consoleFrozen(deps: ModuleDeps<'db' | 'clock'>, companyId: number): Promise<boolean> {
  const row = await store.readLicence(deps.db, { kind: 'company', companyId });
  return installerConsoleStateAt(times(row), deps.clock.now().getTime()) === 'expired';
}
