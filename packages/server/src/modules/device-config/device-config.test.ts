import {
  addDeviceCall,
  adoptConfigDriftCall,
  applyConfigCall,
  type ChangeSet,
  ErrorCode,
  getChangeSetsCall,
  getConfigSectionsCall,
  getDeviceCall,
  readDeviceConfiguration,
  restoreConfigDriftCall,
  rollbackConfigCall,
  UPDATE_ERROR,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

/**
 * Remote configuration through the real gateway and simulated routers (issue 15): change-sets go out
 * as `configApply` with a confirm window, are confirmed by the cloud, and end applied, rejected,
 * reverted or expired (docs/device-protocol.md §7.5).
 */

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
let bravo: Owner;

type Lan = {
  ipaddr: string;
  netmask: string;
  dhcp: { enabled: boolean; start: string; limit: number; lease: string };
};

async function sectionValue(owner: Owner, sn: string, id: string) {
  const res = await owner.run(getConfigSectionsCall, { sn });
  return res.data?.sections.find((s) => s.id === id)?.value as Record<string, unknown> | undefined;
}

/** Follows the change-set as the console does until it ends. */
function finalChangeSet(owner: Owner, sn: string, id: string): Promise<ChangeSet> {
  return eventually(
    async () => {
      const page = await owner.run(getChangeSetsCall, { sn, pageNum: 1, pageSize: 10 });
      const row = page.data?.list.find((c) => c.id === id);
      return row && row.state !== 'queued' && row.state !== 'applying' ? row : undefined;
    },
    20_000,
    `change-set ${id}`,
  );
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Config', 'owner@acme-config.test');
  bravo = await companyOwner(t, 'Bravo Config', 'owner@bravo-config.test');
  await fleet.connect(acme, 'CF0001', 'r3000', 'R3000');
  await fleet.connect(acme, 'CF0002', 'r3000', 'R3000');
  await fleet.connect(acme, 'CF0003', 'r1500', 'R1500');
  await fleet.connect(acme, 'CF0005', 'r3000', 'R3000');
  await acme.run(addDeviceCall, { sn: 'CF0004', mac: '00:1A:2B:00:00:04' });
  await putOnLevel(t, acme, ['CF0001', 'CF0002', 'CF0003', 'CF0004'], 'ESSENTIALS');
  // The routers' boot reports are the configuration the cloud starts from.
  for (const sn of ['CF0001', 'CF0002', 'CF0003', 'CF0005'])
    await eventually(async () => (await sectionValue(acme, sn, 'interface/lan')) !== undefined, 10_000, sn);
}, 90_000);
afterAll(() => fleet?.close());

