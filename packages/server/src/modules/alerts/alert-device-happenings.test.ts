import { type AlertRuleInput, createAlertRuleCall, ErrorCode, listAlertsCall } from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { expireRpcCommands, finishRpcCommand, insertRpcCommands } from '../../gateway/rpc.store.ts';
import { insertDeviceEvent } from '../devices/device-reports.store.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

/**
 * The conditions on what happened to a device (issue 16): a firmware or app update that failed or
 * timed out, a configuration rejected or reverted, a reboot loop, a WAN failover or SIM switch. Through
 * the API with the job queue's sweep and a manual clock, on the rows the gateway, the RPC service and
 * the configuration service write.
 */

let t: TestApp;
let acme: Owner;
const MIN = 60_000;

const BASE: Omit<AlertRuleInput, 'name' | 'conditions' | 'targets'> = {
  level: 'major',
  description: '',
  conditionMode: 'any',
  triggerVolume: 1,
  triggerInterval: { value: 5, unit: 'minute' },
  pendingMinutes: 0,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
};

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t);
}

const alertOf = async (ruleId: number) =>
  (await acme.run(listAlertsCall, { pageSize: 50, ruleId })).data?.list[0];

async function rule(name: string, sn: string, conditions: AlertRuleInput['conditions'], over = {}) {
  const created = await acme.run(createAlertRuleCall, {
    ...BASE,
    ...over,
    name,
    targets: { mode: 'devices', sns: [sn] },
    conditions,
  });
  expect(created.code).toBe(0);
  return created.data!.ruleId;
}

const event = (sn: string, name: string, data: Record<string, unknown>) =>
  insertDeviceEvent(t.deps.db, {
    companyId: acme.companyId,
    sn,
    at: t.clock.now(),
    type: name,
    severity: null,
    data,
  });

