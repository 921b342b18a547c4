import type { Kysely } from 'kysely';

/** Files in the file store, one row each: who owns it, what it is, and where its bytes are. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_file')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('store_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('stored_file_company')
    .on('stored_file')
    .columns(['company_id', 'kind'])
    .execute();
  await db.schema.createIndex('stored_file_expires').on('stored_file').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_file').execute();
}
