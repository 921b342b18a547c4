import { type Kysely, sql } from 'kysely';

/**
 * Device notifications (core §2 `noti`, §3 notification note). One row per thing that happened to a
 * company's device; the read state is per user: a cursor (every id up to it is read, which is what
 * "mark all read" moves, so it costs one row however many notifications there are) plus one row per
 * notification read individually above the cursor. Alerts already stored as device events become
 * alert notifications, so the dashboard's unread summary keeps counting them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_notification')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // No foreign key, like the device reports: the gateway writes for whatever company a device names.
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('biz_type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('extend', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The list pages a company's notifications newest first; presence looks up a device's latest.
  await sql`create index device_notification_company_id_idx on device_notification (company_id, id desc)`.execute(
    db,
  );
  await sql`create index device_notification_company_sn_idx on device_notification (company_id, sn, id desc)`.execute(
    db,
  );
  await sql`create index device_notification_sn_trgm_idx on device_notification using gin (sn gin_trgm_ops)`.execute(
    db,
  );

  await db.schema
    .createTable('device_notification_cursor')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('read_up_to', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_notification_cursor_pk', ['company_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('device_notification_read')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('notification_id', 'bigint', (c) =>
      c.notNull().references('device_notification.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('device_notification_read_pk', ['user_id', 'notification_id'])
    .execute();

  await sql`
    insert into device_notification (company_id, sn, biz_type, severity, extend, at)
    select e.company_id, e.sn, 'alert', e.severity,
           jsonb_build_object('code', coalesce(e.data->>'code', e.type), 'message', coalesce(e.data->>'message', '')),
           e.at
      from device_event e
     where e.severity in ('critical', 'major', 'minor', 'notice')
     order by e.at, e.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_notification_read').execute();
  await db.schema.dropTable('device_notification_cursor').execute();
  await db.schema.dropTable('device_notification').execute();
}
