import { insertTelemetry, type TelemetryRow } from '../modules/devices/device-reports.store.ts';
import type { Db } from '../platform/db/open.ts';

export interface TelemetryWriterOptions {
  db: Db;
  /** A batch is written at the latest this long after its first row arrived. */
  flushIntervalMs?: number;
  /** ... or as soon as it holds this many rows. */
  maxBatch?: number;
  onError: (error: unknown) => void;
}

export interface TelemetryWriter {
  /** Resolves once the row is in the database (the broker acknowledges the message then). */
  add(row: TelemetryRow): Promise<void>;
  /** Writes whatever is waiting. */
  flush(): Promise<void>;
  stats(): { stored: number; failed: number; batches: number };
}

interface Waiting {
  rows: TelemetryRow[];
  resolvers: { resolve: () => void; reject: (error: unknown) => void }[];
}

/**
 * Telemetry arrives from every device every minute or so: one insert per message would cost a round
 * trip each. Rows are gathered and written in one multi-row insert per batch; one batch is written
 * at a time, and rows keep gathering meanwhile, so batches grow under load instead of queueing.
 */
export function createTelemetryWriter(options: TelemetryWriterOptions): TelemetryWriter {
  const flushIntervalMs = options.flushIntervalMs ?? 200;
  const maxBatch = options.maxBatch ?? 500;
  let waiting: Waiting = { rows: [], resolvers: [] };
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  const stats = { stored: 0, failed: 0, batches: 0 };

  async function writeBatches() {
    while (waiting.rows.length > 0) {
      const batch = waiting;
      waiting = { rows: [], resolvers: [] };
      try {
        for (let i = 0; i < batch.rows.length; i += maxBatch) {
          await insertTelemetry(options.db, batch.rows.slice(i, i + maxBatch));
        }
        stats.stored += batch.rows.length;
        stats.batches++;
        for (const r of batch.resolvers) r.resolve();
      } catch (error) {
        stats.failed += batch.rows.length;
        options.onError(error);
        for (const r of batch.resolvers) r.reject(error);
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
        if (waiting.rows.length > 0) void kick();
      });
    }
    return writing;
  }

  return {
    add(row) {
      return new Promise<void>((resolve, reject) => {
        waiting.rows.push(row);
        waiting.resolvers.push({ resolve, reject });
        if (waiting.rows.length >= maxBatch) void kick();
        else if (!timer && !writing) timer = setTimeout(() => void kick(), flushIntervalMs);
      });
    },
    async flush() {
      while (writing || waiting.rows.length > 0) await kick();
    },
    stats: () => ({ ...stats }),
  };
}
