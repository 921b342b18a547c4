import { type Kysely, sql } from 'kysely';

/**
 * Grouped notifications (issue 12): many devices of one company going offline (or coming back) within
 * a short window become one notification ("50 devices went offline"). Its members keep their own rows,
 * pointing at the group: a device's own history still lists them, the company-wide list does not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_notification
    add column group_id bigint references device_notification (id) on delete cascade`.execute(db);
  await sql`create index device_notification_group_idx on device_notification (group_id)
    where group_id is not null`.execute(db);
}
