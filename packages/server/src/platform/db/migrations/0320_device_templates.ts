import { type Kysely, sql } from 'kysely';

/**
 * Zero-touch templates and the provisioning they run on routers claiming for the first time (issue
 * 14; docs/decisions.md "Zero-touch templates"). A template names app centre versions and keeps the
 * configuration XML's text. A provisioning is one router's run of one template; its steps are rows, so
 * a device's answer moves exactly one step (guarded by its state) on whichever node hears it, and a
 * restarted server finds every step where it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table device_template (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    series text not null,
    type text not null,
    models jsonb not null,
    firmware_version_id bigint references app_package_version (id),
    app_version_ids jsonb not null,
    config_xml text,
    config_file_name text,
    enabled boolean not null,
    origin text not null,
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index device_template_name_idx on device_template (company_id, lower(name))`.execute(
    db,
  );
  // The versions a template names, so the app centre sees them in use (never deleted while named).
  await sql`create table device_template_package (
    template_id bigint not null references device_template (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    version_id bigint not null references app_package_version (id),
    primary key (template_id, version_id)
  )`.execute(db);
  await sql`create index device_template_package_version_idx on device_template_package (version_id)`.execute(
    db,
  );
  await sql`create table device_provisioning (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    sn text not null,
    template_id bigint references device_template (id) on delete set null,
    template_name text not null,
    state text not null check (state in ('running', 'done', 'stopped')),
    started_at timestamptz not null,
    finished_at timestamptz
  )`.execute(db);
  // A router is provisioned once: its first claim.
  await sql`create unique index device_provisioning_sn_idx on device_provisioning (sn)`.execute(db);
  await sql`create index device_provisioning_company_idx on device_provisioning (company_id, state, started_at desc)`.execute(
    db,
  );
  await sql`create index device_provisioning_template_idx on device_provisioning (template_id) where state = 'running'`.execute(
    db,
  );
  await sql`create table device_provisioning_step (
    provisioning_id bigint not null references device_provisioning (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    position integer not null,
    kind text not null check (kind in ('minimumFirmware', 'firmware', 'app', 'configuration')),
    version_id bigint,
    target text not null,
    state text not null check (state in ('waiting', 'running', 'done', 'skipped', 'failed')),
    attempts integer not null default 0,
    reason_code integer,
    reason_data jsonb,
    reason text,
    rpc_id text,
    change_set_id text,
    started_at timestamptz,
    finished_at timestamptz,
    primary key (provisioning_id, position)
  )`.execute(db);
  await sql`create index device_provisioning_step_rpc_idx on device_provisioning_step (rpc_id) where rpc_id is not null`.execute(
    db,
  );
  await sql`create index device_provisioning_step_change_idx on device_provisioning_step (change_set_id)
    where change_set_id is not null`.execute(db);
}
