import { type Kysely, sql } from 'kysely';

/** Column preferences per person and page (core §3 "Page column preference"). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_column')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('page_name', 'text', (c) => c.notNull())
    .addColumn('columns', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_column_pk', ['user_id', 'page_name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_column').execute();
}
