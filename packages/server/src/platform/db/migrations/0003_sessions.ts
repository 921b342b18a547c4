import type { Kysely } from 'kysely';

/** Signed-in sessions, the lockout ladder, captchas and verification codes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_session')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // sha256 of the ticket: a leaked table does not let anyone sign requests.
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('sign_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('company_id', 'bigint', (c) => c.references('company.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('user_session_user').on('user_session').columns(['user_id']).execute();

  await db.schema
    .createTable('login_attempt')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('captcha_required', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('verification_code_target')
    .on('verification_code')
    .columns(['target', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['verification_code', 'captcha', 'login_attempt', 'user_session']) {
    await db.schema.dropTable(table).execute();
  }
}
