import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * What the dialect needs of PGlite: the engine itself on this thread, or `PGliteThread`, which runs
 * it on a worker thread of its own (pglite-thread.ts).
 */
export interface PGliteEngine {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number | undefined }>;
  close(): Promise<void>;
}

/**
 * PGlite is one connection. Kysely may hand it to several callers at once (a transaction and a
 * plain query), so every acquire waits its turn: a transaction owns the connection until it ends.
 */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    return previous.then(() => release);
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGliteEngine) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.db.query<R>(query.sql, query.parameters as unknown[]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      // Kysely reads numAffectedRows for insert/update/delete results.
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite has no cursors over the wire; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly db: PGliteEngine) {
    this.#connection = new PGliteConnection(db);
  }

  async init(): Promise<void> {
    // Both engines are open by the time the dialect gets them (PGlite.create, PGliteThread.open).
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'begin', parameters: [] } as unknown as CompiledQuery);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'commit', parameters: [] } as unknown as CompiledQuery);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery({ sql: 'rollback', parameters: [] } as unknown as CompiledQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    await this.db.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGliteEngine) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
