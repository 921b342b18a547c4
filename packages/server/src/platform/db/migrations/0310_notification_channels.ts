import { type Kysely, sql } from 'kysely';

/**
 * Notification channels over the event log (issue 16; docs/decisions.md "Notification channels"):
 * - `channel_cursor`: each channel of a company (`console`, `email`, `webhook:<id>`) keeps the cursor of
 *   the last event it handled, and the job now delivering for it, so one job at a time reads it;
 * - `webhook` and `webhook_delivery`: destinations (secret sealed) and their delivery log;
 * - `mail_hour`: alert mails sent per company and hour, and the messages held past the hourly cap for
 *   the hour's one digest; `mail_opt_out`: people who unsubscribed from a company's alert mail;
 * - `app_user.language`: the language a person last signed in with, the language of their mail.
 * The console and e-mail cursors of companies that already have events start at their last event, so
 * the first run after this migration does not mail 30 days of history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table channel_cursor (
    company_id bigint not null references company (id) on delete cascade,
    channel text not null,
    last_cursor bigint not null default 0,
    job_id bigint,
    updated_at timestamptz not null,
    primary key (company_id, channel)
  )`.execute(db);
  await sql`insert into channel_cursor (company_id, channel, last_cursor, updated_at)
    select company_id, c.channel, last_cursor, now()
      from event_cursor cross join (values ('console'), ('email')) as c (channel)`.execute(db);
  await sql`create table webhook (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    url text not null,
    secret_sealed text not null,
    event_types jsonb not null,
    enabled boolean not null default true,
    failing_since timestamptz,
    flagged boolean not null default false,
    last_error text,
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index webhook_company_idx on webhook (company_id)`.execute(db);
  await sql`create table webhook_delivery (
    id bigserial primary key,
    webhook_id bigint not null references webhook (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    cursor bigint,
    event_id text not null,
    event_type text not null,
    attempt integer not null,
    ok boolean not null,
    status integer,
    error text,
    duration_ms integer not null,
    at timestamptz not null
  )`.execute(db);
  await sql`create index webhook_delivery_webhook_idx on webhook_delivery (webhook_id, id)`.execute(db);
  await sql`create index webhook_delivery_at_idx on webhook_delivery (at)`.execute(db);
  await sql`create table mail_hour (
    company_id bigint not null references company (id) on delete cascade,
    hour timestamptz not null,
    sent integer not null default 0,
    held jsonb not null default '[]',
    digest_job_id bigint,
    primary key (company_id, hour)
  )`.execute(db);
  await sql`create table mail_opt_out (
    user_id bigint not null references app_user (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    at timestamptz not null,
    primary key (user_id, company_id)
  )`.execute(db);
  await sql`alter table app_user add column language text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop column language`.execute(db);
  await sql`drop table mail_opt_out`.execute(db);
  await sql`drop table mail_hour`.execute(db);
  await sql`drop table webhook_delivery`.execute(db);
  await sql`drop table webhook`.execute(db);
  await sql`drop table channel_cursor`.execute(db);
}
