import { deviceNotificationListCall, markNotificationsReadCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, runDueJobs, type TestApp, testConfig } from '../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../modules/devices/device-test-kit.ts';
import type { JobWorker } from '../platform/jobs/index.ts';
import { applyRetention, READ_ONLY_RPC_RETENTION_DAYS, RETENTION_JOB } from './retention.ts';

/** The hourly housekeeping: old notifications and old answers of read-only commands go, the rest stays. */

let t: TestApp;
let acme: Owner;
const SN = 'RT0001';
const DAY = 86_400_000;

const retention = () => applyRetention({ ...t.deps, config: t.deps.config.mqtt });

const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * DAY);

async function command(id: string, method: string, params: object, state: string, ageDays: number) {
  const at = daysAgo(ageDays);
  await t.deps.db
    .insertInto('rpc_command')
    .values({
      id,
      company_id: acme.companyId,
      sn: SN,
      method,
      params: JSON.stringify(params),
      state: state as 'success',
      deadline: at,
      delivered_at: at,
      result: state === 'success' ? JSON.stringify({ apps: [] }) : null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function note(sn: string, ageDays: number) {
  await t.deps.db
    .insertInto('device_notification')
    .values({
      company_id: acme.companyId,
      sn,
      biz_type: 'deviceOffline',
      severity: 'major',
      extend: '{}',
      at: daysAgo(ageDays),
    })
    .execute();
}

beforeAll(async () => {
  const config = testConfig();
  t = await createTestApp({
    config: { ...config, mqtt: { ...config.mqtt, port: 0, notificationRetentionDays: 180 } },
    gateway: { presenceDebounceMs: 100 },
    jobs: { manual: true },
  });
  acme = await companyOwner(t, 'Acme Housekeeping', 'owner@acme-housekeeping.test');
  await seedDevices(t, acme.companyId, [{ sn: SN }]);
});
afterAll(() => t?.close());

describe('housekeeping', () => {
  it('deletes notifications past the retention, their read marks with them, and keeps the recent ones', async () => {
    await note('RTOLD1', 181);
    await note('RTOLD2', 180.01);
    await note('RTNEW1', 179.99);
    await note('RTNEW2', 1);
    const everything = (await acme.run(deviceNotificationListCall, { pageSize: 20 })).data?.list ?? [];
    expect(everything).toHaveLength(4);
    // Read one by one, so each old notification has a read mark of its own.
    const marked = await acme.run(markNotificationsReadCall, { ids: everything.map((n) => n.id) });
    expect(marked.data?.marked).toBe(4);

    const run = await retention();
    expect(run.notifications).toBe(2);
    const left = (await acme.run(deviceNotificationListCall, { pageSize: 20 })).data?.list ?? [];
    expect(left.map((n) => n.sn).sort()).toEqual(['RTNEW1', 'RTNEW2']);
    expect(left.every((n) => n.checked)).toBe(true);
    const marks = await t.deps.db.selectFrom('device_notification_read').select('notification_id').execute();
    expect(marks.map((m) => Number(m.notification_id)).sort()).toEqual(left.map((n) => n.id).sort());
  });

  it('deletes endpoint samples past the telemetry retention and keeps the endpoints’ latest values', async () => {
    const days = t.deps.config.mqtt.telemetryRetentionDays;
    const sample = (endpointId: string, ageDays: number) => ({
      company_id: acme.companyId,
      sn: SN,
      endpoint_id: endpointId,
      at: daysAgo(ageDays),
      values: JSON.stringify({ voltage: 230 }),
      quality: 'good' as const,
      received_at: daysAgo(ageDays),
    });
    await t.deps.db
      .insertInto('endpoint_sample')
      .values([sample('METER01', days + 1), sample('METER01', days - 1), sample('METER02', days + 2)])
      .execute();
    await t.deps.db
      .insertInto('endpoint_state')
      .values({
        company_id: acme.companyId,
        sn: SN,
        endpoint_id: 'METER02',
        values: JSON.stringify({ voltage: 230 }),
        quality: 'good',
        sample_at: daysAgo(days + 2),
        online: true,
        offline_reason: null,
        presence_at: daysAgo(days + 2),
      })
      .execute();
    expect((await retention()).endpointSamples).toBe(2);
    const left = await t.deps.db.selectFrom('endpoint_sample').select('endpoint_id').execute();
    expect(left.map((r) => r.endpoint_id)).toEqual(['METER01']);
    const state = await t.deps.db.selectFrom('endpoint_state').select('endpoint_id').execute();
    expect(state.map((r) => r.endpoint_id)).toEqual(['METER02']);
  });

  it('deletes finished answers of read-only commands older than a week, and keeps history, running commands and the newest app list', async () => {
    const old = READ_ONLY_RPC_RETENTION_DAYS + 1;
    const recent = READ_ONLY_RPC_RETENTION_DAYS - 1;
    await command('status-old', 'statusGet', { modules: ['uci'] }, 'success', old);
    await command('status-recent', 'statusGet', { modules: ['uci'] }, 'success', recent);
    await command('status-running', 'statusGet', {}, 'inExecution', old);
    await command('config-old', 'configGet', {}, 'timeout', old);
    await command('read-old', 'serialPort', { action: 'read', port: 1 }, 'success', old);
    await command('write-old', 'serialPort', { action: 'write', port: 1 }, 'success', old);
    await command('timers-list-old', 'timers', { action: 'list' }, 'success', old);
    await command('timers-set-old', 'timers', { action: 'set', timers: [] }, 'success', old);
    await command('firmware-old', 'firmwareInstall', { version: '5.4.0' }, 'failure', 90);
    await command('reboot-old', 'reboot', {}, 'success', 90);
    await command('apps-oldest', 'appList', {}, 'success', 30);
    await command('apps-failed', 'appList', {}, 'failure', 12);
    await command('apps-newest', 'appList', {}, 'success', 20);

    const run = await retention();
    expect(run.readOnlyCommands).toBe(6);
    const ids = await t.deps.db.selectFrom('rpc_command').select('id').where('sn', '=', SN).execute();
    expect(ids.map((r) => r.id).sort()).toEqual(
      [
        'apps-newest',
        'firmware-old',
        'reboot-old',
        'status-recent',
        'status-running',
        'timers-set-old',
        'write-old',
      ].sort(),
    );

    // A week later the recent status answer is old too; the newest app list still stays.
    t.clock.advance(2 * DAY);
    expect((await retention()).readOnlyCommands).toBe(1);
    const after = await t.deps.db.selectFrom('rpc_command').select('id').where('sn', '=', SN).execute();
    expect(after.map((r) => r.id)).toContain('apps-newest');
    expect(after.map((r) => r.id)).not.toContain('status-recent');
  });

  it('runs as a job at the first start and then hourly, one run per hour across nodes', async () => {
    const worker = t.deps.jobs as JobWorker;
    const runs = () =>
      t.deps.db.selectFrom('job').select(['state']).where('kind', '=', RETENTION_JOB).execute();
    await note('RTJOB1', 200);
    await worker.runOnce();
    expect(await runs()).toEqual([{ state: 'succeeded' }]);
    const left = await t.deps.db
      .selectFrom('device_notification')
      .select('sn')
      .where('sn', '=', 'RTJOB1')
      .execute();
    expect(left).toEqual([]);
    // Not again within the hour; once the next hour begins.
    await worker.runOnce();
    expect(await runs()).toHaveLength(1);
    t.clock.advance(3_600_000);
    // Other schedules fall due in the same hour (heartbeats, deliveries): the worker takes them all.
    await runDueJobs(t);
    expect(await runs()).toEqual([{ state: 'succeeded' }, { state: 'succeeded' }]);
  });
});
