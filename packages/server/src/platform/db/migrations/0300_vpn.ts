import { type Kysely, sql } from 'kysely';

/**
 * VPN management (issue 17): groups with the virtual network the platform allocated, their members
 * (devices and service clients) with addresses kept when a member leaves, service clients, the PKI
 * (a CA per company, every certificate issued and its revocation) and the hubs' traffic samples.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vpn_group (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    region text not null,
    network text not null,
    prefix integer not null check (prefix between 16 and 30),
    port integer not null unique,
    protocol text not null check (protocol in ('udp', 'tcp')),
    ping_interval integer not null,
    ping_retry integer not null,
    mtu integer not null,
    fragment integer not null,
    cipher text not null,
    data_limit_mb bigint not null,
    cycle text not null,
    site_ip_access_type text not null,
    state text not null check (state in ('running', 'stopped')),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index vpn_group_name_idx on vpn_group (company_id, lower(name))`.execute(db);
  await sql`create unique index vpn_group_network_idx on vpn_group (network)`.execute(db);

  await sql`create table vpn_service_client (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    client_code text not null unique,
    type text not null check (type in ('user', 'server')),
    key_hash text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create unique index vpn_service_client_name_idx on vpn_service_client (company_id, lower(name))`.execute(
    db,
  );

  // A member's row stays when it leaves (active false), so its address is kept for its return.
  await sql`create table vpn_member (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    group_id bigint not null references vpn_group (id) on delete cascade,
    member_key text not null,
    kind text not null check (kind in ('device', 'client')),
    sn text,
    client_id bigint references vpn_service_client (id) on delete cascade,
    virtual_ip text not null,
    active boolean not null,
    joined_at timestamptz not null,
    left_at timestamptz,
    vpn_state text not null default 'disconnected',
    real_address text,
    bytes_in bigint not null default 0,
    bytes_out bigint not null default 0,
    status_at timestamptz,
    unique (group_id, member_key),
    unique (group_id, virtual_ip)
  )`.execute(db);
  // One device, one group (180030), even when two nodes add it at once.
  await sql`create unique index vpn_member_one_group_idx on vpn_member (sn) where active and kind = 'device'`.execute(
    db,
  );
  await sql`create index vpn_member_company_idx on vpn_member (company_id, kind, active)`.execute(db);

  await sql`create table vpn_ca (
    company_id bigint primary key references company (id) on delete cascade,
    cert_pem text not null,
    key_sealed text not null,
    next_serial bigint not null,
    crl_pem text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create table vpn_certificate (
    company_id bigint not null references company (id) on delete cascade,
    serial bigint not null,
    kind text not null check (kind in ('server', 'member')),
    group_id bigint,
    member_key text,
    common_name text not null,
    cert_pem text not null,
    key_sealed text not null,
    not_after timestamptz not null,
    issued_at timestamptz not null,
    revoked_at timestamptz,
    primary key (company_id, serial)
  )`.execute(db);
  await sql`create index vpn_certificate_member_idx on vpn_certificate (company_id, group_id, member_key)`.execute(
    db,
  );

  // Traffic of each member as the hubs counted it: one row per member per status read that saw it.
  await sql`create table vpn_traffic (
    company_id bigint not null references company (id) on delete cascade,
    group_id bigint not null references vpn_group (id) on delete cascade,
    member_key text not null,
    at timestamptz not null,
    bytes_in bigint not null,
    bytes_out bigint not null
  )`.execute(db);
  await sql`create index vpn_traffic_member_idx on vpn_traffic (group_id, member_key, at)`.execute(db);
  // Samples older than the telemetry retention go (modules/vpn/hub-status.ts).
  await sql`create index vpn_traffic_at_idx on vpn_traffic (at)`.execute(db);
}
