import { type Kysely, sql } from 'kysely';

/**
 * Change-sets of remote configuration (issue 15; docs/device-protocol.md §7.5). A change-set is sent
 * as a `configApply` command and confirmed with a `configConfirm` command; their ids are kept so a
 * device's answers find their change-set. At most one change-set per device is not final: the partial
 * unique index refuses a second one even when two nodes race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table device_change_set (
    id text primary key,
    company_id bigint not null references company (id) on delete cascade,
    sn text not null,
    state text not null check (state in ('queued', 'applying', 'applied', 'rejected', 'reverted', 'expired')),
    sections jsonb not null,
    differences jsonb not null,
    xml text not null,
    confirm_seconds integer not null,
    apply_command_id text,
    confirm_command_id text,
    reason text,
    checksum text,
    rollback_of text references device_change_set (id) on delete set null,
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    finished_at timestamptz
  )`.execute(db);
  await sql`create unique index device_change_set_open_idx on device_change_set (sn)
    where state in ('queued', 'applying')`.execute(db);
  await sql`create index device_change_set_device_idx on device_change_set (company_id, sn, created_at desc)`.execute(
    db,
  );
  await sql`create index device_change_set_apply_idx on device_change_set (apply_command_id)`.execute(db);
  // A device whose configuration was changed on the device itself (drift): what the cloud knew before.
  await sql`create table device_config_drift (
    sn text primary key,
    company_id bigint not null references company (id) on delete cascade,
    detected_at timestamptz not null,
    baseline_xml text not null
  )`.execute(db);
  await sql`create index device_change_set_confirm_idx on device_change_set (confirm_command_id)`.execute(db);
}
