import { type Kysely, sql } from 'kysely';

/**
 * Cloud IoT connectors and OEM map keys (issue 18). A connector forwards its routers' telemetry
 * (device_telemetry rows after its cursor) to its application; a router is bound to one connector at
 * most (the router's SN is the key of `iot_connector_router`). The map keys are the company's own,
 * sealed, beside its other OEM settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table iot_connector (
    id bigserial primary key,
    company_id bigint not null,
    name text not null,
    kind text not null,
    application_url text not null,
    id_scope text,
    template text,
    interface_id text,
    token_name text not null,
    token_sealed text not null,
    token_mask text not null,
    last_telemetry_id bigint not null default 0,
    job_id bigint,
    delivered bigint not null default 0,
    last_delivered_at timestamptz,
    failing_since timestamptz,
    last_error text,
    created_by bigint,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index iot_connector_name_idx on iot_connector (company_id, lower(name))`.execute(
    db,
  );
  await sql`create table iot_connector_router (
    sn text primary key,
    connector_id bigint not null references iot_connector (id) on delete cascade,
    company_id bigint not null,
    bound_at timestamptz not null
  )`.execute(db);
  await sql`create index iot_connector_router_connector_idx on iot_connector_router (connector_id)`.execute(
    db,
  );
  // What a connector owes: its routers' rows after its cursor, found by range instead of by scanning each
  // router's whole history every 10 s (docs/decisions.md "IoT connectors and map keys").
  await sql`create index device_telemetry_sn_id_idx on device_telemetry (sn, id)`.execute(db);
  await sql`alter table partner_branding
    add column map_js_key_sealed text,
    add column map_server_key_sealed text,
    add column map_hardware_key_sealed text,
    add column map_keys_updated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partner_branding
    drop column map_js_key_sealed, drop column map_server_key_sealed,
    drop column map_hardware_key_sealed, drop column map_keys_updated_at`.execute(db);
  await sql`drop index device_telemetry_sn_id_idx`.execute(db);
  await sql`drop table iot_connector_router`.execute(db);
  await sql`drop table iot_connector`.execute(db);
}
