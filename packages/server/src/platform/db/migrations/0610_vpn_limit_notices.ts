import { type Kysely, sql } from 'kysely';

/**
 * VPN data limit warnings (issue 17): the mark of each warning told for a group's cycle (80 % `warning`,
 * 100 % `exhausted`), so each is told once per group and cycle, across restarts and nodes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vpn_limit_notice (
    company_id bigint not null references company (id) on delete cascade,
    group_id bigint not null references vpn_group (id) on delete cascade,
    cycle_start timestamptz not null,
    level text not null check (level in ('warning', 'exhausted')),
    at timestamptz not null,
    primary key (group_id, cycle_start, level)
  )`.execute(db);
}
