import { type AlertRuleInput, createAlertRuleCall, ErrorCode, listAlertsCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { insertDeviceEvent, insertTelemetry } from '../devices/device-reports.store.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

/**
 * The resource (CPU, memory, temperature) and device-alarm conditions, through the API with the job
 * queue's sweep and a manual clock, on stored telemetry and events as the gateway writes them.
 */

let t: TestApp;
let acme: Owner;
const MIN = 60_000;

const BASE: Omit<AlertRuleInput, 'name' | 'conditions' | 'targets'> = {
  level: 'major',
  description: '',
  conditionMode: 'any',
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 2,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
};

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t);
}

const telemetry = (sn: string, data: Record<string, unknown>) =>
  insertTelemetry(t.deps.db, [{ companyId: acme.companyId, sn, at: t.clock.now(), data }]);

const alertOf = async (ruleId: number) =>
  (await acme.run(listAlertsCall, { pageSize: 50, ruleId })).data?.list[0];

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  acme = await companyOwner(t, 'Acme Conditions', 'owner@acme-conditions.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'RC0001', name: 'Hot box', online: true },
    { sn: 'RC0002', name: 'Alarm box', online: true },
  ]);
  await runDueJobs(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('resource conditions', () => {
  it('names the field of a value out of range or a clear value above the trigger (code 1)', async () => {
    const hot = await acme.run(createAlertRuleCall, {
      ...BASE,
      name: 'Too hot',
      targets: { mode: 'devices', sns: ['RC0001'] },
      conditions: [{ type: 'resource', metric: 'cpu', above: 120, clearBelow: 50, clearMinutes: 1 }],
    });
    expect(hot.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(hot.msg).toContain('above');
    const inverted = await acme.run(createAlertRuleCall, {
      ...BASE,
      name: 'Inverted',
      targets: { mode: 'devices', sns: ['RC0001'] },
      conditions: [{ type: 'resource', metric: 'temperature', above: 60, clearBelow: 70, clearMinutes: 1 }],
    });
    expect(inverted.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(inverted.msg).toContain('clearBelow');
  });

  it('fires on temperature above the value for the pending period and clears below the clear value', async () => {
    const created = await acme.run(createAlertRuleCall, {
      ...BASE,
      name: 'Temperature > 70',
      targets: { mode: 'devices', sns: ['RC0001'] },
      conditions: [{ type: 'resource', metric: 'temperature', above: 70, clearBelow: 60, clearMinutes: 1 }],
    });
    expect(created.code).toBe(0);
    const ruleId = created.data!.ruleId;
    // No samples: nothing.
    await after(5 * MIN);
    expect(await alertOf(ruleId)).toBeUndefined();
    for (let i = 0; i < 6; i++) {
      await telemetry('RC0001', { temperatureC: 75, cpuPercent: 10 });
      await after(30_000);
    }
    expect(await alertOf(ruleId)).toMatchObject({ state: 'firing', value: 75 });
    // Between the values (hysteresis): still firing.
    for (let i = 0; i < 4; i++) {
      await telemetry('RC0001', { temperatureC: 65 });
      await after(30_000);
    }
    expect((await alertOf(ruleId))?.state).toBe('firing');
    for (let i = 0; i < 4; i++) {
      await telemetry('RC0001', { temperatureC: 50 });
      await after(30_000);
    }
    expect(await alertOf(ruleId)).toMatchObject({ state: 'resolved', value: 50 });
  });
});

describe('device alarm condition', () => {
  it('fires on an alarm event the device reports and clears once none arrived for the clear period', async () => {
    const created = await acme.run(createAlertRuleCall, {
      ...BASE,
      name: 'Device alarm',
      pendingMinutes: 0,
      targets: { mode: 'devices', sns: ['RC0002'] },
      conditions: [{ type: 'alarm', clearMinutes: 3 }],
    });
    expect(created.code).toBe(0);
    const ruleId = created.data!.ruleId;
    await after(2 * MIN);
    expect(await alertOf(ruleId)).toBeUndefined();
    await insertDeviceEvent(t.deps.db, {
      companyId: acme.companyId,
      sn: 'RC0002',
      at: t.clock.now(),
      type: 'alarm',
      severity: 'major',
      data: { name: 'alarm', severity: 'major', code: 'DOOR', message: 'Cabinet door open' },
    });
    await after(30_000);
    expect(await alertOf(ruleId)).toMatchObject({ state: 'firing', count: 1 });
    await after(2 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('firing');
    await after(3 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('resolved');
  });
});
