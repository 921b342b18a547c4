import { type Kysely, sql } from 'kysely';

/**
 * The device registry core: one row per serial number, the import rows a claim is proven against,
 * and a log of claim attempts (refusals are kept so an operator can see who knocked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device')
    .addColumn('sn', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('series', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('firmware_version', 'text')
    .addColumn('app_version', 'text')
    // devcfg: what the device can do; configuration menus follow it.
    .addColumn('capabilities', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('mac', 'text')
    .addColumn('imei', 'text')
    .addColumn('iccid', 'text')
    .addColumn('imsi', 'text')
    .addColumn('ssid', 'text')
    .addColumn('ip', 'text')
    .addColumn('router_id', 'text')
    .addColumn('network_env', 'text')
    .addColumn('connection_type', 'text')
    .addColumn('active_link', 'text')
    .addColumn('sim_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('keep_alive', 'integer')
    .addColumn('protocol_version', 'integer')
    .addColumn('online', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_seen_at', 'timestamptz')
    .addColumn('online_changed_at', 'timestamptz')
    // The connection the online state belongs to, so a late last will of an older one is ignored.
    .addColumn('presence_session', 'text')
    .addColumn('licence_level', 'text', (c) => c.notNull().defaultTo('BASE'))
    .addColumn('group_id', 'bigint')
    // sha256 of a 256-bit random secret: a fast hash is enough when the secret cannot be guessed.
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('device_company_idx').on('device').columns(['company_id', 'sn']).execute();

  await db.schema
    .createTable('device_import')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('sn', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('model', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mac', 'text')
    .addColumn('imei', 'text')
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('device_claim_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('company_id', 'bigint')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('mac', 'text')
    .addColumn('imei', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('device_claim_log_sn_idx')
    .on('device_claim_log')
    .columns(['sn', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_claim_log').execute();
  await db.schema.dropTable('device_import').execute();
  await db.schema.dropTable('device').execute();
}
