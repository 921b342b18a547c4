import { type Kysely, sql } from 'kysely';

/**
 * VPN data limits (issue 17): a device's own limit in its group, and each member's traffic per cycle of
 * its group (day, week, month from their UTC start, or single: all time), counted from the hubs' counters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vpn_member add column data_limit_mb bigint`.execute(db);
  await sql`create table vpn_usage (
    company_id bigint not null references company (id) on delete cascade,
    group_id bigint not null references vpn_group (id) on delete cascade,
    member_key text not null,
    cycle_start timestamptz not null,
    bytes bigint not null default 0,
    primary key (group_id, member_key, cycle_start)
  )`.execute(db);
}
