import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import type { LiveHub } from '../live/hub.ts';
import { type AnyJobDefinition, backoffDelay, JOB_DEFAULTS, type ScheduleDefinition } from './define.ts';
import { enqueueJob } from './enqueue.ts';
import {
  claimJobs,
  ensureSchedule,
  failAttempt,
  finishJob,
  type JobClaim,
  type JobRow,
  releaseJob,
  renewLease,
  saveProgress,
  takeDueSlot,
} from './jobs.store.ts';
import { nextSlot, slotKey } from './schedules.ts';

export interface JobWorkerLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobWorkerOptions {
  db: Db;
  clock: Clock;
  /** Where `job.progress` goes; the console watches it over the live WebSocket. */
  hub?: LiveHub;
  log: JobWorkerLog;
  /** The kinds this node runs. A kind no node handles waits in the queue. */
  handlers: readonly AnyJobDefinition[];
  schedules?: readonly ScheduleDefinition[];
  /** Names this node in `job.locked_by`; default a random id. */
  nodeId?: string;
  /** How often to look for due jobs and schedules; default 500 ms. */
  pollMs?: number;
  /** Jobs run at once on this node; default 4. */
  concurrency?: number;
  /**
   * How long a claim holds without a heartbeat (renewed every third of it while the job runs). A job
   * whose node died is claimed again this long after its last heartbeat; default 30 s.
   */
  leaseMs?: number;
  /** No timer: the caller drives the worker with `runOnce` (tests, benchmarks). */
  manual?: boolean;
}

export interface JobWorker {
  nodeId: string;
  /** Takes due schedule slots, claims what is due and runs it; resolves when those jobs ended. */
  runOnce(): Promise<number>;
  /** Looks for work now instead of at the next poll (after an enqueue on this node). */
  wake(): void;
  /**
   * Stops claiming and waits up to `graceMs` (default 5 s) for the running jobs to end; then aborts
   * the rest and hands them back to the queue at once, the attempt not counted, for another node.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Why an attempt that passed its deadline failed (its signal's reason). */
export class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`deadline of ${ms} ms passed`);
    this.name = 'JobTimeoutError';
  }
}

class WorkerStoppedError extends Error {
  constructor() {
    super('the node is shutting down; the job goes back to the queue');
    this.name = 'WorkerStoppedError';
  }
}

class ClaimLostError extends Error {
  constructor() {
    super('the claim was lost (lease ran out); another node runs the job');
    this.name = 'ClaimLostError';
  }
}

const MAX_ERROR_CHARS = 2000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}

/** A job that ran this long is logged with its time: a queue slot that long busy delays the others. */
const SLOW_JOB_MS = 5_000;

