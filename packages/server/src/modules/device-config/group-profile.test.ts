import {
  applyConfigCall,
  applyGroupProfileCall,
  type ConfigTargetField,
  clearConfigSettingCall,
  createGroupCall,
  ErrorCode,
  getChangeSetsCall,
  getConfigSectionsCall,
  getGroupProfileCall,
  listRolloutDevicesCall,
  moveDevicesCall,
  type RolloutDetail,
  readDeviceConfiguration,
  retryRolloutCall,
  saveGroupProfileCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { createRolloutEngine, type RolloutEngine } from '../rollouts/rollout-engine.ts';
import { driveRollout } from '../rollouts/rollout-test-kit.ts';

/**
 * Group profiles (issue 15): a group's sections for one series, saved with the sections' own schemas
 * and applied to the group's routers as a rollout of change-sets — the router's evidence (it applied
 * and confirmed) counts, a router that refuses fails its batch and the rollout halts at its limit.
 */

let fleet: SimulatedFleet;
let t: TestApp;
let engine: RolloutEngine;
let acme: Owner;
let rival: Owner;
let groupId: number;
const SNS = ['GP0001', 'GP0002', 'GP0003', 'GP0004', 'GP0005', 'GP0006'];

async function ssh(sn: string) {
  const res = await acme.run(getConfigSectionsCall, { sn });
  return res.data?.sections.find((s) => s.id === 'services/ssh')?.value as
    | Record<string, unknown>
    | undefined;
}

const driveUntil = (id: number, done: (d: RolloutDetail) => boolean, what: string) =>
  driveRollout(engine, acme, id, done, what);

const SETTINGS = {
  plan: { mode: 'size', firstSize: 3, laterSize: 3 },
  successPercent: 100,
  failureLimit: { kind: 'count', value: 0 },
  onFailure: 'halt',
  window: null,
  deviceDeadlineMinutes: 30,
  healthMinutes: 0,
  confirmSeconds: 120,
} as const;

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  engine = createRolloutEngine(t.deps);
  acme = await companyOwner(t, 'Acme Profiles', 'owner@acme-profiles.test');
  rival = await companyOwner(t, 'Rival Profiles', 'owner@rival-profiles.test');
  for (const sn of SNS) await fleet.connect(acme, sn, 'r3000', 'R3000');
  await fleet.connect(acme, 'GP0100', 'r1500', 'R1500');
  await fleet.connect(acme, 'GP0101', 'r1500', 'R1500');
  await putOnLevel(t, acme, [...SNS, 'GP0100', 'GP0101'], 'ESSENTIALS');
  groupId = (await acme.run(createGroupCall, { groupName: 'Depots' })).data!.groupId;
  await acme.run(moveDevicesCall, { sns: [...SNS, 'GP0100'], groupId });
  const north = (await acme.run(createGroupCall, { groupName: 'North', parentId: groupId })).data!.groupId;
  await acme.run(moveDevicesCall, { sns: ['GP0101'], groupId: north });
  for (const sn of SNS) await eventually(async () => (await ssh(sn)) !== undefined, 10_000, sn);
}, 120_000);
afterAll(() => fleet?.close());

