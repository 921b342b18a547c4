import { type Kysely, sql } from 'kysely';

/**
 * Licences (issue 13): an append-only ledger of movements, the operations that post them (one
 * transaction number and one idempotency key each), the unused balance per company and product kept
 * beside the ledger under a row lock, and each device's current licence period. docs/decisions.md
 * "Licences" says how they derive from each other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table licence_operation (
    id bigint generated always as identity primary key,
    company_id bigint not null references company (id) on delete cascade,
    kind text not null,
    idempotency_key text,
    operator_user_id bigint references app_user (id) on delete set null,
    result jsonb,
    created_at timestamptz not null,
    constraint licence_operation_once unique (company_id, idempotency_key)
  )`.execute(db);

  await sql`create table licence_ledger (
    id bigint generated always as identity primary key,
    operation_id bigint not null references licence_operation (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    movement text not null,
    product text not null,
    quantity integer not null,
    counterparty_company_id bigint references company (id) on delete set null,
    sn text,
    period_start timestamptz,
    period_end timestamptz,
    reverses_id bigint references licence_ledger (id),
    unit_price_cents bigint,
    operator_user_id bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    constraint licence_ledger_period check ((period_start is null) = (period_end is null)),
    constraint licence_ledger_reversed_once unique (reverses_id)
  )`.execute(db);
  await sql`create index licence_ledger_company_idx on licence_ledger (company_id, id desc)`.execute(db);
  await sql`create index licence_ledger_sn_idx on licence_ledger (sn, id) where sn is not null`.execute(db);

  // The unused balance: the sum of the ledger's quantities per company and product, kept here so that
  // a movement can lock it (select … for update) and check it in the same transaction.
  await sql`create table licence_account (
    company_id bigint not null references company (id) on delete cascade,
    product text not null,
    available integer not null default 0,
    primary key (company_id, product),
    constraint licence_account_not_negative check (available >= 0)
  )`.execute(db);

  // A device's licence now: the run of periods its consumption and renewal rows describe.
  await sql`create table device_licence (
    sn text primary key references device (sn) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    level text not null default 'BASE',
    starts_at timestamptz,
    ends_at timestamptz
  )`.execute(db);
  await sql`create index device_licence_ends_idx on device_licence (ends_at) where level <> 'BASE'`.execute(
    db,
  );
  await sql`create index device_licence_company_idx on device_licence (company_id, level)`.execute(db);
  // Levels set by hand through the device edit (before issue 13) had no licence behind them: every
  // level now comes from the ledger, so devices start again on Basic.
  await sql`update device set licence_level = 'BASE' where licence_level <> 'BASE'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['device_licence', 'licence_account', 'licence_ledger', 'licence_operation']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