let commandNo = 0;
/** A remote action sent to the device now, as the RPC service stores it. */
async function command(sn: string, method: string, deadlineMs = 10 * MIN) {
  const id = `alert-test-${++commandNo}`;
  await insertRpcCommands(t.deps.db, [
    {
      id,
      companyId: acme.companyId,
      sn,
      method,
      params: {},
      deadline: new Date(t.clock.now().getTime() + deadlineMs),
      at: t.clock.now(),
    },
  ]);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  acme = await companyOwner(t, 'Acme Happenings', 'owner@acme-happenings.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'RH0001', name: 'Updating box', online: true },
    { sn: 'RH0002', name: 'Config box', online: true },
    { sn: 'RH0003', name: 'Looping box', online: true },
    { sn: 'RH0004', name: 'Failover box', online: true },
  ]);
  await runDueJobs(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('update failed or timed out', () => {
  it('fires on a failed update and on one that timed out, not on a success or another action; clears after the clear period', async () => {
    const ruleId = await rule('Update failed', 'RH0001', [{ type: 'updateFailed', clearMinutes: 3 }]);
    const ok = await command('RH0001', 'firmwareInstall');
    await finishRpcCommand(t.deps.db, {
      id: ok,
      sn: 'RH0001',
      state: 'success',
      result: { version: '2.3.5' },
      error: undefined,
      at: t.clock.now(),
    });
    const reboot = await command('RH0001', 'reboot');
    await finishRpcCommand(t.deps.db, {
      id: reboot,
      sn: 'RH0001',
      state: 'failure',
      result: undefined,
      error: { code: 0 },
      at: t.clock.now(),
    });
    await after(30_000);
    expect(await alertOf(ruleId)).toBeUndefined();

    const failed = await command('RH0001', 'firmwareInstall');
    await finishRpcCommand(t.deps.db, {
      id: failed,
      sn: 'RH0001',
      state: 'failure',
      result: undefined,
      error: { code: 11, message: 'flash failed' },
      at: t.clock.now(),
    });
    await after(30_000);
    expect(await alertOf(ruleId)).toMatchObject({ state: 'firing', count: 1, value: 1 });
    // Within the trigger interval the failure still counts; past it, the clear period runs from it.
    await after(4 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('firing');
    await after(2 * MIN);
    expect(await alertOf(ruleId)).toMatchObject({ state: 'resolved', value: 0 });

    // An app install whose deadline passed without an answer: timeout, a new alert.
    await command('RH0001', 'appInstall', MIN);
    await after(2 * MIN);
    await expireRpcCommands(t.deps.db, t.clock.now());
    await after(30_000);
    const list = (await acme.run(listAlertsCall, { pageSize: 50, ruleId })).data?.list ?? [];
    expect(list.map((a) => a.state)).toEqual(['firing', 'resolved']);
  });
});

describe('configuration rejected or reverted', () => {
  async function changeSet(sn: string, state: string) {
    const now = t.clock.now();
    await sql`insert into device_change_set (id, company_id, sn, state, sections, differences, xml,
        confirm_seconds, created_at, finished_at)
      values (${`cs-${++commandNo}`}, ${acme.companyId}, ${sn}, ${state}, '[]'::jsonb, '[]'::jsonb, '<config/>',
        0, ${now}, ${state === 'queued' ? null : now})`.execute(t.deps.db);
  }

  it('fires on a rejected and on a reverted change-set, not on an applied one; clears after the clear period', async () => {
    const ruleId = await rule('Config rejected', 'RH0002', [{ type: 'configRejected', clearMinutes: 1 }], {
      triggerVolume: 2,
    });
    await changeSet('RH0002', 'applied');
    await changeSet('RH0002', 'rejected');
    await after(30_000);
    // One of the two the rule wants.
    expect(await alertOf(ruleId)).toBeUndefined();
    await changeSet('RH0002', 'reverted');
    await after(30_000);
    expect(await alertOf(ruleId)).toMatchObject({ state: 'firing', value: 2 });
    await after(5 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('resolved');
  });
});

describe('reboot loop', () => {
  it('names the field of boots out of range (code 1)', async () => {
    const res = await acme.run(createAlertRuleCall, {
      ...BASE,
      name: 'Loop of one',
      targets: { mode: 'devices', sns: ['RH0003'] },
      conditions: [{ type: 'rebootLoop', boots: 1, withinMinutes: 10, clearMinutes: 5 }],
    });
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.msg).toContain('boots');
  });

  it('fires on N boots within M minutes, not on fewer or on slower ones, and clears once the device stays up', async () => {
    const ruleId = await rule('Reboot loop', 'RH0003', [
      { type: 'rebootLoop', boots: 3, withinMinutes: 10, clearMinutes: 15 },
    ]);
    // Three boots 6 minutes apart: never three within 10 minutes.
    for (let i = 0; i < 3; i++) {
      await event('RH0003', 'boot', { reason: 'reboot' });
      await after(6 * MIN);
    }
    expect(await alertOf(ruleId)).toBeUndefined();
    await after(20 * MIN);
    for (let i = 0; i < 3; i++) {
      await event('RH0003', 'boot', { reason: 'watchdog' });
      await after(2 * MIN);
    }
    expect(await alertOf(ruleId)).toMatchObject({ state: 'firing', value: 3 });
    // Up since the last boot: 10 minutes leave the window, 15 the clear period.
    await after(10 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('firing');
    await after(6 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('resolved');
  });
});

describe('WAN failover or SIM switch', () => {
  it('fires on a link change and on a SIM switch; clears once none arrived for the clear period', async () => {
    const ruleId = await rule('Failover', 'RH0004', [{ type: 'linkSwitch', clearMinutes: 2 }], {
      triggerInterval: { value: 1, unit: 'minute' },
    });
    await event('RH0004', 'ioChange', { channel: 1, value: 1 });
    await after(30_000);
    expect(await alertOf(ruleId)).toBeUndefined();
    await event('RH0004', 'linkChange', { from: 'wan', to: 'cellular1' });
    await after(30_000);
    expect(await alertOf(ruleId)).toMatchObject({ state: 'firing', count: 1 });
    await after(3 * MIN);
    expect((await alertOf(ruleId))?.state).toBe('resolved');
    await event('RH0004', 'simSwitch', { from: 1, to: 2 });
    await after(30_000);
    const list = (await acme.run(listAlertsCall, { pageSize: 50, ruleId })).data?.list ?? [];
    expect(list.map((a) => a.state)).toEqual(['firing', 'resolved']);
  });
});
