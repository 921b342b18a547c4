import { type Kysely, sql } from 'kysely';

/**
 * Each person's notification choices (issue 16, `/operation/notification`): one row per cell the
 * person set, per company they belong to; a cell without a row is on (docs/decisions.md
 * "Notification choices"). The channels read the switched-off rows of a company at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notification_choice (
    company_id bigint not null references company (id) on delete cascade,
    user_id bigint not null references app_user (id) on delete cascade,
    category text not null,
    level text not null default '',
    channel text not null check (channel in ('console', 'email')),
    enabled boolean not null,
    updated_at timestamptz not null,
    primary key (company_id, user_id, category, level, channel)
  )`.execute(db);
  await sql`create index notification_choice_off on notification_choice (company_id, channel) where not enabled`.execute(
    db,
  );
}
