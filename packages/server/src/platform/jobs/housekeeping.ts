import type { Clock } from '../clock.ts';
import type { DbOrTx } from '../db/open.ts';
import { defineJob, defineSchedule } from './define.ts';
import { deleteFinishedJobsBefore } from './jobs.store.ts';

/** Finished jobs stay this long for the people they belong to (`jobs.list`), then go. */
export const FINISHED_JOB_RETENTION_DAYS = 7;
export const PRUNE_JOBS_JOB = 'housekeeping.jobs';

/** The queue's own housekeeping: finished jobs older than a week, hourly on one node. */
export function jobHousekeeping(deps: { db: DbOrTx; clock: Clock }) {
  return {
    handlers: [
      defineJob({
        kind: PRUNE_JOBS_JOB,
        maxAttempts: 3,
        async run() {
          const before = new Date(deps.clock.now().getTime() - FINISHED_JOB_RETENTION_DAYS * 86_400_000);
          await deleteFinishedJobsBefore(deps.db, before);
        },
      }),
    ],
    schedules: [defineSchedule({ name: PRUNE_JOBS_JOB, every: 3_600_000, kind: PRUNE_JOBS_JOB })],
  };
}
