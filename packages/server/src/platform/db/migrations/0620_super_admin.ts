import { type Kysely, sql } from 'kysely';

/**
 * The Super Admin console (issue 18): a company can be disabled, a feature given a retirement date,
 * and every server node writes a heartbeat the health page lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table company add column disabled_at timestamptz`.execute(db);
  await sql`create index company_disabled_idx on company (id) where disabled_at is not null`.execute(db);
  await sql`
    create table feature_retirement (
      feature text primary key,
      retire_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table platform_node (
      node_id text primary key,
      started_at timestamptz not null,
      seen_at timestamptz not null
    )`.execute(db);
}
