import { type Kysely, sql } from 'kysely';

/**
 * Two-factor sign-in (issue 18): a person's TOTP key (sealed) with the last step used, their recovery
 * codes (SHA-256, one row each, deleted when used), the 5-minute challenges between the password and the
 * code, and each company's policy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table user_second_factor (
    user_id bigint primary key references app_user (id) on delete cascade,
    secret_sealed text not null,
    last_step bigint,
    confirmed_at timestamptz,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create table user_recovery_code (
    user_id bigint not null references app_user (id) on delete cascade,
    code_hash text not null,
    primary key (user_id, code_hash)
  )`.execute(db);
  await sql`create table second_factor_challenge (
    challenge_hash text primary key,
    user_id bigint not null references app_user (id) on delete cascade,
    account text not null,
    company_id bigint references company (id) on delete cascade,
    enrol boolean not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index second_factor_challenge_user_idx on second_factor_challenge (user_id)`.execute(db);
  await sql`create table company_two_factor_policy (
    company_id bigint primary key references company (id) on delete cascade,
    policy text not null,
    updated_at timestamptz not null
  )`.execute(db);
}
