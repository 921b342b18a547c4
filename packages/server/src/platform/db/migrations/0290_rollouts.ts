import { type Kysely, sql } from 'kysely';

/**
 * Rollouts (issue 14): a version, or a configuration profile's sections (issue 15), sent to many
 * devices in batches. Each device of a rollout is a row
 * from the start (its place in the queue is `position`); `batch` is set when its batch starts, and
 * `rpc_id` names its install command (or, for a configuration, its change-set), whose states (and the
 * hello evidence) decide its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rollout (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    version_id bigint references app_package_version (id),
    kind text not null check (kind in ('firmware', 'app', 'config')),
    sections jsonb,
    confirm_seconds integer,
    target jsonb not null,
    settings jsonb not null,
    state text not null check (state in ('running', 'paused', 'halted', 'cancelled', 'completed')),
    stop_reason jsonb,
    accepted_batch integer not null default 0,
    origin text not null,
    created_by bigint references app_user (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    finished_at timestamptz
  )`.execute(db);
  await sql`create index rollout_company_idx on rollout (company_id, id desc)`.execute(db);
  await sql`create index rollout_open_idx on rollout (state) where state = 'running'`.execute(db);
  await sql`create table rollout_device (
    rollout_id bigint not null references rollout (id) on delete cascade,
    sn text not null,
    company_id bigint not null,
    position integer not null,
    time_zone text,
    from_version text,
    batch integer,
    state text not null check (state in ('waiting', 'pending', 'updating', 'rebooting', 'verifying',
      'success', 'failure', 'timeout', 'released')),
    percent integer,
    rpc_id text,
    reason_code integer,
    reason_kind text check (reason_kind in ('catalogue', 'update', 'health', 'config')),
    reason_text text,
    attempts integer not null default 0,
    started_at timestamptz,
    succeeded_at timestamptz,
    telemetry_mark bigint,
    event_mark bigint,
    updated_at timestamptz not null,
    primary key (rollout_id, sn)
  )`.execute(db);
  await sql`create index rollout_device_state_idx on rollout_device (rollout_id, state, position)`.execute(
    db,
  );
  // A group's configuration profile per series (issue 15): the sections it sets on the group's routers.
  await sql`create table device_group_profile (
    group_id bigint not null references company_group (id) on delete cascade,
    series text not null,
    company_id bigint not null references company (id) on delete cascade,
    sections jsonb not null,
    updated_by bigint references app_user (id) on delete set null,
    updated_at timestamptz not null,
    primary key (group_id, series)
  )`.execute(db);
  await sql`create index rollout_device_rpc_idx on rollout_device (rpc_id) where rpc_id is not null`.execute(
    db,
  );
}
