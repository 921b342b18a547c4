import { type Kysely, sql } from 'kysely';

/**
 * The hourly housekeeping (gateway/retention.ts) deletes old notifications and the finished answers
 * of read-only RPCs by age: without these indexes each run would scan both tables whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index device_notification_at_idx on device_notification (at)`.execute(db);
  await sql`create index rpc_command_finished_updated_idx on rpc_command (updated_at)
    where state <> 'inExecution'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rpc_command_finished_updated_idx`.execute(db);
  await sql`drop index if exists device_notification_at_idx`.execute(db);
}
