import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../auth/actor.ts';
import type { DbOrTx } from '../db/open.ts';
import type { JobState } from './jobs.tables.ts';

/** One job as the worker and the console read it. */
export interface JobRow {
  id: number;
  kind: string;
  payload: unknown;
  company_id: number | null;
  user_id: number | null;
  idempotency_key: string | null;
  state: JobState;
  attempts: number;
  max_attempts: number | null;
  timeout_ms: number | null;
  run_at: Date;
  locked_by: string | null;
  locked_until: Date | null;
  progress_done: number;
  progress_total: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  companyId: number | null;
  userId: number | null;
  idempotencyKey: string | null;
  runAt: Date;
  maxAttempts: number | null;
  timeoutMs: number | null;
  at: Date;
}

/**
 * Inserts a job, or finds the one with the same kind and idempotency key. `on conflict do nothing`
 * waits for a concurrent transaction inserting the same key, so the read after it sees that job.
 */
export async function insertJob(db: DbOrTx, job: NewJob): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('job')
    .values({
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? {}),
      company_id: job.companyId,
      user_id: job.userId,
      idempotency_key: job.idempotencyKey,
      run_at: job.runAt,
      max_attempts: job.maxAttempts,
      timeout_ms: job.timeoutMs,
      created_at: job.at,
      updated_at: job.at,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), created: true };
  const existing = await db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', job.kind)
    .where('idempotency_key', '=', job.idempotencyKey)
    .executeTakeFirstOrThrow();
  return { id: Number(existing.id), created: false };
}

/**
 * Claims up to `limit` jobs of the given kinds for `nodeId`: due queued jobs, and running jobs whose
 * lease ran out (the node running them died). `for update skip locked` lets several nodes claim at
 * once without taking the same row or waiting on each other; each claim starts a new attempt.
 */
export async function claimJobs(
  db: DbOrTx,
  options: { kinds: readonly string[]; nodeId: string; limit: number; now: Date; leaseMs: number },
): Promise<JobRow[]> {
  if (options.kinds.length === 0 || options.limit <= 0) return [];
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs);
  const result = await sql<JobRow>`
    with next as (
      select id from job
      where kind = any(${sql.val([...options.kinds])}::text[])
        and ((state = 'queued' and run_at <= ${options.now})
          or (state = 'running' and locked_until < ${options.now}))
      order by run_at, id
      limit ${options.limit}
      for update skip locked
    )
    update job set
      state = 'running',
      attempts = job.attempts + 1,
      locked_by = ${options.nodeId},
      locked_until = ${lockedUntil},
      started_at = ${options.now},
      updated_at = ${options.now}
    from next where job.id = next.id
    returning job.*`.execute(db);
  return result.rows.map(normalise);
}

/** The claim of one attempt: the node and the attempt number fence every write of a running job. */
export interface JobClaim {
  id: number;
  nodeId: string;
  attempt: number;
}

function ofClaim(claim: JobClaim) {
  return sql`id = ${claim.id} and state = 'running' and locked_by = ${claim.nodeId} and attempts = ${claim.attempt}`;
}

