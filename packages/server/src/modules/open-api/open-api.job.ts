import { OPEN_API_IDEMPOTENCY_HOURS } from '@fleetport/contract';
import type { AppDeps } from '../../platform/app-deps.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { CALL_LOG_KEEP_MS } from './open-api.service.ts';
import { deleteExpiredTokens, deleteOldCallLog, deleteOldIdempotency } from './open-api.store.ts';

const SWEEP_JOB = 'openApi.sweep';
const HOUR_MS = 3_600_000;

/** Hourly: the calling log past its 90 days, idempotent answers past their 24 h, expired tokens. */
export async function sweepOpenApi({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const now = clock.now().getTime();
  await deleteOldCallLog(db, new Date(now - CALL_LOG_KEEP_MS));
  await deleteOldIdempotency(db, new Date(now - OPEN_API_IDEMPOTENCY_HOURS * HOUR_MS));
  await deleteExpiredTokens(db, new Date(now));
}

export function openApiJobs(deps: AppDeps) {
  return {
    handlers: [
      defineJob({
        kind: SWEEP_JOB,
        timeoutMs: 15 * 60_000,
        maxAttempts: 3,
        async run() {
          await sweepOpenApi(deps);
        },
      }),
    ],
    schedules: [defineSchedule({ name: SWEEP_JOB, every: HOUR_MS, kind: SWEEP_JOB })],
  };
}
