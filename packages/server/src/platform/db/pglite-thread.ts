import { Worker } from 'node:worker_threads';
import type { PGliteEngine } from './pglite-dialect.ts';

interface Reply {
  id: number;
  rows?: unknown[];
  affectedRows?: number;
  dump?: ArrayBuffer;
  error?: { message: string } & Record<string, unknown>;
}

/** A PostgreSQL error from the thread, with its fields (code, detail, constraint, ...) as PGlite gave them. */
function toError(described: { message: string } & Record<string, unknown>): Error {
  return Object.assign(new Error(described.message), described);
}

/**
 * PGlite in a worker thread of its own (docs/decisions.md "PGlite in a thread of its own"): the
 * server thread keeps serving the broker and HTTP while PostgreSQL plans, writes and reads. Each
 * request is one message each way; the caller awaits the reply exactly as it awaited PGlite.
 */
export class PGliteThread implements PGliteEngine {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  /** Why the thread can take no more requests (it failed, or it was closed). */
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // An idle thread must not keep the process alive; one with requests under way must.
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.error) waiting.reject(toError(reply.error));
      else waiting.resolve(reply);
    });
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`PGlite thread exited (code ${code})`)));
  }

  static async open(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: {
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
      },
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`PGlite thread exited (code ${code}) while opening`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: { ready: boolean; error?: { message: string } }) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(toError(message.error ?? { message: 'PGlite did not open' }));
        }
      });
    });
    return new PGliteThread(worker);
  }

  #stop(reason: Error) {
    this.#stopped ??= reason;
    for (const waiting of this.#pending.values()) waiting.reject(reason);
    this.#pending.clear();
  }

  #ask(request: { op: 'query'; sql: string; params: readonly unknown[] } | { op: 'dump' | 'close' }) {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<Reply>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  async query<R>(sql: string, params: readonly unknown[] = []) {
    const reply = await this.#ask({ op: 'query', sql, params });
    return { rows: (reply.rows ?? []) as R[], affectedRows: reply.affectedRows };
  }

  async dumpDataDir(): Promise<Blob> {
    const reply = await this.#ask({ op: 'dump' });
    return new Blob([reply.dump ?? new ArrayBuffer(0)]);
  }

  /** Closes PGlite (its files are left consistent) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#ask({ op: 'close' });
    this.#stopped = new Error('PGlite thread closed');
    await this.#worker.terminate();
  }
}