/** Extends the lease; false when the claim is no longer this node's (the job was taken over). */
export async function renewLease(db: DbOrTx, claim: JobClaim, until: Date): Promise<boolean> {
  const result = await sql`update job set locked_until = ${until} where ${ofClaim(claim)}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function saveProgress(
  db: DbOrTx,
  claim: JobClaim,
  done: number,
  total: number | null,
  at: Date,
): Promise<boolean> {
  const result = await sql`update job set progress_done = ${done}, progress_total = ${total},
    updated_at = ${at} where ${ofClaim(claim)}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The attempt succeeded. Null when the claim was lost meanwhile (another node owns the job now). */
export async function finishJob(db: DbOrTx, claim: JobClaim, at: Date): Promise<JobRow | null> {
  const result = await sql<JobRow>`update job set state = 'succeeded', locked_by = null,
    locked_until = null, last_error = null, finished_at = ${at}, updated_at = ${at}
    where ${ofClaim(claim)} returning *`.execute(db);
  const row = result.rows[0];
  return row ? normalise(row) : null;
}

/**
 * The attempt failed: queued again at `retryAt`, or failed for good when it was the last attempt
 * (`retryAt` null). Null when the claim was lost meanwhile.
 */
export async function failAttempt(
  db: DbOrTx,
  claim: JobClaim,
  error: string,
  retryAt: Date | null,
  at: Date,
): Promise<JobRow | null> {
  const result = retryAt
    ? await sql<JobRow>`update job set state = 'queued', run_at = ${retryAt}, locked_by = null,
        locked_until = null, last_error = ${error}, updated_at = ${at}
        where ${ofClaim(claim)} returning *`.execute(db)
    : await sql<JobRow>`update job set state = 'failed', locked_by = null, locked_until = null,
        last_error = ${error}, finished_at = ${at}, updated_at = ${at}
        where ${ofClaim(claim)} returning *`.execute(db);
  const row = result.rows[0];
  return row ? normalise(row) : null;
}

/** Hands a running job back to the queue, due now, its attempt not counted (the node is stopping). */
export async function releaseJob(db: DbOrTx, claim: JobClaim, at: Date): Promise<void> {
  await sql`update job set state = 'queued', attempts = attempts - 1, run_at = ${at}, locked_by = null,
    locked_until = null, updated_at = ${at} where ${ofClaim(claim)}`.execute(db);
}

export async function findJob(db: DbOrTx, id: number): Promise<JobRow | null> {
  const row = await sql<JobRow>`select * from job where id = ${id}`.execute(db);
  return row.rows[0] ? normalise(row.rows[0]) : null;
}

/** Finished jobs (succeeded, failed, cancelled) that ended before `before`; answers how many went. */
export async function deleteFinishedJobsBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await sql`delete from job where finished_at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** bigint columns come back as numbers on PostgreSQL (open.ts) and may be bigint on PGlite. */
function normalise(row: JobRow): JobRow {
  return {
    ...row,
    id: Number(row.id),
    company_id: row.company_id === null ? null : Number(row.company_id),
    user_id: row.user_id === null ? null : Number(row.user_id),
    progress_done: Number(row.progress_done),
    progress_total: row.progress_total === null ? null : Number(row.progress_total),
  };
}

/**
 * Makes sure the schedule has its row; the first due slot is `firstRunAt`. A row that exists keeps its
 * time, so a node starting later does not run a slot again.
 */
export async function ensureSchedule(db: DbOrTx, name: string, firstRunAt: Date, at: Date): Promise<void> {
  await db
    .insertInto('job_schedule')
    .values({ name, next_run_at: firstRunAt, updated_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Takes the schedule's due slot: moves `next_run_at` to `next` only if it is still due. Two nodes
 * racing for the slot both try; the second waits for the first's row lock, then finds the slot no
 * longer due and answers null. Answers the slot taken.
 */
export async function takeDueSlot(db: DbOrTx, name: string, now: Date, next: Date): Promise<Date | null> {
  const result = await sql<{ slot: Date }>`
    update job_schedule s set next_run_at = ${next}, last_run_at = ${now}, updated_at = ${now}
    from (select name, next_run_at as slot from job_schedule where name = ${name} for update) old
    where s.name = old.name and s.next_run_at <= ${now}
    returning old.slot`.execute(db);
  return result.rows[0]?.slot ?? null;
}

/** Whose jobs a person sees: those of the scope's companies, and of those their own. */
export interface JobViewer {
  scope: CompanyScope;
  userId: number;
}

function visibleTo(viewer: JobViewer) {
  return sql`company_id in (${sql.join(scopedCompanyIds(viewer.scope))}) and (user_id is null or user_id = ${viewer.userId})`;
}

export async function listVisibleJobs(
  db: DbOrTx,
  viewer: JobViewer,
  filter: { kind?: string | undefined; state?: JobState | undefined; limit: number; offset: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = sql`${visibleTo(viewer)}
    and (${filter.kind ?? null}::text is null or kind = ${filter.kind ?? null})
    and (${filter.state ?? null}::text is null or state = ${filter.state ?? null})`;
  const rows = await sql<JobRow>`select * from job where ${where} order by id desc
    limit ${filter.limit} offset ${filter.offset}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from job where ${where}`.execute(db);
  return { rows: rows.rows.map(normalise), total: Number(total.rows[0]?.n ?? 0) };
}

export async function findVisibleJob(db: DbOrTx, viewer: JobViewer, id: number): Promise<JobRow | null> {
  const row = await sql<JobRow>`select * from job where id = ${id} and ${visibleTo(viewer)}`.execute(db);
  return row.rows[0] ? normalise(row.rows[0]) : null;
}
