import { type Kysely, sql } from 'kysely';

/**
 * A maintenance notice may lock the platform during its window (issue 18): every call of a company
 * not whitelisted answers 14053 with the notice's message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table maintenance_notice add column lock boolean not null default false`.execute(db);
  await sql`create index maintenance_notice_lock_idx on maintenance_notice (end_at) where lock`.execute(db);
}