/**
 * The job worker every node runs (docs/decisions.md "Jobs"). Each poll it takes the due slots of the
 * schedules (one node wins each), claims due jobs of its kinds with `FOR UPDATE SKIP LOCKED`, and runs
 * them with a lease it renews while they run, a deadline that aborts them, and retries with backoff.
 */
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, clock, log } = options;
  const nodeId = options.nodeId ?? randomUUID();
  const pollMs = options.pollMs ?? 500;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 30_000;
  const handlers = new Map(options.handlers.map((h) => [h.kind, h]));
  const kinds = [...handlers.keys()];
  const schedules = options.schedules ?? [];
  const running = new Set<Promise<void>>();
  /** Aborts of the running jobs, for a stop whose grace ran out. */
  const aborts = new Set<(error: Error) => void>();
  let schedulesReady = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | null = null;
  let again = false;

  function publish(row: JobRow) {
    if (row.company_id === null || !options.hub) return;
    options.hub.publish('job.progress', row.company_id, {
      id: row.id,
      kind: row.kind,
      state: row.state,
      done: row.progress_done,
      total: row.progress_total,
      ...(row.user_id !== null ? { userId: row.user_id } : {}),
      ...(row.last_error !== null ? { error: row.last_error } : {}),
    });
  }

  async function runSchedules(): Promise<void> {
    if (schedules.length === 0) return;
    const now = clock.now();
    if (!schedulesReady) {
      for (const s of schedules) await ensureSchedule(db, s.name, s.runAtStart ? now : nextSlot(s, now), now);
      schedulesReady = true;
    }
    for (const s of schedules) {
      await db.transaction().execute(async (tx) => {
        const slot = await takeDueSlot(tx, s.name, now, nextSlot(s, now));
        if (!slot) return;
        // The key makes the slot's job unique even if two nodes' clocks disagree about the slot.
        await enqueueJob(tx, {
          kind: s.kind,
          payload: s.payload ?? {},
          idempotencyKey: slotKey(s, slot),
          clock,
        });
      });
    }
  }

  async function execute(row: JobRow): Promise<void> {
    const handler = handlers.get(row.kind) as AnyJobDefinition;
    const claim: JobClaim = { id: row.id, nodeId, attempt: row.attempts };
    const maxAttempts = row.max_attempts ?? handler.maxAttempts ?? JOB_DEFAULTS.maxAttempts;
    const timeoutMs = row.timeout_ms ?? handler.timeoutMs ?? JOB_DEFAULTS.timeoutMs;
    publish(row);
    if (row.attempts > maxAttempts) {
      // Its last attempt was on a node that died: the lease ran out, and no attempt is left.
      const failed = await failAttempt(
        db,
        claim,
        row.last_error ?? 'the node running it stopped',
        null,
        clock.now(),
      );
      if (failed) publish(failed);
      return;
    }
    const controller = new AbortController();
    let aborted: (error: Error) => void = () => {};
    const abortion = new Promise<never>((_, reject) => {
      aborted = reject;
    });
    const abort = (error: Error) => {
      if (controller.signal.aborted) return;
      controller.abort(error);
      aborted(error);
    };
    aborts.add(abort);
    const deadline = setTimeout(() => abort(new JobTimeoutError(timeoutMs)), timeoutMs);
    const heartbeat = setInterval(
      () => {
        renewLease(db, claim, new Date(clock.now().getTime() + leaseMs))
          .then((held) => {
            if (!held) abort(new ClaimLostError());
          })
          .catch((error: unknown) => log.warn({ err: error, job: row.id }, 'job lease not renewed'));
      },
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    let current = row;
    const startedMs = performance.now();
    try {
      await Promise.race([
        handler.run({
          id: row.id,
          attempt: row.attempts,
          payload: row.payload,
          companyId: row.company_id,
          userId: row.user_id,
          signal: controller.signal,
          async progress(done, total) {
            if (controller.signal.aborted) throw controller.signal.reason;
            const t = total ?? null;
            if (!(await saveProgress(db, claim, done, t, clock.now()))) {
              abort(new ClaimLostError());
              throw controller.signal.reason;
            }
            current = { ...current, progress_done: done, progress_total: t };
            publish(current);
          },
        }),
        abortion,
      ]);
      clearTimeout(deadline);
      if (controller.signal.aborted) throw controller.signal.reason;
      const done = await finishJob(db, claim, clock.now());
      const tookMs = Math.round(performance.now() - startedMs);
      if (tookMs >= SLOW_JOB_MS) log.info({ job: row.id, kind: row.kind, ms: tookMs }, 'job took long');
      if (done) publish(done);
      else
        log.warn(
          { job: row.id, kind: row.kind },
          'job finished after its claim was lost; result not recorded',
        );
    } catch (error) {
      if (error instanceof ClaimLostError) {
        log.warn({ job: row.id, kind: row.kind }, error.message);
        return;
      }
      if (error instanceof WorkerStoppedError) {
        await releaseJob(db, claim, clock.now());
        log.warn({ job: row.id, kind: row.kind }, error.message);
        return;
      }
      const at = clock.now();
      const retryAt =
        row.attempts < maxAttempts
          ? new Date(at.getTime() + backoffDelay(handler.backoff ?? JOB_DEFAULTS.backoff, row.attempts))
          : null;
      const failed = await failAttempt(db, claim, errorText(error), retryAt, at);
      if (failed) publish(failed);
      log.warn(
        { err: error, job: row.id, kind: row.kind, attempt: row.attempts, retryAt },
        retryAt ? 'job attempt failed; retrying' : 'job failed',
      );
    } finally {
      aborts.delete(abort);
      clearTimeout(deadline);
      clearInterval(heartbeat);
      // A handler that ignores its signal would reject the abortion unobserved.
      abortion.catch(() => {});
    }
  }

  function track(row: JobRow) {
    const work = execute(row).catch((error: unknown) =>
      log.error({ err: error, job: row.id, kind: row.kind }, 'job bookkeeping failed'),
    );
    running.add(work);
    void work.finally(() => {
      running.delete(work);
      // A slot freed up: there may be more waiting.
      if (!options.manual) wake();
    });
    return work;
  }

  async function tick(): Promise<{ claimed: number; started: Promise<void>[] }> {
    await runSchedules();
    const free = concurrency - running.size;
    if (stopped || free <= 0) return { claimed: 0, started: [] };
    const rows = await claimJobs(db, { kinds, nodeId, limit: free, now: clock.now(), leaseMs });
    return { claimed: rows.length, started: rows.map(track) };
  }

  function schedule(delay: number) {
    if (stopped || options.manual) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(loop, delay);
    timer.unref();
  }

  function loop() {
    timer = undefined;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .then(({ claimed }) => claimed)
      .catch((error: unknown) => {
        log.error({ err: error }, 'job worker poll failed');
        return 0;
      })
      .finally(() => {
        ticking = null;
        // Woken meanwhile (a job ended, an enqueue here): look again at once.
        const more = again;
        again = false;
        schedule(more ? 0 : pollMs);
      });
  }

  function wake() {
    if (stopped || options.manual) return;
    schedule(0);
  }

  if (!options.manual) schedule(0);
  log.info({ nodeId, kinds, schedules: schedules.map((s) => s.name) }, 'job worker started');

  return {
    nodeId,
    async runOnce() {
      const { claimed, started } = await tick();
      await Promise.all(started);
      return claimed;
    },
    wake,
    async stop(graceMs = 5000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      let grace: NodeJS.Timeout | undefined;
      const ended = Promise.all([...running]).then(() => true);
      const late = new Promise<false>((resolve) => {
        grace = setTimeout(() => resolve(false), graceMs);
      });
      if (!(await Promise.race([ended, late]))) {
        for (const abort of aborts) abort(new WorkerStoppedError());
        await Promise.all([...running]);
      }
      clearTimeout(grace);
    },
  };
}
