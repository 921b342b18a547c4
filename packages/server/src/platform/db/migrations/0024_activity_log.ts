import type { Kysely } from 'kysely';

/**
 * Every call that changes something (contract `mutates: true`): who, which company, which call and
 * object, from where, when, and the result code. Rows outlive the people and companies they name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint')
    .addColumn('user_id', 'bigint')
    .addColumn('user_name', 'text')
    .addColumn('login_account', 'text')
    .addColumn('call_id', 'text', (c) => c.notNull())
    .addColumn('object', 'text')
    .addColumn('remote_address', 'text')
    .addColumn('result_code', 'integer', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_log_company_at')
    .on('activity_log')
    .columns(['company_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity_log').execute();
}
