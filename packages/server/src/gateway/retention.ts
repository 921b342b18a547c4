import { deleteNotificationsBefore } from '../modules/device-notifications/device-notifications.store.ts';
import { deleteTelemetryBefore } from '../modules/devices/device-reports.store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/open.ts';
import { deleteReadOnlyCommandsBefore } from './rpc.store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Answers of commands that only read the device are worth a week: a status or a serial read is seen once. */
export const READ_ONLY_RPC_RETENTION_DAYS = 7;

/** What one run deleted. */
export interface RetentionRun {
  telemetry: number;
  notifications: number;
  readOnlyCommands: number;
}

/**
 * Housekeeping at start and every hour: telemetry and notifications older than their retention
 * settings, and the finished answers of read-only commands older than a week (the serial console alone
 * leaves one per second while open). (When the telemetry grows past what row deletes handle,
 * partitioning the table by day makes this a partition drop.)
 */
export function createRetentionJob(options: {
  db: Db;
  clock: Clock;
  telemetryDays: number;
  notificationDays: number;
  onError: (e: unknown) => void;
}) {
  const { db, clock } = options;
  const ago = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);
  async function run(): Promise<RetentionRun> {
    return {
      telemetry: await deleteTelemetryBefore(db, ago(options.telemetryDays)),
      notifications: await deleteNotificationsBefore(db, ago(options.notificationDays)),
      readOnlyCommands: await deleteReadOnlyCommandsBefore(db, ago(READ_ONLY_RPC_RETENTION_DAYS)),
    };
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
