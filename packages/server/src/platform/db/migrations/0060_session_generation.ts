import { type Kysely, sql } from 'kysely';

/**
 * What a signed-in call is checked against (session, user, membership, role, company, access
 * restriction) changes rarely and is read on every call. A counter that every committed change of
 * those tables moves lets each node keep what it read and check one number per call instead
 * (platform/auth/session-cache.ts, docs/decisions.md "Sessions are cached, checked against a counter").
 *
 * The triggers are deferred: the counter row is locked last, at commit, so it never waits in the
 * middle of a transaction behind a lock another committing transaction holds. It moves once per
 * transaction, however many rows changed, and becomes visible in the same commit as the change.
 */
const WATCHED = [
  'user_session',
  'app_user',
  'company_user',
  'role',
  'company',
  'company_access_restriction',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('session_generation')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .addColumn('moved_by_xact', 'bigint')
    .execute();
  await sql`insert into session_generation (generation) values (0)`.execute(db);
  await sql`
    create function session_generation_move() returns trigger language plpgsql as $$
    begin
      update session_generation set generation = generation + 1, moved_by_xact = txid_current()
       where moved_by_xact is distinct from txid_current();
      return null;
    end $$`.execute(db);
  for (const table of WATCHED) {
    await sql`create constraint trigger ${sql.raw(`${table}_session_generation`)}
      after insert or update or delete on ${sql.table(table)} deferrable initially deferred
      for each row execute function session_generation_move()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of WATCHED) {
    await sql`drop trigger ${sql.raw(`${table}_session_generation`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function session_generation_move`.execute(db);
  await db.schema.dropTable('session_generation').execute();
}
