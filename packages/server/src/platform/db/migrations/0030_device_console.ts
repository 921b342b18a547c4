import { type Kysely, sql } from 'kysely';

/**
 * The device console (issue 6): tags and their links, serial ports held after an abnormal close, and
 * the indexes that keep the all-devices list fast over 100,000 devices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_tag')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // "North" and "north" are one tag.
  await sql`create unique index device_tag_name_idx on device_tag (company_id, lower(name))`.execute(db);

  await db.schema
    .createTable('device_tag_link')
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('device_tag.id').onDelete('cascade'))
    .addColumn('sn', 'text', (c) => c.notNull().references('device.sn').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_tag_link_pk', ['tag_id', 'sn'])
    .execute();
  await db.schema.createIndex('device_tag_link_sn_idx').on('device_tag_link').column('sn').execute();

  await db.schema
    .createTable('serial_port_hold')
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('held_until', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('serial_port_hold_pk', ['sn', 'port'])
    .execute();

  // One trigram index over every searchable field: a search is one index scan, not five ORed ones.
  await sql`create index device_search_trgm_idx on device using gin (
    (sn || ' ' || name || ' ' || coalesce(mac, '') || ' ' || coalesce(imei, '') || ' ' || coalesce(ip, '')) gin_trgm_ops)`.execute(
    db,
  );
  // The list's default order and its common sorts and filters, each within a company.
  await sql`create index device_company_seen_idx on device (company_id, last_seen_at desc nulls last, sn)`.execute(
    db,
  );
  await sql`create index device_company_name_idx on device (company_id, name, sn)`.execute(db);
  await sql`create index device_company_group_idx on device (company_id, group_id)`.execute(db);
  await sql`create index device_company_model_idx on device (company_id, model)`.execute(db);
  await sql`create index device_company_online_idx on device (company_id, online)`.execute(db);
  // Dashboard series read a company's telemetry and events by time.
  await sql`create index device_telemetry_company_at_idx on device_telemetry (company_id, at)`.execute(db);
  await sql`create index device_event_company_at_idx on device_event (company_id, at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'device_event_company_at_idx',
    'device_telemetry_company_at_idx',
    'device_company_online_idx',
    'device_company_model_idx',
    'device_company_group_idx',
    'device_company_name_idx',
    'device_company_seen_idx',
    'device_search_trgm_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropTable('serial_port_hold').execute();
  await db.schema.dropTable('device_tag_link').execute();
  await db.schema.dropTable('device_tag').execute();
}
