import type { AppDeps } from '../../platform/app-deps.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { keepEvents, sweepAlerts } from './alert-sweep.ts';

export const ALERT_SWEEP_JOB = 'alerts.sweep';
export const EVENT_RETENTION_JOB = 'alerts.eventRetention';
/** How often the rules are evaluated: the resolution of every pending and clear period. */
export const ALERT_SWEEP_EVERY_MS = 30_000;

/** The alert sweep on one node of all per slot; a slot missed while every node was down runs once. */
export function alertJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'hub'>) {
  return {
    handlers: [
      defineJob({
        kind: ALERT_SWEEP_JOB,
        timeoutMs: 5 * 60_000,
        maxAttempts: 1,
        async run(ctx) {
          await sweepAlerts(deps, ctx.signal);
        },
      }),
      defineJob({
        kind: EVENT_RETENTION_JOB,
        maxAttempts: 3,
        async run() {
          await keepEvents(deps);
        },
      }),
    ],
    schedules: [
      defineSchedule({
        name: ALERT_SWEEP_JOB,
        every: ALERT_SWEEP_EVERY_MS,
        kind: ALERT_SWEEP_JOB,
        runAtStart: true,
      }),
      defineSchedule({ name: EVENT_RETENTION_JOB, every: 60 * 60_000, kind: EVENT_RETENTION_JOB }),
    ],
  };
}
