import { type Kysely, sql } from 'kysely';

/**
 * A change made on the device itself and kept by a person (issue 15, drift): source `local` puts it in
 * the version history and makes its fields the device's own settings (docs/decisions.md "Drift").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_change_set drop constraint if exists device_change_set_source_check`.execute(
    db,
  );
  await sql`alter table device_change_set add constraint device_change_set_source_check
    check (source in ('user', 'profile', 'template', 'cleared', 'local'))`.execute(db);
}
