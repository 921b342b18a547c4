import { type Kysely, sql } from 'kysely';

/**
 * Partner notifications (issue 13): a distributor's or re-seller's notices to its downstream
 * customers and who has read them, its alert e-mail of each type and its own SMTP server (the
 * password sealed with a key derived from SERVER_SECRET), and the insufficient-licence episodes that
 * make the alert mail go out once per episode. docs/decisions.md "Partner notifications".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table partner_notice (
    id bigint generated always as identity primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    topic text not null,
    content text not null,
    audience text not null,
    state text not null default 'draft',
    published_at timestamptz,
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index partner_notice_company_idx on partner_notice (company_id, updated_at desc, id desc)`.execute(
    db,
  );
  // The chosen customers of a notice whose audience is 'selected'.
  await sql`create table partner_notice_target (
    notice_id bigint not null references partner_notice (id) on delete cascade,
    customer_company_id bigint not null references company (id) on delete cascade,
    primary key (notice_id, customer_company_id)
  )`.execute(db);
  await sql`create index partner_notice_target_customer_idx on partner_notice_target (customer_company_id)`.execute(
    db,
  );
  // Read per person in a customer company.
  await sql`create table partner_notice_read (
    notice_id bigint not null references partner_notice (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    user_id bigint not null references app_user (id) on delete cascade,
    read_at timestamptz not null,
    primary key (notice_id, company_id, user_id)
  )`.execute(db);

  await sql`create table partner_alert_email (
    company_id bigint not null references company (id) on delete cascade,
    type text not null,
    subject text not null,
    sender_name text not null,
    support_email text not null,
    banner_file_id bigint references stored_file (id) on delete set null,
    enabled boolean not null,
    updated_at timestamptz not null,
    primary key (company_id, type)
  )`.execute(db);
  await sql`create table partner_smtp (
    company_id bigint primary key references company (id) on delete cascade,
    sender_email text not null,
    host text not null,
    port integer not null,
    security text not null,
    username text not null,
    password_sealed text,
    updated_at timestamptz not null
  )`.execute(db);

  // One row per episode of a customer's alert (its insufficient-licence list non-empty): opened once,
  // closed when the list is empty again; at most one open episode per customer and kind.
  await sql`create table partner_alert_episode (
    id bigint generated always as identity primary key,
    company_id bigint not null references company (id) on delete cascade,
    kind text not null,
    partner_company_id bigint not null references company (id) on delete cascade,
    opened_at timestamptz not null,
    closed_at timestamptz
  )`.execute(db);
  await sql`create unique index partner_alert_episode_open on partner_alert_episode (company_id, kind)
    where closed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'partner_alert_episode',
    'partner_smtp',
    'partner_alert_email',
    'partner_notice_read',
    'partner_notice_target',
    'partner_notice',
  ])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
