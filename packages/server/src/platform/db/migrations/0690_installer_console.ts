import { type Kysely, sql } from 'kysely';

/**
 * The installer console licence (issue 20): per company, the free trial the Super Admin granted
 * (once: the row stays after it ends) and the end of the last paid period. The paid periods
 * themselves are ledger rows (OPERATIONS_CONSOLE consumption with their period); `paid_until` is
 * their latest end, kept here in the same transaction so every installer call reads one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table installer_console_licence (
      company_id bigint primary key references company (id) on delete cascade,
      trial_started_at timestamptz,
      trial_ends_at timestamptz,
      paid_until timestamptz,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists installer_console_licence`.execute(db);
}
