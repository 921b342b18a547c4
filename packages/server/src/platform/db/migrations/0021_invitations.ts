import { type Kysely, sql } from 'kysely';

/** Invitations by e-mail to join a company (core §4: pending -> accepted; a refused one is removed). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_invitation')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
    // sha256 of the mailed token: a leaked table does not let anyone accept.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('inviter_user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('user_invitation_company')
    .on('user_invitation')
    .columns(['company_id', 'created_at'])
    .execute();
  await sql`create index user_invitation_email on user_invitation (company_id, lower(email))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_invitation').execute();
}
