import { type Kysely, sql } from 'kysely';

/**
 * The open API (issue 18): clients with hashed secrets, hashed access tokens, one token bucket per
 * client (shared by every node on the database), idempotent answers and the calling log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table open_api_client (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    client_key text not null unique,
    secret_hash text not null,
    previous_secret_hash text,
    previous_secret_until timestamptz,
    is_admin boolean not null default false,
    all_interfaces boolean not null default true,
    interfaces text[] not null default '{}',
    scopes text[] not null,
    enabled boolean not null default true,
    created_by_user_id bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index open_api_client_name_idx on open_api_client (company_id, lower(name))`.execute(
    db,
  );
  await sql`create table open_api_token (
    token_hash text primary key,
    client_id bigint not null references open_api_client (id) on delete cascade,
    scopes text[] not null,
    expires_at timestamptz not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index open_api_token_client_idx on open_api_token (client_id)`.execute(db);
  // Token bucket: tokens left at updated_ms; refilled by elapsed time on the next call (one row lock).
  await sql`create table open_api_rate_bucket (
    client_id bigint primary key references open_api_client (id) on delete cascade,
    tokens double precision not null,
    updated_ms double precision not null,
    admitted boolean not null
  )`.execute(db);
  await sql`create table open_api_idempotency (
    client_id bigint not null references open_api_client (id) on delete cascade,
    idempotency_key text not null,
    request_hash text not null,
    status integer,
    response jsonb,
    created_at timestamptz not null,
    primary key (client_id, idempotency_key)
  )`.execute(db);
  await sql`create index open_api_idempotency_created_idx on open_api_idempotency (created_at)`.execute(db);
  await sql`create table open_api_call_log (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    client_id bigint references open_api_client (id) on delete set null,
    client_name text not null,
    client_key text not null,
    interface_id text not null,
    method text not null,
    path text not null,
    status integer not null,
    code integer not null,
    duration_ms integer not null,
    at timestamptz not null
  )`.execute(db);
  await sql`create index open_api_call_log_company_idx on open_api_call_log (company_id, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table open_api_call_log`.execute(db);
  await sql`drop table open_api_idempotency`.execute(db);
  await sql`drop table open_api_rate_bucket`.execute(db);
  await sql`drop table open_api_token`.execute(db);
  await sql`drop table open_api_client`.execute(db);
}
