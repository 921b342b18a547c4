import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from './open.ts';

/**
 * An on-disk PGlite (the server's) runs on a thread of its own: what callers see must be what they
 * saw with PGlite on their own thread — rows and their types, PostgreSQL's errors with their codes,
 * transactions that roll back, and the data there again after a restart.
 */
// Without the suite's snapshot (the PostgreSQL run has none) each open creates a data directory from
// scratch on the thread: seconds on a quiet machine, tens of seconds on a busy two-core one.
const FRESH_DATA_DIR = 120_000;

describe('PGlite on its own thread', { timeout: FRESH_DATA_DIR }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-pglite-thread-'));
  const dataDir = path.join(dir, 'pglite');
  const snapshot = process.env.FLEETPORT_PGLITE_SNAPSHOT;
  const open = () =>
    openDatabase({ dataDir, loadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined });
  const opened: OpenDatabase[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers as PGlite does, keeps what was committed across a restart, and forgets what rolled back', async () => {
    const database = await open();
    opened.push(database);
    const { db } = database;
    const { rows } = await sql<{ n: number; at: Date; data: unknown }>`
      select 7::int as n, '2026-01-02T03:04:05.678Z'::timestamptz as at, '{"a":[1,"x"]}'::jsonb as data`.execute(
      db,
    );
    expect(rows).toEqual([{ n: 7, at: new Date('2026-01-02T03:04:05.678Z'), data: { a: [1, 'x'] } }]);

    await sql`create table thread_note (id int primary key, note text not null)`.execute(db);
    const inserted = await db
      .insertInto('thread_note' as never)
      .values({ id: 1, note: 'kept' } as never)
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    // A unique violation arrives with PostgreSQL's code and constraint, as from PGlite itself.
    await expect(sql`insert into thread_note values (1, 'again')`.execute(db)).rejects.toMatchObject({
      code: '23505',
      constraint: 'thread_note_pkey',
    });
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`insert into thread_note values (2, 'rolled back')`.execute(tx);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.close();
    opened.pop();

    const reopened = await openDatabase({ dataDir });
    opened.push(reopened);
    const notes = await sql<{
      id: number;
      note: string;
    }>`select id, note from thread_note order by id`.execute(reopened.db);
    expect(notes.rows).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('refuses queries once closed instead of waiting forever', async () => {
    const database = await openDatabase({ dataDir: 'memory://', thread: true, migrate: false });
    await database.close();
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
  });
});
