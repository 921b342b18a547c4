import { type Kysely, sql } from 'kysely';

/**
 * A device's update history and its last app list are its RPC commands by method, newest first
 * (device details "apps" and "firmware" tabs): without this index each look-up reads every command.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index rpc_command_sn_method_created_idx on rpc_command (sn, method, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rpc_command_sn_method_created_idx`.execute(db);
}
