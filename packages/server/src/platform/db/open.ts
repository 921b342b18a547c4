import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { MIGRATIONS } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Store functions take either the database or an open transaction. */
export type DbOrTx = Db | Tx;
export type DbDialectName = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Db;
  dialect: DbDialectName;
  /** PostgreSQL only: where it is, for the connections that live outside the pool (live events). */
  url?: string;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tar, for test snapshots. */
  dumpDataDir?: () => Promise<Blob>;
}

// numeric and bigint come back as strings by default; counts and sizes in this product fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` or undefined keeps it in memory. */
  dataDir?: string | undefined;
  /** A PGlite data dump (tar) to start from, so tests skip the 4 s initialisation. */
  loadDataDir?: Blob | undefined;
  migrate?: boolean;
  /**
   * PGlite on a worker thread of its own (pglite-thread.ts). By default an on-disk data directory
   * (the server) gets one and an in-memory database (tests: many short-lived ones) stays on this thread.
   */
  thread?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<OpenDatabase> {
  let db: Db;
  let dialect: DbDialectName;
  let dumpDataDir: (() => Promise<Blob>) | undefined;
  /** Ends what Kysely does not: it destroys only a driver it has used, and a thread must always end. */
  let closeEngine = async () => {};
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) is an 'error' on the pool, which
    // would crash the process unheard; the pool discards it and the next query opens a new one.
    pool.on('error', () => {});
    // A connection that is checked out when the server goes away (stopped, crashed) fails its query,
    // and then emits 'error' on the client itself, where the pool listens only while it is idle: with
    // no listener that error would end the process. The query's own rejection carries it; the pool
    // discards the dead connection when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    dialect = 'postgres';
  } else {
    const onDisk = Boolean(options.dataDir && !options.dataDir.startsWith('memory://'));
    if (onDisk) fs.mkdirSync(path.dirname(options.dataDir as string), { recursive: true });
    const where = {
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    };
    if (options.thread ?? onDisk) {
      const thread = await PGliteThread.open(where);
      db = new Kysely<Database>({ dialect: new PGliteDialect(thread) });
      dumpDataDir = () => thread.dumpDataDir();
      closeEngine = () => thread.close();
    } else {
      const lite = await PGlite.create({ ...where, extensions: { pg_trgm } });
      db = new Kysely<Database>({ dialect: new PGliteDialect(lite) });
      dumpDataDir = async () => (await lite.dumpDataDir('none')) as Blob;
    }
    dialect = 'pglite';
  }
  if (options.migrate !== false) await migrateToLatest(db);
  return {
    db,
    dialect,
    close: async () => {
      await db.destroy();
      await closeEngine();
    },
    ...(dumpDataDir ? { dumpDataDir } : {}),
    ...(options.databaseUrl ? { url: options.databaseUrl } : {}),
  };
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
