import type { Kysely } from 'kysely';

/**
 * Group administrators (core §6 "Group administrators cannot be modified"): a member of a company named
 * administrator of one of its device groups. The row goes with its group or its person; the users
 * module refuses to alter (edit, disable, delete) a person while a row names them (14025).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_admin')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('company_group.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_admin_pk', ['company_id', 'group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('group_admin_user')
    .on('group_admin')
    .columns(['company_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_admin').execute();
}
