import { type Kysely, sql } from 'kysely';

/**
 * Router alert rules and their alerts (issue 16; docs/decisions.md "Alert rules"). The timers of an
 * alert (pending since, clear holding since) are columns of its row, so a restarted node, or another
 * one, resumes them at the next sweep. At most one open (pending or firing) alert per rule, device and
 * condition: the partial unique index makes a second one impossible even when two nodes race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table alert_rule (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    level text not null check (level in ('critical', 'major', 'minor', 'notice')),
    description text not null default '',
    targets jsonb not null,
    condition_mode text not null check (condition_mode in ('any', 'all')),
    conditions jsonb not null,
    trigger_volume integer not null,
    trigger_interval_value integer not null,
    trigger_interval_unit text not null check (trigger_interval_unit in ('second', 'minute', 'hour')),
    pending_minutes integer not null,
    email jsonb not null,
    enabled boolean not null default false,
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index alert_rule_name_idx on alert_rule (company_id, lower(name))`.execute(db);
  await sql`create index alert_rule_enabled_idx on alert_rule (enabled) where enabled`.execute(db);
  await sql`create table alert (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    rule_id bigint not null references alert_rule (id) on delete cascade,
    sn text not null,
    condition_key text not null,
    state text not null check (state in ('pending', 'firing', 'resolved')),
    pending_since timestamptz not null,
    started_at timestamptz,
    last_seen_at timestamptz not null,
    clear_since timestamptz,
    resolved_at timestamptz,
    breaching boolean not null default true,
    count integer not null default 0,
    value double precision,
    acknowledged_by bigint references app_user (id) on delete set null,
    acknowledged_at timestamptz,
    ack_note text not null default '',
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index alert_open_idx on alert (rule_id, sn, condition_key)
    where state in ('pending', 'firing')`.execute(db);
  await sql`create index alert_company_seen_idx on alert (company_id, last_seen_at desc)`.execute(db);
  await sql`create table alert_read (
    alert_id bigint not null references alert (id) on delete cascade,
    user_id bigint not null references app_user (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    primary key (alert_id, user_id)
  )`.execute(db);
  await sql`create index alert_read_user_idx on alert_read (user_id, company_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table alert_read`.execute(db);
  await sql`drop table alert`.execute(db);
  await sql`drop table alert_rule`.execute(db);
}
