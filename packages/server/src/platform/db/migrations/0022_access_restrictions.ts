import { type Kysely, sql } from 'kysely';

/** One access restriction per company (core §3, §6): dates, days with UTC ranges, barred role types, holidays. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_access_restriction')
    .addColumn('company_id', 'bigint', (c) => c.primaryKey().references('company.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('days', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('role_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('holidays', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_access_restriction').execute();
}
