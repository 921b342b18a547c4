/**
 * The durable job queue (docs/decisions.md "Jobs"): what a module needs to define, enqueue, run and
 * read jobs. The table is `job` (migration 0100); every node runs a worker (app.ts `jobs`).
 */
export {
  type AnyJobDefinition,
  backoffDelay,
  defineJob,
  defineSchedule,
  JOB_DEFAULTS,
  type JobBackoff,
  type JobContext,
  type JobDefinition,
  type ScheduleDefinition,
} from './define.ts';
export { type EnqueueJob, enqueueJob } from './enqueue.ts';
export { FINISHED_JOB_RETENTION_DAYS, jobHousekeeping } from './housekeeping.ts';
export { findJob, type JobRow } from './jobs.store.ts';
export type { JobState } from './jobs.tables.ts';
export { nextSlot, parseCron } from './schedules.ts';
export {
  JobTimeoutError,
  type JobWorker,
  type JobWorkerLog,
  type JobWorkerOptions,
  startJobWorker,
} from './worker.ts';