describe('remote configuration by change-sets', () => {
  it('reads the reported configuration by section, each checked by its schema', async () => {
    const res = await acme.run(getConfigSectionsCall, { sn: 'CF0001' });
    expect(res.code).toBe(0);
    const ids = res.data?.sections.map((s) => s.id) ?? [];
    expect(ids).toEqual(
      expect.arrayContaining(['interface/lan', 'interface/wifi', 'services/ssh', 'system/user_management']),
    );
    expect(res.data?.sections.every((s) => s.editable)).toBe(true);
    expect(res.data?.sections.find((s) => s.id === 'interface/lan')?.value).toMatchObject({
      ipaddr: '192.168.0.1',
      dhcp: { enabled: true, start: '192.168.0.100' },
    });
    expect(res.data?.pending).toBeNull();
  });

  it('applies, confirms and ends applied, with the difference, who and the checksum; the router runs it', async () => {
    const lan = (await sectionValue(acme, 'CF0001', 'interface/lan')) as Lan;
    const wifi = await sectionValue(acme, 'CF0001', 'interface/wifi');
    const sent = await acme.run(applyConfigCall, {
      sn: 'CF0001',
      sections: {
        'interface/lan': { ...lan, dhcp: { ...lan.dhcp, start: '192.168.0.50', limit: 100 } },
        'interface/wifi': { ...wifi, ssid: 'Depot North' },
      },
      confirmSeconds: 900,
    });
    expect(sent.code).toBe(0);
    expect(sent.data?.state).toMatch(/queued|applying/);
    expect(sent.data?.differences).toEqual(
      expect.arrayContaining([
        { section: 'interface/lan', field: 'dhcp.start', from: '192.168.0.100', to: '192.168.0.50' },
        { section: 'interface/lan', field: 'dhcp.limit', from: 150, to: 100 },
        { section: 'interface/wifi', field: 'ssid', from: wifi?.ssid, to: 'Depot North' },
      ]),
    );
    expect(sent.data?.differences).toHaveLength(3);
    const done = await finalChangeSet(acme, 'CF0001', sent.data!.id);
    expect(done).toMatchObject({ state: 'applied', reason: null, createdBy: expect.any(String) });
    expect(done.checksum).toMatch(/^[0-9a-f]{64}$/);
    const router = fleet.devices.find((d) => d.sn === 'CF0001')!;
    const running = readDeviceConfiguration(router.state.configXml)?.sections.get('interface/lan');
    expect(running && 'value' in running ? running.value.dhcp : null).toMatchObject({
      start: '192.168.0.50',
      limit: 100,
    });
    expect(router.state.pendingChangeSet).toBeNull();
    await eventually(
      async () =>
        ((await sectionValue(acme, 'CF0001', 'interface/lan')) as Lan | undefined)?.dhcp.start ===
        '192.168.0.50',
      10_000,
      'the reported configuration',
    );
  });

  it('rolls an applied change back as a new change-set: its fields take their old values again', async () => {
    const history = await acme.run(getChangeSetsCall, { sn: 'CF0001', pageNum: 1, pageSize: 10 });
    const applied = history.data?.list.find((c) => c.state === 'applied');
    if (!applied) throw new Error('no applied change-set');
    const back = await acme.run(rollbackConfigCall, {
      sn: 'CF0001',
      changeSetId: applied.id,
      confirmSeconds: 900,
    });
    expect(back.code).toBe(0);
    expect(back.data?.rollbackOf).toBe(applied.id);
    expect(back.data?.differences).toEqual(
      expect.arrayContaining([
        { section: 'interface/lan', field: 'dhcp.start', from: '192.168.0.50', to: '192.168.0.100' },
        { section: 'interface/wifi', field: 'ssid', from: 'Depot North', to: expect.any(String) },
      ]),
    );
    const done = await finalChangeSet(acme, 'CF0001', back.data!.id);
    expect(done.state).toBe('applied');
    const router = fleet.devices.find((d) => d.sn === 'CF0001')!;
    expect(router.state.configXml).toContain('start="192.168.0.100" limit="150"');
    // Only an applied change can be undone; an unknown one names the field.
    const refused = await acme.run(rollbackConfigCall, { sn: 'CF0003', changeSetId: 'no-such-change' });
    expect(refused.code).toBe(1);
    expect(refused.msg).toContain('changeSetId');
  });

  it('ends reverted when a wrong APN cuts the router off: it comes back with its old APN', async () => {
    const router = fleet.devices.find((d) => d.sn === 'CF0002')!;
    router.state.activeLink = 'cellular1';
    const cellular = (await sectionValue(acme, 'CF0002', 'interface/cellular')) as { sim: { apn: string }[] };
    const sent = await acme.run(applyConfigCall, {
      sn: 'CF0002',
      sections: {
        'interface/cellular': {
          ...cellular,
          sim: cellular.sim.map((sim, i) => (i === 0 ? { ...sim, apn: 'wrong.apn' } : sim)),
        },
      },
      confirmSeconds: 30,
    });
    expect(sent.code).toBe(0);
    const done = await finalChangeSet(acme, 'CF0002', sent.data!.id);
    expect(done.state).toBe('reverted');
    // The cloud's words come from the catalogue; the device's own follow them.
    expect(done.reasonCode).toBe(ErrorCode.CONFIG_REVERTED_BY_DEVICE);
    expect(done.reason).toMatch(/^The device put its previous configuration back: Not confirmed within 30 s/);
    expect(router.state.configXml).toContain('<apn>internet</apn>');
    expect(router.state.configXml).not.toContain('wrong.apn');
  });

  it('ends rejected in the device words when the router refuses the change', async () => {
    const router = fleet.devices.find((d) => d.sn === 'CF0003')!;
    router.behaviour.failNextUpdateWith = UPDATE_ERROR.invalidConfiguration;
    const ssh = await sectionValue(acme, 'CF0003', 'services/ssh');
    const sent = await acme.run(applyConfigCall, {
      sn: 'CF0003',
      sections: { 'services/ssh': { ...ssh, port: 2222 } },
    });
    expect(sent.code).toBe(0);
    const done = await finalChangeSet(acme, 'CF0003', sent.data!.id);
    expect(done.state).toBe('rejected');
    expect(done.reasonCode).toBe(ErrorCode.CONFIG_REFUSED);
    expect(done.reason).toMatch(/^The device refused the change: ./);
    // Read in Chinese, the catalogue gives the reader's words before the device's own.
    const history = await acme.run(getChangeSetsCall, { sn: 'CF0003', pageNum: 1, pageSize: 10 }, 'cn');
    expect(history.data?.list.find((c) => c.id === done.id)?.reason).toMatch(/^设备拒绝了该修改: ./);
    const undo = await acme.run(rollbackConfigCall, { sn: 'CF0003', changeSetId: done.id });
    expect(undo.code).toBe(ErrorCode.CONFIG_ROLLBACK_NOT_APPLIED);
  });

  it('queues for an offline router, refuses a second change meanwhile (120118), and 120023 when asked at once', async () => {
    const queued = await acme.run(applyConfigCall, {
      sn: 'CF0004',
      sections: { 'services/ssh': { enabled: false, port: 22 } },
    });
    // A router that never reported its configuration cannot be changed by section.
    expect(queued.code).toBe(ErrorCode.CONFIG_NOT_REPORTED);
    const ssh = await sectionValue(acme, 'CF0001', 'services/ssh');
    const router = fleet.devices.find((d) => d.sn === 'CF0001')!;
    await router.stop();
    await eventually(
      async () => (await acme.run(getDeviceCall, { sn: 'CF0001' })).data?.online === false,
      10_000,
    );
    const now = await acme.run(applyConfigCall, {
      sn: 'CF0001',
      sections: { 'services/ssh': { ...ssh, port: 2200 } },
      immediately: true,
    });
    expect(now.code).toBe(ErrorCode.DEVICE_OFFLINE);
    const first = await acme.run(applyConfigCall, {
      sn: 'CF0001',
      sections: { 'services/ssh': { ...ssh, port: 2200 } },
    });
    expect(first.code).toBe(0);
    expect(first.data?.state).toBe('queued');
    const second = await acme.run(applyConfigCall, {
      sn: 'CF0001',
      sections: { 'services/ssh': { ...ssh, port: 2201 } },
    });
    expect(second.code).toBe(ErrorCode.CONFIG_CHANGE_IN_PROGRESS);
    expect((await acme.run(getConfigSectionsCall, { sn: 'CF0001' })).data?.pending?.id).toBe(first.data?.id);
    // Back online, the router takes the queued change after its hello.
    await router.start();
    const done = await finalChangeSet(acme, 'CF0001', first.data!.id);
    expect(done.state).toBe('applied');
  });

  it('refuses a Basic licence (120095), bad values naming the field, and sections the router lacks', async () => {
    const basic = await acme.run(applyConfigCall, {
      sn: 'CF0005',
      sections: { 'services/ssh': { enabled: false, port: 22 } },
    });
    expect(basic.code).toBe(ErrorCode.BASIC_LICENCE_UPGRADE);
    const lan = (await sectionValue(acme, 'CF0003', 'interface/lan')) as Lan;
    const bad = await acme.run(applyConfigCall, {
      sn: 'CF0003',
      sections: { 'interface/lan': { ...lan, dhcp: { ...lan.dhcp, start: '192.168.0.300' } } },
    });
    expect(bad.code).toBe(1);
    expect(bad.msg).toContain('sections.interface/lan.dhcp.start');
    const missing = await acme.run(applyConfigCall, {
      sn: 'CF0003',
      sections: {
        'interface/wifi': {
          mode: 'ap',
          enabled: true,
          ssid: 'x',
          encryption: 'psk2',
          key: '12345678',
          bands: '2.4GHz',
        },
      },
    });
    expect(missing.code).toBe(1);
    expect(missing.msg).toContain('sections.interface/wifi');
    const same = await acme.run(applyConfigCall, { sn: 'CF0003', sections: { 'interface/lan': lan } });
    expect(same.code).toBe(1);
    expect(same.msg).toContain('nothing changes');
    const rows = await t.deps.db
      .selectFrom('device_change_set')
      .select('id')
      .where('sn', '=', 'CF0005')
      .execute();
    expect(rows).toEqual([]);
  });

  it('ends reverted when the confirmation is lost: the router puts its old configuration back', async () => {
    const router = fleet.devices.find((d) => d.sn === 'CF0003')!;
    const onRpc = (request: { method: string }) => {
      if (request.method === 'configConfirm') router.behaviour.ignoreRpc = true;
    };
    router.on('rpc', onRpc);
    const ssh = await sectionValue(acme, 'CF0003', 'services/ssh');
    const sent = await acme.run(applyConfigCall, {
      sn: 'CF0003',
      sections: { 'services/ssh': { ...ssh, port: 2022 } },
      confirmSeconds: 30,
    });
    const done = await finalChangeSet(acme, 'CF0003', sent.data!.id);
    router.off('rpc', onRpc);
    router.behaviour.ignoreRpc = false;
    expect(done.state).toBe('reverted');
    expect(done.reason).toMatch(/Not confirmed within 30 s/);
    expect(router.state.configXml).toContain('port="22"');
  });

  it('notices a change made on the router itself, refuses changes over it, and puts the cloud values back', async () => {
    const router = fleet.devices.find((d) => d.sn === 'CF0003')!;
    const ssh = await sectionValue(acme, 'CF0003', 'services/ssh');
    expect(
      router.editLocally('<config><services><ssh enabled="false" port="2200"></ssh></services></config>'),
    ).toBe(true);
    const drift = await eventually(
      async () => (await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data?.drift ?? undefined,
      10_000,
      'drift',
    );
    expect(drift.differences).toEqual([
      { section: 'services/ssh', field: 'enabled', from: true, to: false },
      { section: 'services/ssh', field: 'port', from: ssh?.port, to: 2200 },
    ]);
    const over = await acme.run(applyConfigCall, {
      sn: 'CF0003',
      sections: { 'services/ssh': { enabled: true, port: 2300 } },
    });
    expect(over.code).toBe(ErrorCode.CONFIG_DRIFTED);
    // The device list marks it too.
    expect((await acme.run(getDeviceCall, { sn: 'CF0003' })).data?.configDrifted).toBe(true);

    const restored = await acme.run(restoreConfigDriftCall, { sn: 'CF0003', confirmSeconds: 900 });
    expect(restored.code).toBe(0);
    expect(restored.data?.differences).toEqual([
      { section: 'services/ssh', field: 'enabled', from: false, to: true },
      { section: 'services/ssh', field: 'port', from: 2200, to: ssh?.port },
    ]);
    expect((await finalChangeSet(acme, 'CF0003', restored.data!.id)).state).toBe('applied');
    await eventually(
      async () => (await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data?.drift === null,
      10_000,
      'drift ended',
    );
    expect(router.state.configXml).toContain(`<ssh enabled="true" port="${ssh?.port}">`);

    // Kept instead: the device's values become what the cloud knows.
    router.editLocally('<config><services><ssh enabled="true" port="2201"></ssh></services></config>');
    await eventually(
      async () => (await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data?.drift ?? undefined,
      10_000,
      'drift again',
    );
    // The history lists by time: the test's clock moves on as time would between two changes.
    t.clock.advance(1000);
    expect((await acme.run(adoptConfigDriftCall, { sn: 'CF0003' })).code).toBe(0);
    const kept = (await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data;
    expect(kept?.drift).toBeNull();
    expect((await acme.run(getDeviceCall, { sn: 'CF0003' })).data?.configDrifted).toBe(false);
    // In the version history as a change made on the device, kept by the owner; its port is now the
    // device's own setting.
    const [local] = (await acme.run(getChangeSetsCall, { sn: 'CF0003', pageNum: 1, pageSize: 1 })).data!.list;
    expect(local).toMatchObject({
      source: 'local',
      state: 'applied',
      differences: [{ section: 'services/ssh', field: 'port', from: ssh?.port, to: 2201 }],
      createdBy: 'Test Owner',
    });
    expect(kept?.target.find((f) => f.section === 'services/ssh' && f.field === 'port')).toMatchObject({
      target: 2201,
      actual: 2201,
      origin: 'device',
    });
    expect((await acme.run(adoptConfigDriftCall, { sn: 'CF0003' })).code).toBe(ErrorCode.CONFIG_NOT_DRIFTED);
    expect((await acme.run(restoreConfigDriftCall, { sn: 'CF0003' })).code).toBe(
      ErrorCode.CONFIG_NOT_DRIFTED,
    );
  });

  it('compares the configuration checksum of a hello: the same fetches nothing, a silent local edit is fetched and shown drifted', async () => {
    const router = fleet.devices.find((d) => d.sn === 'CF0003')!;
    const asked: string[] = [];
    const onRpc = (request: { method: string }) => asked.push(request.method);
    router.on('rpc', onRpc);
    try {
      // Nothing changed: the hello's checksum is the cloud's, and the configuration is not asked for.
      await router.reconnect();
      await router.reconnect();
      expect(asked.filter((m) => m === 'configGet')).toEqual([]);
      expect((await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data?.drift).toBeNull();

      // A technician changes the SSH port on the router's own page; the router does not report it.
      expect(
        router.editLocally('<config><services><ssh enabled="true" port="2299"></ssh></services></config>', {
          report: false,
        }),
      ).toBe(true);
      await router.reconnect();
      const drift = await eventually(
        async () => (await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data?.drift ?? undefined,
        10_000,
        'drift from the hello checksum',
      );
      expect(asked).toContain('configGet');
      expect(drift.differences).toEqual([{ section: 'services/ssh', field: 'port', from: 2201, to: 2299 }]);
      expect((await acme.run(adoptConfigDriftCall, { sn: 'CF0003' })).code).toBe(0);
      expect((await acme.run(getConfigSectionsCall, { sn: 'CF0003' })).data?.drift).toBeNull();
      expect(await sectionValue(acme, 'CF0003', 'services/ssh')).toMatchObject({ port: 2299 });
    } finally {
      router.off('rpc', onRpc);
    }
  });

  it("never reaches another company's router", async () => {
    const ssh = await sectionValue(acme, 'CF0003', 'services/ssh');
    expect((await bravo.run(getConfigSectionsCall, { sn: 'CF0003' })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect((await bravo.run(getChangeSetsCall, { sn: 'CF0003', pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.DEVICE_NOT_FOUND,
    );
    const res = await bravo.run(applyConfigCall, {
      sn: 'CF0003',
      sections: { 'services/ssh': { ...ssh, port: 2022 } },
    });
    expect(res.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });

  // Last: these move the cloud's clock a day on.
  it('ends reverted when the router takes the change and is never heard of again, and expired when it never takes it', async () => {
    const taken = fleet.devices.find((d) => d.sn === 'CF0002')!;
    const ssh = await sectionValue(acme, 'CF0002', 'services/ssh');
    taken.on('rpc', (request: { method: string }) => {
      // It applied the change and lost power before the confirmation came.
      if (request.method !== 'configConfirm') return;
      taken.behaviour.ignoreRpc = true;
      void taken.stop();
    });
    const gone = await acme.run(applyConfigCall, {
      sn: 'CF0002',
      sections: { 'services/ssh': { ...ssh, port: 2023 } },
    });
    expect(gone.code).toBe(0);
    await eventually(
      async () => (await acme.run(getDeviceCall, { sn: 'CF0002' })).data?.online === false,
      10_000,
    );

    const never = fleet.devices.find((d) => d.sn === 'CF0001')!;
    await never.stop();
    await eventually(
      async () => (await acme.run(getDeviceCall, { sn: 'CF0001' })).data?.online === false,
      10_000,
    );
    const ssh1 = await sectionValue(acme, 'CF0001', 'services/ssh');
    const queued = await acme.run(applyConfigCall, {
      sn: 'CF0001',
      sections: { 'services/ssh': { ...ssh1, port: 2024 } },
    });
    expect(queued.data?.state).toBe('queued');

    t.clock.advance(25 * 3600_000);
    const stateOf = async (id: string) =>
      (await t.deps.db
        .selectFrom('device_change_set')
        .select(['state', 'reason', 'reason_code'])
        .where('id', '=', id)
        .executeTakeFirst()) ?? null;
    const reverted = await eventually(async () => {
      const row = await stateOf(gone.data!.id);
      return row?.state === 'reverted' ? row : undefined;
    }, 10_000);
    expect(reverted).toMatchObject({ reason: null, reason_code: ErrorCode.CONFIG_NOT_CONFIRMED });
    const expired = await eventually(async () => {
      const row = await stateOf(queued.data!.id);
      return row?.state === 'expired' ? row : undefined;
    }, 10_000);
    expect(expired).toMatchObject({ reason: null, reason_code: ErrorCode.CONFIG_NOT_TAKEN });
  });
});
