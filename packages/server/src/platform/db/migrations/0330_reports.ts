import { type Kysely, sql } from 'kysely';

/**
 * Reports and custom reports (issue 16 "Reports"; docs/decisions.md "Reports"):
 * - `custom_report`: a company's column sets, 1-30 fields of one kind;
 * - `report`: what to report on (kind, devices as a group or chosen SNs, span or schedule) and, for an
 *   enabled periodic report, the time its next run starts (`next_run_at`, read by the schedule sweep on
 *   any node, so a restart or another node carries on);
 * - `report_run`: one run, the period it covers and the export record (exports layer, migration 0120)
 *   holding its state, file and share links. A record's removal (three months) takes its run along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table custom_report (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    description text not null,
    type text not null,
    fields jsonb not null,
    created_by bigint,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index custom_report_company_idx on custom_report (company_id, created_at)`.execute(db);
  await sql`create table report (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    type text not null,
    custom_report_id bigint references custom_report (id) on delete restrict,
    generation text not null,
    frequency text not null,
    schedule_time text not null,
    start_time timestamptz,
    end_time timestamptz,
    targets jsonb not null,
    file_name text not null,
    enabled boolean not null,
    next_run_at timestamptz,
    created_by bigint not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index report_company_idx on report (company_id, created_at)`.execute(db);
  await sql`create index report_due_idx on report (next_run_at) where next_run_at is not null`.execute(db);
  await sql`create table report_run (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    report_id bigint not null references report (id) on delete cascade,
    record_id bigint not null references export_record (id) on delete cascade,
    period_start timestamptz not null,
    period_end timestamptz not null,
    scheduled boolean not null,
    devices integer not null default 0,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index report_run_report_idx on report_run (report_id, created_at)`.execute(db);
  await sql`create unique index report_run_record_idx on report_run (record_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_run').execute();
  await db.schema.dropTable('report').execute();
  await db.schema.dropTable('custom_report').execute();
}
