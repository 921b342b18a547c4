import { type Kysely, sql } from 'kysely';

/**
 * Delegated quotas (issue 13): the limits a partner (or the platform, for a company with no partner)
 * sets for the company below it. A limit covers the company and its customers together; docs/decisions.md
 * "Delegated quotas" says what each counts. A missing row, or a null column, is no limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table company_quota (
    company_id bigint primary key references company (id) on delete cascade,
    devices integer check (devices >= 0),
    api_calls_per_second integer check (api_calls_per_second > 0),
    set_by_company_id bigint references company (id) on delete set null,
    updated_by_user_id bigint references app_user (id) on delete set null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create table company_licence_quota (
    company_id bigint not null references company_quota (company_id) on delete cascade,
    product text not null,
    quota_limit integer not null check (quota_limit >= 0),
    period text not null check (period in ('month', 'year', 'total')),
    primary key (company_id, product)
  )`.execute(db);
  // What a licence limit counts: a company's draws from upstream by product and time.
  await sql`create index licence_ledger_draws_idx on licence_ledger (company_id, product, created_at)
    where movement in ('purchase', 'assignmentIn', 'reductionOut')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index licence_ledger_draws_idx`.execute(db);
  await sql`drop table company_licence_quota`.execute(db);
  await sql`drop table company_quota`.execute(db);
}
