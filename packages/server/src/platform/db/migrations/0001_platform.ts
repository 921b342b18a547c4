import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Trigram indexes make the device search (SN, name, MAC, IMEI, IP) fast over large fleets.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createTable('app_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_setting').execute();
}
