import { type Kysely, sql } from 'kysely';

/**
 * A change-set that clears a device's own setting (issue 15, layering): source `cleared` sets the
 * group profile's value and ends the field being the device's own (docs/decisions.md "Layering").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_change_set drop constraint if exists device_change_set_source_check`.execute(
    db,
  );
  await sql`alter table device_change_set add constraint device_change_set_source_check
    check (source in ('user', 'profile', 'template', 'cleared'))`.execute(db);
}
