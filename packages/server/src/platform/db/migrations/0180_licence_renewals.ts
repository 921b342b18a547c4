import { type Kysely, sql } from 'kysely';

/**
 * Auto-renew (issue 13, second slice): a company's default and each device's own setting. The job
 * `licences.autoRenew` reads them; the renewals it posts are ordinary ledger rows (docs/decisions.md
 * "Licences: auto-renew, refunds and the banner").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table licence_auto_renew (
    company_id bigint primary key references company (id) on delete cascade,
    enabled boolean not null,
    period integer not null check (period between 1 and 500),
    updated_at timestamptz not null
  )`.execute(db);
  // A device without a row follows its company; the row names the company it was set in, so a device
  // transferred away follows its new company until someone there sets it.
  await sql`create table device_auto_renew (
    sn text primary key references device (sn) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    enabled boolean not null,
    period integer check (period between 1 and 500),
    updated_at timestamptz not null,
    constraint device_auto_renew_period check (enabled = (period is not null))
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table device_auto_renew`.execute(db);
  await sql`drop table licence_auto_renew`.execute(db);
}
