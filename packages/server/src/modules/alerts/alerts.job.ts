import type { AppDeps } from '../../platform/app-deps.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { sweepAlerts } from './alert-sweep.ts';

export const ALERT_SWEEP_JOB = 'alerts.sweep';
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
    ],
    schedules: [
      defineSchedule({
        name: ALERT_SWEEP_JOB,
        every: ALERT_SWEEP_EVERY_MS,
        kind: ALERT_SWEEP_JOB,
        runAtStart: true,
      }),
    ],
  };
}
