import { type Kysely, sql } from 'kysely';

/**
 * The portal manager (issue 21; docs/decisions.md "Portal manager"): captive portal templates, the
 * routers on each (one template a router, with its sealed RADIUS secret), the clients a template blocks,
 * the sessions RADIUS accounting reports, and the one-time splash tokens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table portal_template (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    auth_mode text not null check (auth_mode in ('none', 'accessCode')),
    access_code text not null,
    allowed_sites jsonb not null,
    blocked_domains jsonb not null,
    redirection_url text not null,
    pc_background_file_id bigint references stored_file (id),
    mobile_background_file_id bigint references stored_file (id),
    logo_file_id bigint references stored_file (id),
    languages jsonb not null,
    session_settings jsonb not null,
    version integer not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index portal_template_name_idx on portal_template (company_id, lower(name))`.execute(
    db,
  );
  // One template a router: the router's serial number is the key.
  await sql`create table portal_device (
    sn text primary key references device (sn) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    portal_id bigint not null references portal_template (id),
    radius_secret text not null,
    applied_version integer,
    added_at timestamptz not null
  )`.execute(db);
  await sql`create index portal_device_portal_idx on portal_device (portal_id)`.execute(db);
  await sql`create table portal_blocked_client (
    portal_id bigint not null references portal_template (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    mac text not null,
    blocked_at timestamptz not null,
    primary key (portal_id, mac)
  )`.execute(db);
  await sql`create table portal_session (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    portal_id bigint references portal_template (id) on delete set null,
    sn text not null,
    acct_session_id text not null,
    client_mac text not null,
    client_ip text,
    user_name text not null,
    started_at timestamptz not null,
    updated_at timestamptz not null,
    ended_at timestamptz,
    input_octets bigint not null,
    output_octets bigint not null,
    session_seconds integer not null,
    terminate_cause text
  )`.execute(db);
  await sql`create unique index portal_session_acct_idx on portal_session (sn, acct_session_id)`.execute(db);
  await sql`create index portal_session_company_idx on portal_session (company_id, started_at desc)`.execute(
    db,
  );
  await sql`create index portal_session_client_idx on portal_session (portal_id, client_mac)`.execute(db);
  await sql`create table portal_splash_token (
    token_hash text primary key,
    company_id bigint not null references company (id) on delete cascade,
    sn text not null,
    client_mac text not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index portal_splash_token_expiry_idx on portal_splash_token (expires_at)`.execute(db);
}
