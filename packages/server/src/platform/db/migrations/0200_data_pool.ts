import { type Kysely, sql } from 'kysely';

/**
 * The VPN data pool (issue 13, docs/decisions.md "Data pool"): a company's items of data, the pool's
 * own row (its settings, its alert state and the lock every draw takes), each device's last VPN
 * counters (the baseline the next sample's difference is drawn against) and the traffic per day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table data_pool_item (
    id bigint generated always as identity primary key,
    company_id bigint not null references company (id) on delete cascade,
    source text not null,
    -- The licence consumption or renewal whose period included the data (source licence): credited once.
    ledger_id bigint references licence_ledger (id) on delete set null,
    -- The licence operation that moved packages in, or the grant's.
    operation_id bigint references licence_operation (id) on delete set null,
    sn text,
    package_bytes bigint not null default 0,
    licence_bytes bigint not null default 0,
    used_bytes bigint not null default 0,
    expire_days integer not null,
    created_at timestamptz not null,
    first_used_at timestamptz,
    expires_at timestamptz,
    -- Set by the expiry job; an item past expires_at is expired to every reader before that.
    expired_at timestamptz,
    constraint data_pool_item_used check (used_bytes >= 0 and used_bytes <= package_bytes + licence_bytes)
  )`.execute(db);
  await sql`create unique index data_pool_item_ledger_idx on data_pool_item (ledger_id)`.execute(db);
  // The draw's order: items not expired, in use by expiry, then unused by age.
  await sql`create index data_pool_item_draw_idx on data_pool_item (company_id, expires_at, id)
    where expired_at is null`.execute(db);
  await sql`create index data_pool_item_expiry_idx on data_pool_item (expires_at)
    where expired_at is null and expires_at is not null`.execute(db);

  await sql`create table data_pool (
    company_id bigint primary key references company (id) on delete cascade,
    low_percent integer not null,
    -- null, 'low' or 'exhausted': what the company was told last.
    alert text,
    -- Counts the alerts raised, so each crossing's mail job has a key of its own.
    alert_count integer not null default 0,
    uncovered_bytes bigint not null default 0,
    updated_at timestamptz not null
  )`.execute(db);

  await sql`create table data_pool_counter (
    sn text primary key,
    company_id bigint not null references company (id) on delete cascade,
    ts timestamptz not null,
    uptime_s integer not null,
    seq integer not null,
    rx_bytes bigint not null,
    tx_bytes bigint not null
  )`.execute(db);

  await sql`create table data_pool_usage (
    company_id bigint not null references company (id) on delete cascade,
    day date not null,
    used_bytes bigint not null default 0,
    uncovered_bytes bigint not null default 0,
    primary key (company_id, day)
  )`.execute(db);

  // Periods that include VPN traffic are found by their start (the credit job looks at the last days).
  await sql`create index licence_ledger_period_start_idx on licence_ledger (period_start)
    where movement in ('consumption', 'renewal')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists licence_ledger_period_start_idx`.execute(db);
  for (const table of ['data_pool_usage', 'data_pool_counter', 'data_pool', 'data_pool_item'])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
}
