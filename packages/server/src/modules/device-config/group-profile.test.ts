import {
  applyGroupProfileCall,
  createGroupCall,
  ErrorCode,
  getConfigSectionsCall,
  getGroupProfileCall,
  getRolloutCall,
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

async function driveUntil(id: number, done: (d: RolloutDetail) => boolean, what: string) {
  return eventually(
    async () => {
      await engine.advance(id);
      const d = (await acme.run(getRolloutCall, { id })).data!;
      return done(d) ? d : undefined;
    },
    60_000,
    what,
  );
}

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
  await putOnLevel(t, acme, [...SNS, 'GP0100'], 'ESSENTIALS');
  groupId = (await acme.run(createGroupCall, { groupName: 'Depots' })).data!.groupId;
  await acme.run(moveDevicesCall, { sns: [...SNS, 'GP0100'], groupId });
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
