import { type Kysely, sql } from 'kysely';

/**
 * Portal manager, second slice (issue 21; docs/decisions.md "Portal manager"): each template version a
 * router is sent (`portalApply` over the RPC queue; its state is the command's) with the RADIUS secret it
 * carries, the secret a router is moving to (the old one stays good until it confirms), the names the
 * company gives clients, and the SSID of each session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table portal_push (
    rpc_id text primary key,
    company_id bigint not null references company (id) on delete cascade,
    portal_id bigint not null references portal_template (id) on delete cascade,
    sn text not null references device (sn) on delete cascade,
    version integer not null,
    radius_secret text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index portal_push_portal_idx on portal_push (portal_id, created_at desc)`.execute(db);
  await sql`create index portal_push_sn_idx on portal_push (sn, version desc)`.execute(db);
  await sql`alter table portal_device add column radius_secret_next text`.execute(db);
  await sql`alter table portal_session add column ssid text`.execute(db);
  await sql`create index portal_session_open_idx on portal_session (portal_id, started_at desc) where ended_at is null`.execute(
    db,
  );
  await sql`create table portal_client (
    portal_id bigint not null references portal_template (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    mac text not null,
    name text not null,
    primary key (portal_id, mac)
  )`.execute(db);
}
