import type { AppDeps } from '../../platform/app-deps.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { createRolloutEngine } from './rollout-engine.ts';
import { ROLLOUT_ADVANCE_JOB } from './rollouts.service.ts';

export const ROLLOUT_SWEEP_JOB = 'rollouts.sweep';
/** How often every rollout with work takes a step: the resolution of batches, deadlines and health. */
export const ROLLOUT_SWEEP_EVERY_MS = 5_000;

/** The sweep on one node per slot, and the step a person's action asks for at once. */
export function rolloutJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'hub' | 'files' | 'gateway'>) {
  const engine = createRolloutEngine(deps);
  return {
    handlers: [
      defineJob({
        kind: ROLLOUT_SWEEP_JOB,
        timeoutMs: 5 * 60_000,
        maxAttempts: 1,
        async run(ctx) {
          await engine.advanceAll(ctx.signal);
        },
      }),
      defineJob<{ id: number }>({
        kind: ROLLOUT_ADVANCE_JOB,
        timeoutMs: 5 * 60_000,
        maxAttempts: 1,
        async run(ctx) {
          await engine.advance(ctx.payload.id);
        },
      }),
    ],
    schedules: [
      defineSchedule({ name: ROLLOUT_SWEEP_JOB, every: ROLLOUT_SWEEP_EVERY_MS, kind: ROLLOUT_SWEEP_JOB }),
    ],
  };
}
