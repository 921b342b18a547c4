import {
  type EncodedTelemetryRow,
  encodeTelemetryRow,
  insertEncodedTelemetry,
  type TelemetryRow,
} from '../modules/devices/device-reports.store.ts';
import type { Db } from '../platform/db/open.ts';

/** Rows per insert statement by default (`maxBatch`). */
export const TELEMETRY_ROWS_PER_STATEMENT = 500;

export interface TelemetryWriterOptions {
  db: Db;
  /** A batch is written at the latest this long after its first row arrived. */
  flushIntervalMs?: number;
  /** ... or as soon as it holds this many rows; also the most rows one insert statement carries. */
  maxBatch?: number;
  /**
   * While the database refuses writes, rows wait (unacknowledged) up to this many; past it a new row
   * is refused at once, so the device's connection drops and the device keeps the message to resend.
   */
  maxWaiting?: number;
  /**
   * While writes succeed, rows are never refused below this many. The broker reads a connection's
   * next packets only once the current ones are handled, so what waits is bounded by the devices'
   * own windows; refusing a healthy burst would only make devices reconnect and send it all again.
   * This bound only keeps memory finite.
   */
  maxQueued?: number;
  /** First pause before a failed batch is tried again; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  onError: (error: unknown) => void;
}

export interface TelemetryWriterState {
  stored: number;
  /** Rows refused because too many were already waiting for the database. */
  refused: number;
  batches: number;
  /** Time spent in successful batch writes, in ms (a batch's statements, not its wait). */
  writingMs: number;
  /** Writes that failed and were tried again. */
  failedWrites: number;
  /** Rows not yet committed: their devices have no acknowledgement yet. */
  waiting: number;
  /** Since when writes fail (null while they succeed), and the last error's message. */
  failingSince: Date | null;
  lastError: string | null;
}

export interface TelemetryWriter {
  /**
   * Resolves once the row is committed (the broker acknowledges the message then). While the database
   * is unreachable it keeps waiting and the write is retried; it rejects only when the writer is full
   * or closed, and then the message is not acknowledged.
   */
  add(row: TelemetryRow): Promise<void>;
  /** Writes whatever is waiting. */
  flush(): Promise<void>;
  /** Rejects whatever still waits (shutdown): nothing was acknowledged, devices resend it. */
  close(): void;
  stats(): TelemetryWriterState;
}

interface Waiting {
  rows: EncodedTelemetryRow[];
  resolvers: { resolve: () => void; reject: (error: unknown) => void }[];
}

export class TelemetryRefused extends Error {}

/**
 * Telemetry arrives from every device every minute or so: one insert per message would cost a round
 * trip each. Rows are gathered and written in one multi-row insert per batch; one batch is written
 * at a time, and rows keep gathering meanwhile, so batches grow under load instead of queueing.
 * A batch that fails is kept and tried again: its devices get no acknowledgement until it is stored.
 */
export function createTelemetryWriter(options: TelemetryWriterOptions): TelemetryWriter {
  const flushIntervalMs = options.flushIntervalMs ?? 200;
  const maxBatch = options.maxBatch ?? TELEMETRY_ROWS_PER_STATEMENT;
  const maxWaiting = options.maxWaiting ?? 20_000;
  const maxQueued = Math.max(maxWaiting, options.maxQueued ?? 200_000);
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 5000;
  let waiting: Waiting = { rows: [], resolvers: [] };
  /** Rows taken for the batch being written (or waiting to be retried). */
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  let closed = false;
  const stats = {
    stored: 0,
    refused: 0,
    batches: 0,
    writingMs: 0,
    failedWrites: 0,
    failingSince: null as Date | null,
    lastError: null as string | null,
  };

  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  async function writeBatch(batch: Waiting) {
    let delay = retryMs;
    for (;;) {
      const started = performance.now();
      try {
        // The rows of one batch are one statement per chunk; a repeat of a stored message (a resend
        // after a lost acknowledgement) is skipped by the unique key, so a retry stores nothing twice.
        for (let i = 0; i < batch.rows.length; i += maxBatch) {
          await insertEncodedTelemetry(options.db, batch.rows.slice(i, i + maxBatch));
        }
        stats.stored += batch.rows.length;
        stats.batches++;
        stats.writingMs += performance.now() - started;
        stats.failingSince = null;
        for (const r of batch.resolvers) r.resolve();
        return;
      } catch (error) {
        stats.failedWrites++;
        stats.failingSince ??= new Date();
        stats.lastError = error instanceof Error ? error.message : String(error);
        if (stats.failedWrites === 1 || stats.failedWrites % 20 === 0) options.onError(error);
        if (closed) {
          for (const r of batch.resolvers) r.reject(error);
          return;
        }
        await pause(delay);
        delay = Math.min(delay * 2, maxRetryMs);
      }
    }
  }

  async function writeBatches() {
    while (waiting.rows.length > 0) {
      const batch = waiting;
      waiting = { rows: [], resolvers: [] };
      inFlight = batch.rows.length;
      try {
        await writeBatch(batch);
      } finally {
        inFlight = 0;
      }
    }
  }

  function kick(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!writing) {
      writing = writeBatches().finally(() => {
        writing = undefined;
        // Rows that came after the loop looked for the last time.
        if (waiting.rows.length > 0 && !closed) void kick();
      });
    }
    return writing;
  }

  return {
    add(row) {
      if (closed) return Promise.reject(new TelemetryRefused('telemetry writer closed'));
      const queued = waiting.rows.length + inFlight;
      if (queued >= maxQueued || (stats.failingSince && queued >= maxWaiting)) {
        stats.refused++;
        return Promise.reject(new TelemetryRefused('too much telemetry waiting for the database'));
      }
      return new Promise<void>((resolve, reject) => {
        waiting.rows.push(encodeTelemetryRow(row));
        waiting.resolvers.push({ resolve, reject });
        if (waiting.rows.length >= maxBatch) void kick();
        else if (!timer && !writing) timer = setTimeout(() => void kick(), flushIntervalMs);
      });
    },
    async flush() {
      while (writing || waiting.rows.length > 0) await kick();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const left = waiting;
      waiting = { rows: [], resolvers: [] };
      for (const r of left.resolvers) r.reject(new TelemetryRefused('telemetry writer closed'));
    },
    stats: () => ({ ...stats, waiting: waiting.rows.length + inFlight }),
  };
}
