import type { AddressInfo } from 'node:net';
import {
  addVpnGroupDevicesCall,
  type CallInput,
  createRolloutCall,
  createVpnGroupCall,
  getConfigSectionsCall,
  listRolloutDevicesCall,
  type RolloutDetail,
  type RolloutDevice,
  retryRolloutCall,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { UPDATE_SPACING_MS } from '../device-software/device-install.service.ts';
import { ownApp, platformFirmware } from '../device-templates/template-test-kit.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { recordMemberStatus } from '../vpn/hub-status.ts';
import { findGroup, groupMembers } from '../vpn/vpn.store.ts';
import { createRolloutEngine, type RolloutEngine } from './rollout-engine.ts';
import { driveRollout } from './rollout-test-kit.ts';

/**
 * Staged rollouts (issue 14): firmware, then apps, then a configuration change-set, as one change per
 * router. Each stage is sent when the one before succeeded on the router's own evidence (the hello of
 * the new image, the app's reply, the change-set confirmed); a stage that fails ends the device with
 * its reason and step, and a retry takes it up at that step, not from the start. A router in a running
 * VPN group is healthy only once its hub has seen its tunnel up again after the update.
 */

let fleet: SimulatedFleet;
let t: TestApp;
let engine: RolloutEngine;
let admin: Owner;
let acme: Owner;
let host: string;
const routers: Awaited<ReturnType<SimulatedFleet['connect']>>[] = [];
const SNS = ['ST0001', 'ST0002', 'ST0003'];

const SETTINGS = {
  plan: { mode: 'size', firstSize: 3, laterSize: 3 },
  successPercent: 100,
  failureLimit: { kind: 'count', value: 1 },
  onFailure: 'halt',
  window: null,
  deviceDeadlineMinutes: 30,
  healthMinutes: 5,
} as const;

function create(input: Partial<CallInput<typeof createRolloutCall>> & { versionId: number }) {
  return acme
    .call(
      createRolloutCall.method,
      createRolloutCall.path,
      { name: 'Depot refresh', target: { mode: 'devices', sns: SNS }, ...SETTINGS, ...input },
      { language: 'en', host },
    )
    .then((res) => res.body as Awaited<ReturnType<typeof acme.run<typeof createRolloutCall>>>);
}

async function devices(id: number): Promise<RolloutDevice[]> {
  const res = await acme.run(listRolloutDevicesCall, { id, pageNum: 1, pageSize: 100 });
  return res.data!.list;
}

const driveUntil = (id: number, done: (d: RolloutDetail) => boolean, what: string) =>
  driveRollout(engine, acme, id, done, what);

async function sshPort(sn: string) {
  const res = await acme.run(getConfigSectionsCall, { sn });
  return (res.data?.sections.find((s) => s.id === 'services/ssh')?.value as { port?: number } | undefined)
    ?.port;
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  engine = createRolloutEngine(t.deps);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const created = await ensureSuperAdmin(t.deps);
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme Stages', 'owner@acme-stages.test');
  for (const sn of SNS)
    routers.push(await fleet.connect(acme, sn, 'r3000', 'R3000', { transfers: true, rebootSeconds: 100 }));
  await putOnLevel(t, acme, SNS, 'ESSENTIALS');
  for (const sn of SNS) await eventually(async () => (await sshPort(sn)) !== undefined, 10_000, sn);
}, 180_000);
afterAll(() => fleet?.close());

