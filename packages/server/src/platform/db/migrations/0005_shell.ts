import { type Kysely, sql } from 'kysely';

/** What the console shell shows around the pages: maintenance notices and notes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maintenance_notice')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('message_en', 'text', (c) => c.notNull())
    .addColumn('message_cn', 'text', (c) => c.notNull())
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('whitelist', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('show_note')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('biz_type', 'text', (c) => c.notNull())
    .addColumn('extend', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('checked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('show_note_user').on('show_note').columns(['user_id', 'company_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('show_note').execute();
  await db.schema.dropTable('maintenance_notice').execute();
}
