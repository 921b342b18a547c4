import { type Kysely, sql } from 'kysely';

/**
 * Alert lifecycle additions and the event log (issue 16; docs/decisions.md "Alert flapping, grouping
 * and silences" and "The event log"). Every timer is a row: the state changes of a rule and device
 * (flapping), the firings of a rule waiting out their 30 s group, the silences; the sweep reads them.
 * The event log is one table per company ordered by a cursor allocated under the company's counter
 * row, so cursors rise in commit order and a channel that remembers its last cursor loses nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alert_flap (
    rule_id bigint not null references alert_rule (id) on delete cascade,
    sn text not null,
    company_id bigint not null references company (id) on delete cascade,
    changes jsonb not null default '[]',
    flapping boolean not null default false,
    last_change_at timestamptz not null,
    primary key (rule_id, sn)
  )`.execute(db);
  await sql`create index alert_flap_flapping_idx on alert_flap (last_change_at) where flapping`.execute(db);
  await sql`create table alert_batch (
    rule_id bigint not null references alert_rule (id) on delete cascade,
    kind text not null check (kind in ('firing', 'resolved')),
    company_id bigint not null references company (id) on delete cascade,
    opened_at timestamptz not null,
    sns jsonb not null default '[]',
    primary key (rule_id, kind)
  )`.execute(db);
  await sql`create table alert_silence (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    target_kind text not null check (target_kind in ('rule', 'group', 'device')),
    rule_id bigint references alert_rule (id) on delete cascade,
    group_id bigint,
    sn text,
    repeat text not null check (repeat in ('once', 'weekly')),
    starts_at timestamptz,
    ends_at timestamptz,
    weekdays jsonb not null default '[]',
    start_minute integer,
    end_minute integer,
    note text not null default '',
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index alert_silence_company_idx on alert_silence (company_id)`.execute(db);
  await sql`create table event_cursor (
    company_id bigint primary key references company (id) on delete cascade,
    last_cursor bigint not null default 0
  )`.execute(db);
  await sql`create table event_log (
    company_id bigint not null references company (id) on delete cascade,
    cursor bigint not null,
    type text not null,
    payload jsonb not null,
    created_at timestamptz not null,
    primary key (company_id, cursor)
  )`.execute(db);
  await sql`create index event_log_created_idx on event_log (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table event_log`.execute(db);
  await sql`drop table event_cursor`.execute(db);
  await sql`drop table alert_silence`.execute(db);
  await sql`drop table alert_batch`.execute(db);
  await sql`drop table alert_flap`.execute(db);
}
