import { deleteNotificationsBefore } from '../modules/device-notifications/device-notifications.store.ts';
import { deleteTelemetryBefore } from '../modules/devices/device-reports.store.ts';
import { deleteEndpointSamplesBefore } from '../modules/point-tables/endpoint-values.store.ts';
import type { Clock } from '../platform/clock.ts';
import type { MqttConfig } from '../platform/config.ts';
import type { DbOrTx } from '../platform/db/open.ts';
import { defineJob, defineSchedule } from '../platform/jobs/index.ts';
import { deleteReadOnlyCommandsBefore } from './rpc.store.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Answers of commands that only read the device are worth a week: a status or a serial read is seen once. */
export const READ_ONLY_RPC_RETENTION_DAYS = 7;

export const RETENTION_JOB = 'housekeeping.deviceRetention';

/** What one run deleted. */
export interface RetentionRun {
  telemetry: number;
  /** Endpoint samples (up kind `endpoint`), kept as long as telemetry. */
  endpointSamples: number;
  notifications: number;
  readOnlyCommands: number;
}

export interface RetentionDeps {
  db: DbOrTx;
  clock: Clock;
  config: Pick<MqttConfig, 'telemetryRetentionDays' | 'notificationRetentionDays'>;
}

/**
 * Deletes telemetry and endpoint samples, and notifications, older than their retention settings, and the finished answers
 * of read-only commands older than a week (the serial console alone leaves one per second while
 * open). Deleting by age is safe to run again. (When the telemetry grows past what row deletes
 * handle, partitioning the table by day makes this a partition drop.)
 */
export async function applyRetention(deps: RetentionDeps): Promise<RetentionRun> {
  const ago = (days: number) => new Date(deps.clock.now().getTime() - days * DAY_MS);
  return {
    telemetry: await deleteTelemetryBefore(deps.db, ago(deps.config.telemetryRetentionDays)),
    endpointSamples: await deleteEndpointSamplesBefore(deps.db, ago(deps.config.telemetryRetentionDays)),
    notifications: await deleteNotificationsBefore(deps.db, ago(deps.config.notificationRetentionDays)),
    readOnlyCommands: await deleteReadOnlyCommandsBefore(deps.db, ago(READ_ONLY_RPC_RETENTION_DAYS)),
  };
}

/** The device data's housekeeping as a job, hourly on one node of all, and at the first start. */
export function retentionJobs(deps: RetentionDeps) {
  return {
    handlers: [
      defineJob({
        kind: RETENTION_JOB,
        timeoutMs: 15 * 60_000,
        maxAttempts: 3,
        async run() {
          await applyRetention(deps);
        },
      }),
    ],
    schedules: [
      defineSchedule({ name: RETENTION_JOB, every: HOUR_MS, kind: RETENTION_JOB, runAtStart: true }),
    ],
  };
}
