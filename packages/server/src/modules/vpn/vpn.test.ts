import {
  addVpnGroupDevicesCall,
  createServiceClientCall,
  createVpnGroupCall,
  deleteServiceClientCall,
  deleteVpnGroupCall,
  downloadClientProfileCall,
  ErrorCode,
  errorMessage,
  getSiteIpAccessTypesCall,
  getVpnGroupCall,
  getVpnHubStatusCall,
  listServiceClientsCall,
  listUngroupedDevicesCall,
  listVpnGroupDevicesCall,
  listVpnGroupsCall,
  MAX_VPN_GROUPS_PER_COMPANY,
  removeVpnGroupDevicesCall,
  setVpnGroupStateCall,
  updateServiceClientCall,
  updateVpnGroupCall,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

/**
 * VPN groups, their devices and service clients through the API on a real database (issue 17). No hub
 * runs here (the app is built without one, as with VPN_HUB=off): the hub and the PKI are proved by
 * vpn.hub.test.ts, which needs root and Debian's openvpn.
 */

let t: TestApp;
let acme: Owner;
let bravo: Owner;

const SETTINGS = { region: 'EUR', dataLimitMb: 1024 } as const;

async function newGroup(owner: Owner, name: string, extra: Record<string, unknown> = {}): Promise<VpnGroup> {
  const res = await owner.run(createVpnGroupCall, { ...SETTINGS, name, ...extra });
  if (res.code !== 0) throw new Error(`creating ${name}: ${res.code} ${res.msg}`);
  return res.data as VpnGroup;
}

const SNS = Array.from({ length: 12 }, (_, i) => `VP${String(i + 1).padStart(4, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Tunnels', 'owner@acme-vpn.test');
  bravo = await companyOwner(t, 'Bravo Tunnels', 'owner@bravo-vpn.test');
  await seedDevices(
    t,
    acme.companyId,
    [...SNS, 'VPBASIC1', 'VPESS001'].map((sn) => ({ sn })),
  );
  await seedDevices(t, bravo.companyId, [{ sn: 'VPBRAVO1' }]);
  await putOnLevel(t, acme, SNS.slice(0, 10), 'ADVANCED');
  await putOnLevel(t, acme, SNS.slice(10), 'EXTENSION');
  await putOnLevel(t, acme, ['VPESS001'], 'ESSENTIALS');
  await putOnLevel(t, bravo, ['VPBRAVO1'], 'ADVANCED');
}, 60_000);
afterAll(() => t?.close());

describe('VPN groups', () => {
  it('lists the site IP access types with their English and Chinese labels', async () => {
    const res = await acme.run(getSiteIpAccessTypesCall, {});
    expect(res.data).toEqual([
      { value: 'VIRTUAL_IP_OVERLAY_REAL_IP', en: 'Virtual IP plus pushed Subnet', cn: '虚拟IP加推送子网' },
      { value: 'REAL_IP', en: 'Virtual IP only', cn: '仅虚拟IP' },
      { value: 'VIRTUAL_IP_MAPPING_REAL_IP', en: 'Virtual IP plus Mapped to Subnet', cn: '虚拟IP加映射子网' },
    ]);
  });

  it('creates a running group with a network from the pool that overlaps no other group, and the defaults', async () => {
    const first = await newGroup(acme, 'Depots');
    expect(first).toMatchObject({
      name: 'Depots',
      region: 'EUR',
      protocol: 'udp',
      pingInterval: 10,
      pingRetry: 12,
      mtu: 1500,
      fragment: 1400,
      cipher: 'AES-256-GCM',
      dataLimitMb: 1024,
      cycle: 'month',
      siteIpAccessType: 'VIRTUAL_IP_OVERLAY_REAL_IP',
      state: 'running',
      deviceCount: 0,
      capacity: 253,
    });
    expect(first.virtualNetwork).toMatch(/^10\.2(2[4-9]|3\d)\.\d+\.0\/24$/);
    expect(first.hubAddress).toBe(first.virtualNetwork.replace(/0\/24$/, '1'));
    // Another company's group and a small one of ours: no network overlaps any other, ports differ.
    const theirs = await newGroup(bravo, 'Depots', { networkPrefix: 28 });
    const small = await newGroup(acme, 'Kiosks', {
      networkPrefix: 28,
      protocol: 'tcp',
      cipher: 'CHACHA20-POLY1305',
    });
    const nets = [first, theirs, small].map((g) => g.virtualNetwork);
    expect(new Set(nets).size).toBe(3);
    const range = (cidr: string) => {
      const [ip, prefix] = cidr.split('/');
      const start = ip!.split('.').reduce((a, p) => a * 256 + Number(p), 0);
      return [start, start + 2 ** (32 - Number(prefix))] as const;
    };
    for (const a of nets)
      for (const b of nets.filter((n) => n !== a)) {
        const [s1, e1] = range(a);
        const [s2, e2] = range(b);
        expect(s1 < e2 && s2 < e1, `${a} overlaps ${b}`).toBe(false);
      }
    expect(new Set([first.port, theirs.port, small.port]).size).toBe(3);
    expect(small).toMatchObject({ protocol: 'tcp', cipher: 'CHACHA20-POLY1305', capacity: 13 });
    // A thousand sites in one mesh: a /22, aligned, overlapping none of the others.
    const fleet = await newGroup(bravo, 'Fleet', { networkPrefix: 22 });
    expect(fleet.capacity).toBe(1021);
    expect(fleet.virtualNetwork).toMatch(/^10\.2(2[4-9]|3\d)\.\d+\.0\/22$/);
    expect(Number(fleet.virtualNetwork.split('.')[2]) % 4).toBe(0);
    for (const other of nets) {
      const [s1, e1] = range(fleet.virtualNetwork);
      const [s2, e2] = range(other);
      expect(s1 < e2 && s2 < e1, `${fleet.virtualNetwork} overlaps ${other}`).toBe(false);
    }
    const list = await acme.run(listVpnGroupsCall, { pageNum: 1, pageSize: 10 });
    expect(list.data?.list.map((g) => g.name).sort()).toEqual(['Depots', 'Kiosks']);
  });

  it('refuses a name the company already uses (180001), any case', async () => {
    const res = await acme.run(createVpnGroupCall, { ...SETTINGS, name: 'depots' });
    expect(res).toMatchObject({ code: ErrorCode.VPN_GROUP_NAME_EXISTS, msg: errorMessage(180001, 'en') });
  });

  it.each([
    ['pingInterval', { pingInterval: 4 }],
    ['pingInterval', { pingInterval: 601 }],
    ['pingRetry', { pingRetry: 4 }],
    ['mtu', { mtu: 1279 }],
    ['fragment', { fragment: 1501 }],
    ['cipher', { cipher: 'BF-CBC' }],
    ['dataLimitMb', { dataLimitMb: undefined }],
    ['dataLimitMb', { dataLimitMb: 10485761 }],
    ['networkPrefix', { networkPrefix: 30 }],
    ['networkPrefix', { networkPrefix: 21 }],
    ['region', { region: 'SouthernChina' }],
  ])('refuses a bad %s with code 1 naming it (%o)', async (field, bad) => {
    const res = await acme.run(createVpnGroupCall, { ...SETTINGS, name: 'Ranges', ...bad } as never);
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.msg).toContain(field);
  });

  it('edits names and limits while running, tunnel settings only when stopped (180008)', async () => {
    const group = await newGroup(acme, 'Editable');
    const body = {
      vpnGroupId: group.vpnGroupId,
      name: 'Edited',
      region: group.region,
      protocol: group.protocol,
      pingInterval: group.pingInterval,
      pingRetry: group.pingRetry,
      mtu: group.mtu,
      fragment: group.fragment,
      cipher: group.cipher,
      dataLimitMb: 2048,
      cycle: 'week' as const,
      siteIpAccessType: group.siteIpAccessType,
    };
    const renamed = await acme.run(updateVpnGroupCall, body);
    expect(renamed.data).toMatchObject({ name: 'Edited', dataLimitMb: 2048, cycle: 'week' });
    const running = await acme.run(updateVpnGroupCall, { ...body, mtu: 1400 });
    expect(running).toMatchObject({ code: ErrorCode.VPN_GROUP_RUNNING, msg: errorMessage(180008, 'en') });
    const stopped = await acme.run(setVpnGroupStateCall, { vpnGroupId: group.vpnGroupId, state: 'stopped' });
    expect(stopped.data?.state).toBe('stopped');
    const changed = await acme.run(updateVpnGroupCall, { ...body, mtu: 1400, protocol: 'tcp' });
    expect(changed.data).toMatchObject({ mtu: 1400, protocol: 'tcp', state: 'stopped' });
    expect(
      (await acme.run(setVpnGroupStateCall, { vpnGroupId: group.vpnGroupId, state: 'running' })).data?.state,
    ).toBe('running');
    expect((await acme.run(deleteVpnGroupCall, { vpnGroupId: group.vpnGroupId })).code).toBe(0);
    expect((await acme.run(getVpnGroupCall, { vpnGroupId: group.vpnGroupId })).code).toBe(
      ErrorCode.VPN_GROUP_NOT_FOUND,
    );
  });

  it('says that no local hub runs on this platform', async () => {
    const res = await acme.run(getVpnHubStatusCall, {});
    expect(res.data).toMatchObject({ state: 'external', instances: 0 });
  });
});

describe('devices in VPN groups', () => {
  let depots: VpnGroup;
  beforeAll(async () => {
    depots = (await acme.run(listVpnGroupsCall, { pageNum: 1, pageSize: 10, name: 'Depots' })).data!.list[0]!;
  });
  const ip = (host: number) => depots.virtualNetwork.replace(/0\/24$/, String(host));

  it('adds devices with the next free addresses; they leave the ungrouped list', async () => {
    const res = await acme.run(addVpnGroupDevicesCall, {
      vpnGroupId: depots.vpnGroupId,
      sns: [SNS[0]!, SNS[1]!],
    });
    expect(res.data).toEqual([
      { sn: SNS[0], virtualIp: ip(2) },
      { sn: SNS[1], virtualIp: ip(3) },
    ]);
    const page = await acme.run(listVpnGroupDevicesCall, {
      vpnGroupId: depots.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(page.data?.list).toMatchObject([
      { sn: SNS[0], virtualIp: ip(2), vpnState: 'disconnected', bytesIn: 0 },
      { sn: SNS[1], virtualIp: ip(3), vpnState: 'disconnected' },
    ]);
    const ungrouped = await acme.run(listUngroupedDevicesCall, { pageNum: 1, pageSize: 50 });
    const sns = ungrouped.data?.list.map((d) => d.sn) ?? [];
    expect(sns).not.toContain(SNS[0]);
    expect(sns).toContain(SNS[2]);
    expect(sns).not.toContain('VPBRAVO1');
    expect((await acme.run(getVpnGroupCall, { vpnGroupId: depots.vpnGroupId })).data?.deviceCount).toBe(2);
  });

  it('needs an Advanced or Extension licence on every device (180020), Basic included', async () => {
    for (const sn of ['VPESS001', 'VPBASIC1']) {
      const res = await acme.run(addVpnGroupDevicesCall, {
        vpnGroupId: depots.vpnGroupId,
        sns: [SNS[3]!, sn],
      });
      expect(res).toMatchObject({ code: ErrorCode.VPN_NEEDS_ADVANCED, msg: errorMessage(180020, 'en') });
    }
    // All or none: the licensed device of the refused call did not join.
    const page = await acme.run(listVpnGroupDevicesCall, {
      vpnGroupId: depots.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(page.data?.total).toBe(2);
    // Extension devices have VPN too.
    const ext = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: depots.vpnGroupId, sns: [SNS[10]!] });
    expect(ext.code).toBe(0);
    await acme.run(removeVpnGroupDevicesCall, { vpnGroupId: depots.vpnGroupId, sns: [SNS[10]!] });
  });

  it('keeps a device in one group (180030), refuses unknown devices and those of another company', async () => {
    const kiosks = (await acme.run(listVpnGroupsCall, { pageNum: 1, pageSize: 10, name: 'Kiosks' })).data!
      .list[0]!;
    const res = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: kiosks.vpnGroupId, sns: [SNS[0]!] });
    expect(res).toMatchObject({ code: ErrorCode.DEVICE_ONE_VPN_GROUP, msg: errorMessage(180030, 'en') });
    const cn = await acme.run(
      addVpnGroupDevicesCall,
      { vpnGroupId: kiosks.vpnGroupId, sns: [SNS[0]!] },
      'cn',
    );
    expect(cn.msg).toBe('一台设备只能加入一个VPN组');
    const theirs = await acme.run(addVpnGroupDevicesCall, {
      vpnGroupId: kiosks.vpnGroupId,
      sns: ['VPBRAVO1'],
    });
    expect(theirs.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    // Adding a member again changes nothing.
    const again = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: depots.vpnGroupId, sns: [SNS[0]!] });
    expect(again.data).toEqual([{ sn: SNS[0], virtualIp: ip(2) }]);
  });

  it('keeps a device its address when it leaves and rejoins, while others join meanwhile', async () => {
    const removed = await acme.run(removeVpnGroupDevicesCall, {
      vpnGroupId: depots.vpnGroupId,
      sns: [SNS[0]!],
    });
    expect(removed.code).toBe(0);
    const notIn = await acme.run(removeVpnGroupDevicesCall, {
      vpnGroupId: depots.vpnGroupId,
      sns: [SNS[0]!],
    });
    expect(notIn).toMatchObject({ code: ErrorCode.VPN_DEVICE_NOT_IN_GROUP, msg: errorMessage(180041, 'en') });
    // .4 stays kept for the Extension device that left before: the newcomer gets .5.
    const newcomer = await acme.run(addVpnGroupDevicesCall, {
      vpnGroupId: depots.vpnGroupId,
      sns: [SNS[2]!],
    });
    expect(newcomer.data).toEqual([{ sn: SNS[2], virtualIp: ip(5) }]);
    const back = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: depots.vpnGroupId, sns: [SNS[0]!] });
    expect(back.data).toEqual([{ sn: SNS[0], virtualIp: ip(2) }]);
  });

  it('refuses members beyond the virtual network (180024); the oldest departed address is reused only when full', async () => {
    const tiny = await newGroup(acme, 'Tiny', { networkPrefix: 29 });
    expect(tiny.capacity).toBe(5);
    const five = SNS.slice(3, 8);
    const added = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: tiny.vpnGroupId, sns: five });
    expect(added.data?.map((d) => d.virtualIp.split('.')[3])).toEqual(
      ['2', '3', '4', '5', '6'].map((h) => String(Number(tiny.hubAddress.split('.')[3]) - 1 + Number(h))),
    );
    const full = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: tiny.vpnGroupId, sns: [SNS[8]!] });
    expect(full).toMatchObject({ code: ErrorCode.VPN_GROUP_IP_LIMIT, msg: errorMessage(180024, 'en') });
    // One leaves: the newcomer takes its address, as no other is free.
    await acme.run(removeVpnGroupDevicesCall, { vpnGroupId: tiny.vpnGroupId, sns: [SNS[3]!] });
    const newcomer = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: tiny.vpnGroupId, sns: [SNS[8]!] });
    expect(newcomer.data?.[0]?.virtualIp).toBe(added.data?.[0]?.virtualIp);
    await acme.run(deleteVpnGroupCall, { vpnGroupId: tiny.vpnGroupId });
  });

  it("refuses devices beyond the region hub's maximum (180006)", async () => {
    const before = t.deps.config.vpn.hubMaxDevices;
    t.deps.config.vpn.hubMaxDevices = 4; // Depots holds 3 in EUR now.
    try {
      const res = await acme.run(addVpnGroupDevicesCall, {
        vpnGroupId: depots.vpnGroupId,
        sns: [SNS[8]!, SNS[9]!],
      });
      expect(res).toMatchObject({ code: ErrorCode.VPN_DEVICE_LIMIT, msg: errorMessage(180006, 'en') });
      const asia = await newGroup(acme, 'Asia', { region: 'EA' });
      expect(
        (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: asia.vpnGroupId, sns: [SNS[8]!, SNS[9]!] }))
          .code,
      ).toBe(0);
      await acme.run(deleteVpnGroupCall, { vpnGroupId: asia.vpnGroupId });
    } finally {
      t.deps.config.vpn.hubMaxDevices = before;
    }
  });

  it('lets a deleted group free its devices', async () => {
    const group = await newGroup(acme, 'Short lived');
    await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: [SNS[9]!] });
    await acme.run(deleteVpnGroupCall, { vpnGroupId: group.vpnGroupId });
    const ungrouped = await acme.run(listUngroupedDevicesCall, { pageNum: 1, pageSize: 50, keyword: SNS[9] });
    expect(ungrouped.data?.list.map((d) => d.sn)).toEqual([SNS[9]]);
  });
});

describe('service clients', () => {
  let groups: VpnGroup[];
  beforeAll(async () => {
    groups = [];
    for (const name of ['SC One', 'SC Two', 'SC Three', 'SC Four', 'SC Five', 'SC Six'])
      groups.push(await newGroup(acme, name, { networkPrefix: 28 }));
  });

  it('creates a client in up to 5 groups with an address in each and a key shown once', async () => {
    const ids = groups.slice(0, 5).map((g) => g.vpnGroupId);
    const res = await acme.run(createServiceClientCall, {
      name: '工程师 Laptop_1',
      type: 'server',
      vpnGroupIds: ids,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      name: '工程师 Laptop_1',
      type: 'server',
      clientCode: expect.stringMatching(/^SC[0-9A-F]{12}$/),
    });
    expect(res.data?.clientKey).toMatch(/^[\w-]{24}$/);
    expect(res.data?.groups.map((g) => g.vpnGroupId)).toEqual(ids);
    for (const [i, g] of (res.data?.groups ?? []).entries())
      expect(g.virtualIp).toBe(groups[i]!.hubAddress.replace(/\.(\d+)$/, (_, h) => `.${Number(h) + 1}`));
    const list = await acme.run(listServiceClientsCall, { pageNum: 1, pageSize: 10 });
    expect(list.data?.list[0]).not.toHaveProperty('clientKey');
    expect((await acme.run(getVpnGroupCall, { vpnGroupId: ids[0]! })).data?.clientCount).toBe(1);
  });

  it('refuses a sixth group (180033), a user-type client in two (180007) and a taken name (180003)', async () => {
    const six = groups.map((g) => g.vpnGroupId);
    const tooMany = await acme.run(createServiceClientCall, {
      name: 'Six',
      type: 'server',
      vpnGroupIds: six,
    });
    expect(tooMany).toMatchObject({ code: ErrorCode.CLIENT_GROUP_LIMIT, msg: errorMessage(180033, 'en') });
    const user = await acme.run(createServiceClientCall, {
      name: 'Anna',
      type: 'user',
      vpnGroupIds: six.slice(0, 2),
    });
    expect(user).toMatchObject({ code: ErrorCode.USER_CLIENT_ONE_GROUP, msg: errorMessage(180007, 'en') });
    const taken = await acme.run(createServiceClientCall, {
      name: '工程师 laptop_1',
      type: 'user',
      vpnGroupIds: [],
    });
    expect(taken).toMatchObject({
      code: ErrorCode.SERVICE_CLIENT_NAME_EXISTS,
      msg: errorMessage(180003, 'en'),
    });
  });

  it.each(['Bad-Name', 'x', 'a'.repeat(51), 'Tab\tName'])('refuses the name %j with code 1', async (name) => {
    const res = await acme.run(createServiceClientCall, { name, type: 'user', vpnGroupIds: [] });
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.msg).toContain('name');
  });

  it("refuses another company's group (180002) and an unknown client (180005)", async () => {
    const theirs = (await bravo.run(listVpnGroupsCall, { pageNum: 1, pageSize: 10 })).data!.list[0]!;
    const res = await acme.run(createServiceClientCall, {
      name: 'Spy',
      type: 'user',
      vpnGroupIds: [theirs.vpnGroupId],
    });
    expect(res.code).toBe(ErrorCode.VPN_GROUP_NOT_FOUND);
    expect((await acme.run(deleteServiceClientCall, { clientId: 999_999 })).code).toBe(
      ErrorCode.SERVICE_CLIENT_NOT_FOUND,
    );
  });

  it('moves a user-type client between groups, keeping its old address for its return, and deletes it', async () => {
    const created = await acme.run(createServiceClientCall, {
      name: 'Anna',
      type: 'user',
      vpnGroupIds: [groups[5]!.vpnGroupId],
    });
    const clientId = created.data!.clientId;
    const first = created.data!.groups[0]!.virtualIp;
    const moved = await acme.run(updateServiceClientCall, {
      clientId,
      name: 'Anna B',
      vpnGroupIds: [groups[0]!.vpnGroupId],
    });
    expect(moved.data).toMatchObject({ name: 'Anna B', groups: [{ vpnGroupId: groups[0]!.vpnGroupId }] });
    const notLinked = await acme.run(downloadClientProfileCall, {
      clientId,
      vpnGroupId: groups[5]!.vpnGroupId,
    });
    expect(notLinked).toMatchObject({
      code: ErrorCode.VPN_CLIENT_NOT_IN_GROUP,
      msg: errorMessage(180042, 'en'),
    });
    const back = await acme.run(updateServiceClientCall, {
      clientId,
      name: 'Anna B',
      vpnGroupIds: [groups[5]!.vpnGroupId],
    });
    expect(back.data?.groups[0]?.virtualIp).toBe(first);
    const two = await acme.run(updateServiceClientCall, {
      clientId,
      name: 'Anna B',
      vpnGroupIds: [groups[5]!.vpnGroupId, groups[0]!.vpnGroupId],
    });
    expect(two.code).toBe(ErrorCode.USER_CLIENT_ONE_GROUP);
    expect((await acme.run(deleteServiceClientCall, { clientId })).code).toBe(0);
    const gone = await acme.run(downloadClientProfileCall, { clientId, vpnGroupId: groups[5]!.vpnGroupId });
    expect(gone.code).toBe(ErrorCode.SERVICE_CLIENT_NOT_FOUND);
  });

  it('refuses more than the company may create (180032, with the number)', async () => {
    const count = (await acme.run(listVpnGroupsCall, { pageNum: 1, pageSize: 100 })).data!.total;
    for (let i = count; i < MAX_VPN_GROUPS_PER_COMPANY; i++)
      await newGroup(acme, `Filler ${i}`, { networkPrefix: 29 });
    const res = await acme.run(createVpnGroupCall, { ...SETTINGS, name: 'One too many' });
    expect(res).toMatchObject({
      code: ErrorCode.VPN_GROUP_LIMIT,
      msg: `You can create at most ${MAX_VPN_GROUPS_PER_COMPANY} VPN groups`,
    });
  });
});
