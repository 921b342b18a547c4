import { type Kysely, sql } from 'kysely';

/**
 * The devices an activity entry concerns (`sn` or `sns` of the call), so a device's details can list
 * who did what to it, bulk moves and tags included. Entries written before name their device only in
 * `object` (`sn=...` first or after other fields); those are read back from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity_log').addColumn('device_sns', sql`text[]`).execute();
  await sql`
    update activity_log
       set device_sns = array[substring(object from '(?:^|, )sn=([^,]+)')]
     where object ~ '(^|, )sn=[^,]+'`.execute(db);
  await sql`create index activity_log_device_sns_idx on activity_log using gin (device_sns)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('activity_log').dropColumn('device_sns').execute();
}