describe('group profiles', () => {
  it('saves a profile checked by the sections’ schemas, and shows it to its company only', async () => {
    const base = (await ssh(SNS[0]!))!;
    const bad = await acme.run(saveGroupProfileCall, {
      groupId,
      series: 'r3000',
      sections: { 'services/ssh': { ...base, port: 70_000 } },
    });
    expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(bad.msg).toMatch(/sections\.services\/ssh\.port/);
    const unknown = await acme.run(saveGroupProfileCall, {
      groupId,
      series: 'r3000',
      sections: { 'services/nope': {} },
    });
    expect(unknown.msg).toMatch(/sections\.services\/nope/);
    expect(
      (await acme.run(applyGroupProfileCall, { groupId, series: 'r3000', name: 'SSH 2222', ...SETTINGS }))
        .code,
    ).toBe(ErrorCode.GROUP_PROFILE_EMPTY);
    const saved = await acme.run(saveGroupProfileCall, {
      groupId,
      series: 'r3000',
      sections: { 'services/ssh': { ...base, port: 2222 } },
    });
    expect(saved.data).toMatchObject({ groupId, series: 'r3000', updatedBy: 'owner@acme-profiles.test' });
    expect((await acme.run(getGroupProfileCall, { groupId, series: 'r3000' })).data?.sections).toEqual({
      'services/ssh': { ...base, port: 2222 },
    });
    expect((await rival.run(getGroupProfileCall, { groupId, series: 'r3000' })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    expect((await rival.run(saveGroupProfileCall, { groupId, series: 'r3000', sections: {} })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
  });

  it('applies the profile to the series’ routers of the group in batches; a refusing router halts it', async () => {
    // The second batch's first router refuses its change-set.
    const refusing = fleet.devices.find((d) => d.sn === SNS[3])!;
    refusing.behaviour.failNextUpdateWith = 4;
    const res = await acme.run(applyGroupProfileCall, {
      groupId,
      series: 'r3000',
      name: 'SSH 2222',
      ...SETTINGS,
    });
    expect(res.data).toMatchObject({ kind: 'config', state: 'running', counts: { total: 6, waiting: 6 } });
    const id = res.data!.id;
    const halted = await driveUntil(id, (d) => d.state === 'halted' && d.counts.running === 0, 'the halt');
    expect(halted.counts).toMatchObject({ success: 5, failure: 1, waiting: 0 });
    expect(halted.stopReason).toBe('Batch 2: 1 of 3 devices failed or timed out, past the limit');
    const devices = (await acme.run(listRolloutDevicesCall, { id, pageNum: 1, pageSize: 10 })).data!.list;
    expect(devices.find((d) => d.sn === SNS[3])).toMatchObject({
      state: 'failure',
      reason: expect.stringMatching(/^The router refused the change: /),
    });
    // The others run the profile: their change-sets were applied and confirmed.
    for (const sn of [SNS[0]!, SNS[1]!, SNS[4]!]) {
      const router = fleet.devices.find((d) => d.sn === sn)!;
      const running = readDeviceConfiguration(router.state.configXml)?.sections.get('services/ssh');
      expect(running && 'value' in running ? running.value : null).toMatchObject({ port: 2222 });
    }
    // Retried: the refusing router applies it now; a router already on the profile counts as done.
    const retried = await acme.run(retryRolloutCall, { id });
    expect(retried.code).toBe(0);
    const done = await driveUntil(id, (d) => d.state === 'completed', 'completion');
    expect(done.counts).toMatchObject({ success: 6, failure: 0 });
  });
});

describe('layering: a device’s own settings over its groups’ profiles', () => {
  async function sections(sn: string) {
    return (await acme.run(getConfigSectionsCall, { sn })).data!;
  }
  const lanOf = async (sn: string) =>
    (await sections(sn)).sections.find((s) => s.id === 'interface/lan')?.value as Record<string, unknown>;
  const field = (target: ConfigTargetField[], name: string) =>
    target.find((f) => f.section === 'interface/lan' && f.field === name);

  it('shows target, actual and origin per field, and a profile rollout keeps what was set on the device', async () => {
    for (const sn of ['GP0100', 'GP0101'])
      await eventually(async () => (await lanOf(sn)) !== undefined, 10_000, sn);
    const lan = await lanOf('GP0100');
    // A person sets GP0100's DHCP start on the device alone: it becomes the device's own setting.
    const own = await acme.run(applyConfigCall, {
      sn: 'GP0100',
      sections: { 'interface/lan': { ...lan, dhcp: { ...(lan.dhcp as object), start: '192.168.0.60' } } },
      confirmSeconds: 120,
      immediately: true,
    });
    expect(own.data?.source).toBe('user');
    await eventually(
      async () =>
        (await acme.run(getChangeSetsCall, { sn: 'GP0100', pageNum: 1, pageSize: 1 })).data?.list[0]
          ?.state === 'applied',
      20_000,
      'the device’s own change applied',
    );
    expect((await sections('GP0100')).target).toEqual([
      {
        section: 'interface/lan',
        field: 'dhcp.start',
        target: '192.168.0.60',
        actual: '192.168.0.60',
        origin: 'device',
        groupId: null,
        groupName: null,
      },
    ]);

    // The group's profile sets the whole LAN section with another start and a smaller pool.
    const profileLan = { ...lan, dhcp: { ...(lan.dhcp as object), start: '192.168.0.80', limit: 50 } };
    expect(
      (
        await acme.run(saveGroupProfileCall, {
          groupId,
          series: 'r1500',
          sections: { 'interface/lan': profileLan },
        })
      ).code,
    ).toBe(0);
    const mine = (await sections('GP0100')).target;
    expect(field(mine, 'dhcp.start')).toMatchObject({
      target: '192.168.0.60',
      origin: 'device',
      overrides: '192.168.0.80',
    });
    expect(field(mine, 'dhcp.limit')).toMatchObject({
      target: 50,
      actual: 150,
      origin: 'group',
      groupId,
      groupName: 'Depots',
    });
    expect(field(mine, 'ipaddr')).toMatchObject({ target: lan.ipaddr, actual: lan.ipaddr, origin: 'group' });
    // GP0101 sits in the sub-group North, which has no profile of its own: Depots' values reach it.
    expect(field((await sections('GP0101')).target, 'dhcp.start')).toMatchObject({
      target: '192.168.0.80',
      actual: '192.168.0.100',
      origin: 'group',
      groupName: 'Depots',
    });

    const res = await acme.run(applyGroupProfileCall, {
      groupId,
      series: 'r1500',
      name: 'Small pools',
      ...SETTINGS,
    });
    expect(res.data?.counts.total).toBe(2);
    await driveUntil(res.data!.id, (d) => d.state === 'completed', 'the profile on both routers');
    const running = (sn: string) => {
      const state = readDeviceConfiguration(
        fleet.devices.find((d) => d.sn === sn)!.state.configXml,
      )?.sections.get('interface/lan');
      return state && 'value' in state ? state.value.dhcp : null;
    };
    // The device's own start stays; the profile's pool size arrives. The other router takes both.
    expect(running('GP0100')).toMatchObject({ start: '192.168.0.60', limit: 50 });
    expect(running('GP0101')).toMatchObject({ start: '192.168.0.80', limit: 50 });
    const history = (await acme.run(getChangeSetsCall, { sn: 'GP0100', pageNum: 1, pageSize: 10 })).data!
      .list;
    expect(history.map((c) => [c.source, c.state]).sort()).toEqual([
      ['profile', 'applied'],
      ['user', 'applied'],
    ]);
    const after = (await sections('GP0100')).target;
    expect(after.filter((f) => f.target !== f.actual)).toEqual([]);
    // A profile's change is not the device's own: the pool size still comes from the group.
    expect(field(after, 'dhcp.limit')).toMatchObject({ origin: 'group', actual: 50 });
  });

  it('clears the device’s own setting: the profile’s value applies again, as a change-set', async () => {
    // Nothing to clear where the value comes from the group, or on another company's router.
    const notOwn = await acme.run(clearConfigSettingCall, {
      sn: 'GP0100',
      section: 'interface/lan',
      field: 'dhcp.limit',
      confirmSeconds: 120,
      immediately: true,
    });
    expect([notOwn.code, notOwn.msg]).toEqual([1, expect.stringContaining('field')]);
    const foreign = await rival.run(clearConfigSettingCall, {
      sn: 'GP0100',
      section: 'interface/lan',
      field: 'dhcp.start',
      confirmSeconds: 120,
      immediately: true,
    });
    expect(foreign.code).not.toBe(0);

    // A device's change-sets fold in the order they were made: the test's clock stood still since the
    // device's own setting was made, so it moves on as time would.
    t.clock.advance(1000);
    const res = await acme.run(clearConfigSettingCall, {
      sn: 'GP0100',
      section: 'interface/lan',
      field: 'dhcp.start',
      confirmSeconds: 120,
      immediately: true,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      source: 'cleared',
      differences: [
        { section: 'interface/lan', field: 'dhcp.start', from: '192.168.0.60', to: '192.168.0.80' },
      ],
    });
    const clearing = res.data!.id;
    await eventually(
      async () =>
        (await acme.run(getChangeSetsCall, { sn: 'GP0100', pageNum: 1, pageSize: 20 })).data?.list.find(
          (c) => c.id === clearing,
        )?.state === 'applied',
      20_000,
      'the clearing change-set applied',
    );
    const dhcp = readDeviceConfiguration(
      fleet.devices.find((d) => d.sn === 'GP0100')!.state.configXml,
    )?.sections.get('interface/lan');
    expect(dhcp && 'value' in dhcp ? dhcp.value.dhcp : null).toMatchObject({ start: '192.168.0.80' });
    const target = (await sections('GP0100')).target;
    expect(field(target, 'dhcp.start')).toEqual({
      section: 'interface/lan',
      field: 'dhcp.start',
      target: '192.168.0.80',
      actual: '192.168.0.80',
      origin: 'group',
      groupId,
      groupName: 'Depots',
    });
    expect(target.filter((f) => f.origin === 'device')).toEqual([]);
  });
});
