import { type Kysely, sql } from 'kysely';

/**
 * Distributor rebates and partner branding (issue 13). A rebate is a ledger row of its own (movement
 * `rebate`, quantity 0) carrying the amount in cents; the platform's rate per distributor and product
 * decides it. A partner's logo and app name are one row per company; the logo's key is the random name
 * it is served under without a session. docs/decisions.md "Rebates", "Partner branding".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table licence_ledger add column rebate_cents bigint`.execute(db);
  await sql`alter table licence_ledger add constraint licence_ledger_rebate
    check ((movement = 'rebate') = (rebate_cents is not null) and (rebate_cents is null or rebate_cents > 0))`.execute(
    db,
  );
  // The rebate page reads only rebate rows of one distributor, newest first.
  await sql`create index licence_ledger_rebate_idx on licence_ledger (company_id, created_at desc, id desc)
    where movement = 'rebate'`.execute(db);

  await sql`create table rebate_rate (
    company_id bigint not null references company (id) on delete cascade,
    product text not null,
    kind text not null check (kind in ('percent', 'perLicence')),
    -- Basis points of the order total (percent) or cents per licence (perLicence).
    value integer not null check (value > 0),
    updated_at timestamptz not null,
    primary key (company_id, product)
  )`.execute(db);
  // When the platform last set a distributor's rule, kept even when it holds no rate.
  await sql`create table rebate_rule (
    company_id bigint primary key references company (id) on delete cascade,
    updated_at timestamptz not null
  )`.execute(db);

  await sql`create table partner_branding (
    company_id bigint primary key references company (id) on delete cascade,
    app_name text,
    logo_file_id bigint references stored_file (id) on delete set null,
    logo_key text unique,
    logo_type text,
    updated_at timestamptz not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table partner_branding`.execute(db);
  await sql`drop table rebate_rule`.execute(db);
  await sql`drop table rebate_rate`.execute(db);
  await sql`drop index licence_ledger_rebate_idx`.execute(db);
  await sql`alter table licence_ledger drop constraint licence_ledger_rebate`.execute(db);
  await sql`alter table licence_ledger drop column rebate_cents`.execute(db);
}