describe('a staged rollout', () => {
  it('refuses stages that cannot follow the version, naming the field', async () => {
    const firmwareId = await platformFirmware(t, admin, acme, { version: '5.3.7', series: 'r3000' });
    const other = await ownApp(t, acme, { series: 'r1500', packageName: 'other-series-agent' });
    const wrongSeries = await create({ versionId: firmwareId, thenAppVersionIds: [other] });
    expect(wrongSeries).toMatchObject({
      code: 1,
      msg: expect.stringMatching(/thenAppVersionIds\.0: not for the r3000 series/),
    });
    const notApp = await create({ versionId: firmwareId, thenAppVersionIds: [firmwareId] });
    expect(notApp).toMatchObject({ code: 1, msg: expect.stringMatching(/thenAppVersionIds\.0/) });
    const badPort = await create({
      versionId: firmwareId,
      thenConfiguration: {
        sections: { 'services/ssh': { enabled: true, port: 70_000 } },
        confirmSeconds: 120,
      },
    });
    expect(badPort).toMatchObject({
      code: 1,
      msg: expect.stringMatching(/thenConfiguration\.sections\.services\/ssh\.port/),
    });
    const empty = await create({
      versionId: firmwareId,
      thenConfiguration: { sections: {}, confirmSeconds: 120 },
    });
    expect(empty.code).toBe(1);
  });

  it('takes each router through firmware, app and configuration; a failed step is retried from that step', async () => {
    const firmwareId = await platformFirmware(t, admin, acme, { version: '5.3.8', series: 'r3000' });
    const appId = await ownApp(t, acme, { series: 'r3000', packageName: 'depot-agent' });
    const created = await create({
      versionId: firmwareId,
      thenAppVersionIds: [appId],
      thenConfiguration: { sections: { 'services/ssh': { enabled: true, port: 2345 } }, confirmSeconds: 120 },
    });
    expect(created.code).toBe(0);
    const id = created.data!.id;
    expect(created.data!.steps).toEqual([
      { kind: 'firmware', packageName: 'r3000-os', version: '5.3.8' },
      { kind: 'app', packageName: 'depot-agent', version: '1.0.0' },
      { kind: 'config', packageName: '', version: '' },
    ]);

    // The first step goes out; once the routers run the new image, the second router's next update
    // (its app: the engine sends it at its next step) fails with code 3.
    await engine.advance(id);
    await eventually(
      async () => routers.every((r) => r.state.firmwareVersion === '5.3.8'),
      30_000,
      'the new image on every router',
    );
    routers[1]!.behaviour.failNextUpdateWith = 3;
    await driveUntil(id, (d) => d.counts.running === 0 && d.counts.waiting === 0, 'every router to end');
    const ended = new Map((await devices(id)).map((d) => [d.sn, d]));
    for (const sn of [SNS[0]!, SNS[2]!]) expect(ended.get(sn)).toMatchObject({ state: 'success', step: 3 });
    expect(ended.get(SNS[1]!)).toMatchObject({ state: 'failure', step: 2, reasonCode: 3 });
    for (const i of [0, 2]) {
      const router = routers[i]!;
      expect(router.state.firmwareVersion).toBe('5.3.8');
      expect(router.state.apps.map((a) => a.packageName)).toContain('depot-agent');
      expect(await sshPort(router.options.sn)).toBe(2345);
    }
    // The failed router kept its new image and did not get the configuration.
    expect(routers[1]!.state.firmwareVersion).toBe('5.3.8');
    expect(await sshPort(SNS[1]!)).not.toBe(2345);

    // Retried: it starts again at its app, not at the firmware it already runs.
    const retried = await acme.run(retryRolloutCall, { id });
    expect(retried.code).toBe(0);
    const done = await driveUntil(id, (d) => d.state === 'completed', 'the retried router to finish');
    expect(done.counts.success).toBe(3);
    expect(routers[1]!.state.apps.map((a) => a.packageName)).toContain('depot-agent');
    expect(await sshPort(SNS[1]!)).toBe(2345);
  });

  it('waits for a VPN member’s tunnel before it counts the router, and says so when it does not come back', async () => {
    const [first, , third] = SNS as [string, string, string];
    await putOnLevel(t, acme, [first, third], 'ADVANCED');
    const group = await acme.run(createVpnGroupCall, { name: 'Depots', region: 'EUR', dataLimitMb: 1024 });
    expect(group.code).toBe(0);
    const vpnGroupId = group.data!.vpnGroupId;
    expect((await acme.run(addVpnGroupDevicesCall, { vpnGroupId, sns: [first, third] })).code).toBe(0);
    // No hub answers here, so neither simulated tunnel may come up by itself (a router reports its own
    // tunnel where no hub reads it): each keeps trying, and only the hub's status read below counts.
    for (const router of [routers[0]!, routers[2]!]) {
      await eventually(
        async () => router.state.vpnTunnel?.state === 'connected' || undefined,
        30_000,
        'join',
      );
      router.state.vpnTunnel = { ...router.state.vpnTunnel!, state: 'connecting', since: null };
      router.publish('status', {
        type: 'status',
        ts: Date.now(),
        modules: { vpn: router.state.vpnStatus() },
      });
    }
    t.clock.advance(UPDATE_SPACING_MS + 1000);
    const firmwareId = await platformFirmware(t, admin, acme, { version: '5.3.9', series: 'r3000' });
    const created = await create({
      versionId: firmwareId,
      target: { mode: 'devices', sns: [first, third] },
      plan: { mode: 'size', firstSize: 2, laterSize: 2 },
      failureLimit: { kind: 'count', value: 2 },
    });
    expect(created.code).toBe(0);
    const id = created.data!.id;
    // Both run the new image and report a signal; neither tunnel has been seen by the hub since.
    await eventually(
      async () => {
        await engine.advance(id);
        const now = await devices(id);
        return now.every((d) => d.state === 'verifying') ? now : undefined;
      },
      60_000,
      'both routers waiting for their link',
    );
    // The hub's status read sees the first router's tunnel up (as openvpn's management interface says).
    const scope = companyScope(acme.companyId);
    const record = (await findGroup(t.deps.db, scope, vpnGroupId))!;
    const member = (await groupMembers(t.deps.db, scope, vpnGroupId)).find((m) => m.sn === first)!;
    await recordMemberStatus(
      t.deps,
      record,
      member,
      { realAddress: '198.51.100.7', bytesIn: 1000, bytesOut: 1000 },
      t.clock.now(),
    );
    await eventually(
      async () => {
        await engine.advance(id);
        return (await devices(id)).find((d) => d.sn === first)?.state === 'success' || undefined;
      },
      30_000,
      'the first router counted once its tunnel is up',
    );
    // The third one reported its link after its boot, but its tunnel never comes back within the 5
    // health minutes.
    await eventually(
      async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from device_telemetry t
            join rollout_device rd on rd.sn = t.sn and rd.rollout_id = ${id}
           where t.sn = ${third} and t.id > coalesce(rd.telemetry_mark, 0)`.execute(t.deps.db);
        return rows[0]!.n > 0 || undefined;
      },
      30_000,
      'the third router to report its link after its boot',
    );
    t.clock.advance(6 * 60_000);
    await engine.advance(id);
    const third_ = (await devices(id)).find((d) => d.sn === third)!;
    expect(third_).toMatchObject({
      state: 'failure',
      reason: 'The update succeeded but its VPN tunnel was not back up within 5 minutes',
    });
  });
});
