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
  // The renewal and expiry jobs walk licences in (end, SN) order from where their last batch stopped:
  // with the SN in the index, a batch starts past the rows the batches before it rewrote, instead of
  // stepping over their dead versions again (100,000 licences a night, bench/licence-renewal.ts).
  await sql`drop index device_licence_ends_idx`.execute(db);
  await sql`create index device_licence_ends_idx on device_licence (ends_at, sn) where level <> 'BASE'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index device_licence_ends_idx`.execute(db);
  await sql`create index device_licence_ends_idx on device_licence (ends_at) where level <> 'BASE'`.execute(
    db,
  );
  await sql`drop table device_auto_renew`.execute(db);
  await sql`drop table licence_auto_renew`.execute(db);
}
