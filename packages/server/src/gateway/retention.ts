import { deleteTelemetryBefore } from '../modules/devices/device-reports.store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/open.ts';

const HOUR_MS = 3_600_000;

/**
 * Deletes telemetry older than the retention setting, at start and every hour. (When the series
 * grows past what row deletes handle, partitioning the table by day makes this a partition drop.)
 */
export function createRetentionJob(options: {
  db: Db;
  clock: Clock;
  days: number;
  onError: (e: unknown) => void;
}) {
  async function run(): Promise<number> {
    const before = new Date(options.clock.now().getTime() - options.days * 24 * HOUR_MS);
    return deleteTelemetryBefore(options.db, before);
  }
  const first = setTimeout(() => run().catch(options.onError), 10_000);
  const every = setInterval(() => run().catch(options.onError), HOUR_MS);
  first.unref();
  every.unref();
  return {
    run,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
