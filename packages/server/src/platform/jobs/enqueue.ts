import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import type { DbOrTx } from '../db/open.ts';
import { insertJob } from './jobs.store.ts';

export interface EnqueueJob<P = unknown> {
  kind: string;
  payload: P;
  /** The company the job belongs to: its people see it (`jobs.list`) and get its live progress. */
  companyId?: number | null;
  /** Set for a job one person asked for: only that person sees it. */
  userId?: number | null;
  /** A second enqueue with the same kind and key answers the first job instead of adding one. */
  idempotencyKey?: string | null;
  /** Not before this time; default now. */
  runAt?: Date;
  /** Default: the kind's own (defineJob), else 5. */
  maxAttempts?: number;
  /** Deadline of one attempt; default: the kind's own (defineJob), else 60 s. */
  timeoutMs?: number;
  /** Time source of `runAt`'s default and the timestamps; default the system clock. */
  clock?: Clock;
}

/**
 * Adds a job. Pass the caller's transaction to make the job part of the business write: it commits
 * or rolls back with it, and no worker sees it before the commit. Answers the job's id and whether it
 * was created (false: a job with the same kind and idempotency key exists, whatever its state).
 */
export function enqueueJob<P>(db: DbOrTx, job: EnqueueJob<P>): Promise<{ id: number; created: boolean }> {
  const at = (job.clock ?? systemClock).now();
  return insertJob(db, {
    kind: job.kind,
    payload: job.payload,
    companyId: job.companyId ?? null,
    userId: job.userId ?? null,
    idempotencyKey: job.idempotencyKey ?? null,
    runAt: job.runAt ?? at,
    maxAttempts: job.maxAttempts ?? null,
    timeoutMs: job.timeoutMs ?? null,
    at,
  });
}
