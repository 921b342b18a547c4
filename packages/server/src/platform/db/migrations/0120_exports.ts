import { type Kysely, sql } from 'kysely';

/**
 * Asynchronous exports (issue 10): one record per export a user started, and the share links of
 * their files. Records and links are kept three months (core §9 link records); the files 24 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_record')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    /** The export source (the list's export call id), e.g. `devices.export`. */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** What the job needs to write the file: filter, columns, language, time zone. */
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('done_rows', 'integer', (c) => c.notNull().defaultTo(0))
    /** The job writing the file; the console matches its live `job.progress` to the record. */
    .addColumn('job_id', 'bigint')
    /** The file in the file store (`stored_file`) once ready. */
    .addColumn('file_id', 'bigint')
    .addColumn('file_size', 'bigint')
    .addColumn('error_code', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('file_expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('export_record_user')
    .on('export_record')
    .columns(['company_id', 'user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('export_share_link')
    /** The id in the public seeShareFile/{id} URL: random, unguessable. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('export_record.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index export_share_link_record on export_share_link (record_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('export_share_link').execute();
  await db.schema.dropTable('export_record').execute();
}
