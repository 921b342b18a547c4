import { type Kysely, sql } from 'kysely';

/**
 * Verification codes remember the address that asked for them, so one client cannot have codes
 * mailed to hundreds of different recipients an hour (issue 11): the per-recipient interval alone
 * let 200 mails to 200 addresses leave in 13 s. Codes issued before this migration have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('verification_code').addColumn('requested_from', 'text').execute();
  await db.schema
    .createIndex('verification_code_requester_idx')
    .on('verification_code')
    .columns(['requested_from', 'created_at'])
    .where(sql.ref('requested_from'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('verification_code_requester_idx').execute();
  await db.schema.alterTable('verification_code').dropColumn('requested_from').execute();
}
