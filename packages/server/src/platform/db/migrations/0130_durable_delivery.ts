import { type Kysely, sql } from 'kysely';

/**
 * Durable delivery (issue 11). Telemetry: a device that resends a message whose acknowledgement was
 * lost must not store it twice, so each row carries the message's `uptimeSeconds` and `seq` and a
 * unique key (sn, at, uptime_s, seq) skips the repeat; rows stored before have no sequence and stay
 * as they are (NULLs never collide). The unique index also serves what the old (sn, at) index did.
 * Commands: `delivered_at` now means the device acknowledged the command; `sent_session` names the
 * connection a command was last sent on, so it is sent at most once per connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_telemetry add column uptime_s integer, add column seq integer`.execute(db);
  await sql`drop index device_telemetry_sn_at_idx`.execute(db);
  await sql`create unique index device_telemetry_once_idx on device_telemetry (sn, at, uptime_s, seq)`.execute(
    db,
  );
  await sql`alter table rpc_command add column sent_session text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rpc_command drop column sent_session`.execute(db);
  await sql`drop index device_telemetry_once_idx`.execute(db);
  await sql`create index device_telemetry_sn_at_idx on device_telemetry (sn, at)`.execute(db);
  await sql`alter table device_telemetry drop column uptime_s, drop column seq`.execute(db);
}
