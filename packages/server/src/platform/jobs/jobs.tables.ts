import type { ColumnType, Generated } from 'kysely';

type Id = number;
type Json = ColumnType<unknown, string, string>;

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** The job queue's tables (migration 0100). */
export interface JobTables {
  job: {
    id: Generated<Id>;
    kind: string;
    payload: Json;
    company_id: Id | null;
    user_id: Id | null;
    idempotency_key: string | null;
    state: Generated<JobState>;
    /** Attempts started so far; the running attempt included. */
    attempts: Generated<number>;
    /** Null: the kind's own setting (defineJob) applies. */
    max_attempts: number | null;
    timeout_ms: number | null;
    /** Not before this time (the first run, or the next retry after a backoff). */
    run_at: Date;
    /** The node running it and how long its claim holds without a heartbeat. */
    locked_by: string | null;
    locked_until: Date | null;
    progress_done: Generated<number>;
    progress_total: number | null;
    last_error: string | null;
    created_at: Date;
    updated_at: Date;
    started_at: Date | null;
    finished_at: Date | null;
  };
  job_schedule: {
    name: string;
    next_run_at: Date;
    last_run_at: Date | null;
    updated_at: Date;
  };
}
