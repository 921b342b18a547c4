import { type Kysely, sql } from 'kysely';

/**
 * What devices report: telemetry as a time series (appended in batches, trimmed by the retention
 * job), events and syslog lines as logs, and the latest configuration XML and status modules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_telemetry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_telemetry_sn_at_idx')
    .on('device_telemetry')
    .columns(['sn', 'at'])
    .execute();
  // The retention job deletes by age across all devices.
  await db.schema.createIndex('device_telemetry_at_idx').on('device_telemetry').column('at').execute();

  await db.schema
    .createTable('device_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('severity', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('device_event_sn_at_idx').on('device_event').columns(['sn', 'at']).execute();

  await db.schema
    .createTable('device_syslog')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('level', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_syslog_sn_at_idx').on('device_syslog').columns(['sn', 'at']).execute();

  await db.schema
    .createTable('device_config')
    .addColumn('sn', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('last_updated_time', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_status')
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_status_pk', ['sn', 'module'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'device_status',
    'device_config',
    'device_syslog',
    'device_event',
    'device_telemetry',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
