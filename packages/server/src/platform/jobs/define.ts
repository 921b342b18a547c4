/**
 * What a job is. A module defines its kinds with `defineJob` and enqueues them with `enqueueJob`
 * (in the same transaction as its own write); every node's worker runs them (worker.ts).
 *
 * A handler may run more than once for one job: a node that dies mid-run (kill -9, power loss) is
 * only noticed when its lease runs out, and the job then runs again on another node. Write handlers
 * so that running again is safe: do the work in a transaction that also records that it was done,
 * key the side effects (file names, rows) by the job id, or check first whether the work is done.
 */

export interface JobContext<P = unknown> {
  id: number;
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number;
  payload: P;
  companyId: number | null;
  userId: number | null;
  /** Aborted when the job passes its deadline or the worker loses its claim; stop and throw. */
  signal: AbortSignal;
  /**
   * Saves the job's progress and tells the console live (`job.progress`). It writes on its own
   * connection: call it outside a transaction of the handler's (on PGlite, the one connection would
   * wait for that transaction to end).
   */
  progress(done: number, total?: number | null): Promise<void>;
}

export interface JobBackoff {
  /** Wait before the first retry; each later retry waits twice as long as the one before. */
  baseMs: number;
  /** The longest wait between two attempts. */
  maxMs: number;
}

export interface JobDefinition<P = unknown> {
  kind: string;
  run(ctx: JobContext<P>): Promise<void>;
  /** Deadline of one attempt; default 60 s. A job may set its own at enqueue. */
  timeoutMs?: number;
  /** Attempts before the job fails for good; default 5. */
  maxAttempts?: number;
  backoff?: JobBackoff;
}

export const JOB_DEFAULTS = {
  timeoutMs: 60_000,
  maxAttempts: 5,
  backoff: { baseMs: 1_000, maxMs: 3_600_000 } satisfies JobBackoff,
} as const;

// biome-ignore lint/suspicious/noExplicitAny: a list of handlers holds jobs of every payload type.
export type AnyJobDefinition = JobDefinition<any>;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** Wait before attempt `attempt + 1` after attempt `attempt` failed. */
export function backoffDelay(backoff: JobBackoff, attempt: number): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * A job enqueued on a timetable, once per due slot across all nodes. `every` is a period in ms,
 * slots aligned to the epoch (every hour on the hour); or `cron` is a five-field UTC expression
 * (minute hour day-of-month month day-of-week, with `*`, lists, ranges and steps). A slot missed while
 * every node was down runs once when one comes back (missed slots are not run one by one).
 */
export interface ScheduleDefinition {
  name: string;
  every?: number;
  cron?: string;
  kind: string;
  payload?: unknown;
  /** Run at the first start instead of waiting for the first slot (housekeeping that was overdue). */
  runAtStart?: boolean;
}

export function defineSchedule(definition: ScheduleDefinition): ScheduleDefinition {
  if ((definition.every === undefined) === (definition.cron === undefined)) {
    throw new Error(`schedule ${definition.name}: give exactly one of every or cron`);
  }
  if (definition.every !== undefined && !(definition.every >= 1000)) {
    throw new Error(`schedule ${definition.name}: every must be at least 1000 ms`);
  }
  return definition;
}
