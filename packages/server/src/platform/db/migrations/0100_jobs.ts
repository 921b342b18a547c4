import { type Kysely, sql } from 'kysely';

/**
 * The durable job queue (platform/jobs, docs/decisions.md "Jobs"). `job` holds every job from
 * enqueue to its end; `job_schedule` holds one row per schedule whose `next_run_at` is moved by a
 * conditional UPDATE, so one node wins each due slot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table job (
      id bigserial primary key,
      kind text not null,
      payload jsonb not null default '{}',
      company_id bigint,
      user_id bigint,
      idempotency_key text,
      state text not null default 'queued'
        check (state in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
      attempts integer not null default 0,
      -- Null: the job kind's own setting (defineJob) applies.
      max_attempts integer check (max_attempts >= 1),
      timeout_ms integer check (timeout_ms >= 1),
      run_at timestamptz not null,
      locked_by text,
      locked_until timestamptz,
      progress_done bigint not null default 0,
      progress_total bigint,
      last_error text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  // One job per kind and key: a second enqueue with the same key answers the first job.
  await sql`create unique index job_idempotency_idx on job (kind, idempotency_key)
    where idempotency_key is not null`.execute(db);
  // What a worker claims: due queued jobs, and running ones whose lease ran out (their node died).
  await sql`create index job_queued_idx on job (run_at, id) where state = 'queued'`.execute(db);
  await sql`create index job_running_idx on job (locked_until) where state = 'running'`.execute(db);
  // The console lists a company's jobs newest first; housekeeping deletes finished ones by age.
  await sql`create index job_company_idx on job (company_id, id desc) where company_id is not null`.execute(
    db,
  );
  await sql`create index job_finished_idx on job (finished_at) where finished_at is not null`.execute(db);
  await sql`
    create table job_schedule (
      name text primary key,
      next_run_at timestamptz not null,
      last_run_at timestamptz,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists job_schedule`.execute(db);
  await sql`drop table if exists job`.execute(db);
}
