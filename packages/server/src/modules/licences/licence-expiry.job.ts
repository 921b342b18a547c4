import { companyScope } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db/open.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { setLicenceLevels } from '../devices/device-registry.store.ts';
import { expiryMovement } from './device-assignment.service.ts';
import { endLicences, lockEndedLicences } from './device-licences.store.ts';
import { postingTarget, postMovements, startOperation } from './ledger.store.ts';
import { LICENCE_RENEWAL_JOB, type RenewalDeps, renewDueLicences } from './licence-renewal.job.ts';

export const LICENCE_EXPIRY_JOB = 'licences.expire';
/** Licences ended in one transaction: short enough not to hold locks long, large enough for 100,000 a night. */
export const EXPIRY_BATCH = 500;
/**
 * How often ended licences are looked for. A device's level is Basic to every check from the moment
 * its period ends (the service reads the end, not only the level), so this only decides how soon the
 * expiry row is written and the device list shows Basic.
 */
const EXPIRY_EVERY_MS = 60_000;

export interface ExpiryDeps {
  db: Db;
  clock: Clock;
  hub?: LiveHub;
}

/**
 * How often licences due for auto-renew are looked for. They are renewed AUTO_RENEW_LEAD_DAYS before
 * they end, so a run every ten minutes (and one at start) leaves days of room for downtime.
 */
const RENEWAL_EVERY_MS = 10 * 60_000;

/**
 * Ends every licence whose period is over: an expiry row each (in an operation per company and batch,
 * without a person), the device back on Basic. Safe to run again and on several nodes at once: a
 * licence already ended no longer matches, one another transaction holds is skipped until next time.
 */
export async function expireEndedLicences(deps: ExpiryDeps, signal?: AbortSignal): Promise<number> {
  let ended = 0;
  const now = deps.clock.now();
  let after: { endsAt: Date; sn: string } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await inTransaction(deps.db, async (tx) => {
      const rows = await lockEndedLicences(tx, now, EXPIRY_BATCH, after);
      for (const companyId of new Set(rows.map((r) => r.companyId))) {
        const target = postingTarget(companyId);
        const mine = rows.filter((r) => r.companyId === companyId);
        const op = await startOperation(tx, target, {
          kind: 'expire',
          idempotencyKey: null,
          operatorUserId: null,
          at: now,
        });
        const operation = { id: op.id, operatorUserId: null, at: now };
        await postMovements(
          tx,
          operation,
          mine.map((r) => expiryMovement(target, r, r.endsAt ?? now)),
        );
        await endLicences(
          tx,
          target,
          mine.map((r) => r.sn),
        );
        await setLicenceLevels(
          tx,
          companyScope(companyId),
          mine.map((r) => r.sn),
          'BASE',
        );
      }
      return rows;
    });
    for (const companyId of new Set(batch.map((r) => r.companyId)))
      deps.hub?.publish('licences.changed', companyId, {});
    ended += batch.length;
    const last = batch.at(-1);
    if (!last || batch.length < EXPIRY_BATCH) return ended;
    after = { endsAt: last.endsAt as Date, sn: last.sn };
  }
}

/**
 * The expiry, every minute, and the auto-renew, every ten minutes, as jobs on one node of all
 * (docs/decisions.md "Licences").
 */
export function licenceJobs(deps: ExpiryDeps & RenewalDeps) {
  return {
    handlers: [
      defineJob({
        kind: LICENCE_RENEWAL_JOB,
        timeoutMs: 15 * 60_000,
        maxAttempts: 3,
        async run(ctx) {
          await renewDueLicences(deps, ctx.signal);
        },
      }),
      defineJob({
        kind: LICENCE_EXPIRY_JOB,
        timeoutMs: 15 * 60_000,
        maxAttempts: 3,
        async run(ctx) {
          await expireEndedLicences(deps, ctx.signal);
        },
      }),
    ],
    schedules: [
      defineSchedule({
        name: LICENCE_RENEWAL_JOB,
        every: RENEWAL_EVERY_MS,
        kind: LICENCE_RENEWAL_JOB,
        runAtStart: true,
      }),
      defineSchedule({
        name: LICENCE_EXPIRY_JOB,
        every: EXPIRY_EVERY_MS,
        kind: LICENCE_EXPIRY_JOB,
        runAtStart: true,
      }),
    ],
  };
}
