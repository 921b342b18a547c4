import {
  addVpnGroupDevicesCall,
  createServiceClientCall,
  createVpnGroupCall,
  ErrorCode,
  errorMessage,
  getVpnHubHealthCall,
  getVpnTopTalkersCall,
  getVpnTrafficSeriesCall,
  listVpnActivityCall,
  listVpnNotificationsCall,
  listVpnTunnelsCall,
  markVpnNotificationsReadCall,
  rotateVpnCertificateCall,
  type ServiceClient,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { recordRouterTunnel } from './router-status.ts';

/**
 * The VPN console's dashboard charts and lists through the API with the injected clock: traffic per
 * group by hour and by day from the tunnels' reads, top talkers, hub health per region, the VPN devices
 * list, the activity and notifications of VPN only, and the refusals of certificate rotation (its
 * signing path, which needs openssl, is in vpn-routers.hub.test.ts). Another company sees none of it.
 */

const MB = 1024 * 1024;
const HOUR = 3_600_000;
// 21:00 UTC: the reads below span two UTC days within one session (4 hours).
const START = Date.UTC(2026, 10, 10, 21, 0);
const LAST_READ = START + 3.5 * HOUR;
let t: TestApp;
let acme: Owner;
let bravo: Owner;
let plant: VpnGroup;
let depot: VpnGroup;
let client: ServiceClient;

/** A router's own report of its tunnel with counters of `mb` since it came up. */
const report = (group: VpnGroup, sn: string, mb: number) =>
  recordRouterTunnel(t.deps, sn, acme.companyId, {
    groupId: group.vpnGroupId,
    state: 'connected',
    virtualIp: null,
    rxBytes: Math.round((mb * MB) / 2),
    txBytes: Math.round((mb * MB) / 2),
    since: START,
  });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  acme = await companyOwner(t, 'Acme Console', 'owner@acme-vpnconsole.test');
  bravo = await companyOwner(t, 'Bravo Console', 'owner@bravo-vpnconsole.test');
  const sns = ['VC0001', 'VC0002', 'VC0003'];
  await seedDevices(
    t,
    acme.companyId,
    sns.map((sn) => ({ sn, name: `Pump ${sn.slice(-1)}` })),
  );
  await putOnLevel(t, acme, sns, 'ADVANCED');
  plant = (await acme.run(createVpnGroupCall, { name: 'Plant', region: 'EUR', dataLimitMb: 10 })).data!;
  depot = (await acme.run(createVpnGroupCall, { name: 'Depot', region: 'NA', dataLimitMb: 1000 })).data!;
  expect(
    (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: plant.vpnGroupId, sns: ['VC0001', 'VC0002'] }))
      .code,
  ).toBe(0);
  expect(
    (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: depot.vpnGroupId, sns: ['VC0003'] })).code,
  ).toBe(0);
  const created = await acme.run(createServiceClientCall, {
    name: 'Laptop Anna',
    type: 'user',
    vpnGroupIds: [plant.vpnGroupId],
  });
  expect(created.code, created.msg).toBe(0);
  client = created.data!;
  // 21:00: VC0001 1 MB; 22:00: VC0001 3 MB (2 more), VC0002 5 MB; 00:30 the next day: VC0003 20 MB.
  await report(plant, 'VC0001', 1);
  t.clock.set(START + HOUR);
  await report(plant, 'VC0001', 3);
  await report(plant, 'VC0002', 5);
  t.clock.set(LAST_READ);
  await report(depot, 'VC0003', 20);
}, 60_000);
afterAll(() => t?.close());

describe('VPN dashboard: traffic over time and top talkers', () => {
  it('sums each group per hour over a short range, every hour of it present', async () => {
    const res = await acme.run(getVpnTrafficSeriesCall, { startTime: START, endTime: START + 3 * HOUR - 1 });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({
      bucket: 'hour',
      times: [START, START + HOUR, START + 2 * HOUR],
      groups: [{ vpnGroupId: plant.vpnGroupId, name: 'Plant', bytes: [1 * MB, 7 * MB, 0] }],
    });
  });

  it('sums per UTC day over a range of more than three days, and one group when asked', async () => {
    const day = Date.UTC(2026, 10, 10);
    const all = await acme.run(getVpnTrafficSeriesCall, {
      startTime: day - 3 * 24 * HOUR,
      endTime: day + 48 * HOUR,
    });
    expect(all.data!.bucket).toBe('day');
    expect(all.data!.times).toHaveLength(6);
    expect(all.data!.groups).toEqual([
      { vpnGroupId: depot.vpnGroupId, name: 'Depot', bytes: [0, 0, 0, 0, 20 * MB, 0] },
      { vpnGroupId: plant.vpnGroupId, name: 'Plant', bytes: [0, 0, 0, 8 * MB, 0, 0] },
    ]);
    const one = await acme.run(getVpnTrafficSeriesCall, {
      startTime: day - 3 * 24 * HOUR,
      endTime: day + 48 * HOUR,
      vpnGroupId: depot.vpnGroupId,
    });
    expect(one.data!.groups.map((g) => g.name)).toEqual(['Depot']);
  });

  it('refuses a range over three months (120098), as the device charts do', async () => {
    const res = await acme.run(getVpnTrafficSeriesCall, {
      startTime: START - 100 * 24 * HOUR,
      endTime: START,
    });
    expect(res.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
    expect(res.msg).toBe(errorMessage(ErrorCode.RANGE_THREE_MONTHS, 'en'));
  });

  it('ranks the routers by what their tunnels carried in the range', async () => {
    const res = await acme.run(getVpnTopTalkersCall, {
      startTime: START,
      endTime: START + 30 * HOUR,
      limit: 2,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual([
      {
        kind: 'device',
        sn: 'VC0003',
        clientId: null,
        name: 'Pump 3',
        vpnGroupId: depot.vpnGroupId,
        groupName: 'Depot',
        bytes: 20 * MB,
      },
      {
        kind: 'device',
        sn: 'VC0002',
        clientId: null,
        name: 'Pump 2',
        vpnGroupId: plant.vpnGroupId,
        groupName: 'Plant',
        bytes: 5 * MB,
      },
    ]);
  });

  it('shows another company no traffic and no talkers', async () => {
    const range = { startTime: START, endTime: START + 30 * HOUR };
    expect((await bravo.run(getVpnTrafficSeriesCall, range)).data!.groups).toEqual([]);
    expect((await bravo.run(getVpnTopTalkersCall, range)).data).toEqual([]);
  });
});

describe('VPN dashboard: hub health per region', () => {
  it("lists each region of the company's groups with its tunnels and last read", async () => {
    const res = await acme.run(getVpnHubHealthCall, {});
    expect(res.code, res.msg).toBe(0);
    // This test app runs no local hub: the hubs are elsewhere (`external`).
    expect(res.data).toEqual([
      {
        region: 'EUR',
        state: 'external',
        groupsRunning: 1,
        groupsUp: 1,
        tunnels: 2,
        lastStatusAt: START + HOUR,
      },
      {
        region: 'NA',
        state: 'external',
        groupsRunning: 1,
        groupsUp: 1,
        tunnels: 1,
        lastStatusAt: LAST_READ,
      },
    ]);
    expect((await bravo.run(getVpnHubHealthCall, {})).data).toEqual([]);
  });
});

describe('VPN devices', () => {
  it('lists the routers and clients of every group with their tunnels', async () => {
    const res = await acme.run(listVpnTunnelsCall, { pageNum: 1, pageSize: 10 });
    expect(res.code, res.msg).toBe(0);
    expect(res.total).toBe(4);
    expect(res.data!.list.map((r) => [r.groupName, r.kind, r.name, r.vpnState])).toEqual([
      ['Depot', 'device', 'Pump 3', 'connected'],
      ['Plant', 'device', 'Pump 1', 'connected'],
      ['Plant', 'device', 'Pump 2', 'connected'],
      ['Plant', 'client', 'Laptop Anna', 'disconnected'],
    ]);
    expect(res.data!.list[3]).toMatchObject({
      sn: null,
      clientId: client.clientId,
      model: null,
      online: null,
    });
  });

  it('filters by keyword, kind, state and group, and pages', async () => {
    const by = async (filter: Record<string, unknown>) =>
      (await acme.run(listVpnTunnelsCall, { pageNum: 1, pageSize: 10, ...filter })).data!.list.map(
        (r) => r.name,
      );
    expect(await by({ keyword: 'pump 2' })).toEqual(['Pump 2']);
    expect(await by({ keyword: 'vc0003' })).toEqual(['Pump 3']);
    expect(await by({ kind: 'client' })).toEqual(['Laptop Anna']);
    expect(await by({ vpnState: 'disconnected' })).toEqual(['Laptop Anna']);
    expect(await by({ vpnGroupId: depot.vpnGroupId })).toEqual(['Pump 3']);
    const second = await acme.run(listVpnTunnelsCall, { pageNum: 2, pageSize: 3 });
    expect(second.total).toBe(4);
    expect(second.data!.list.map((r) => r.name)).toEqual(['Laptop Anna']);
  });

  it('shows another company none of them', async () => {
    const res = await bravo.run(listVpnTunnelsCall, { pageNum: 1, pageSize: 10 });
    expect(res.total).toBe(0);
  });
});

describe('VPN activity and notifications', () => {
  it('shows the VPN actions of the company only', async () => {
    const res = await acme.run(listVpnActivityCall, { pageNum: 1, pageSize: 50 });
    expect(res.code, res.msg).toBe(0);
    const calls = res.data!.list.map((r) => r.callId);
    expect(calls).toEqual(expect.arrayContaining(['vpn.createGroup', 'vpn.addDevices', 'vpn.createClient']));
    expect(calls.every((c) => c.startsWith('vpn.') || c.startsWith('dataPool.'))).toBe(true);
    expect(calls.length).toBeGreaterThanOrEqual(5);
    expect((await bravo.run(listVpnActivityCall, { pageNum: 1, pageSize: 50 })).total).toBe(0);
  });

  it("lists the group's data limit warning and marks it read for the caller", async () => {
    // Plant (10 MB a month) carried 8 MB: 80 % was told once.
    const res = await acme.run(listVpnNotificationsCall, { pageNum: 1, pageSize: 10 });
    expect(res.code, res.msg).toBe(0);
    expect(res.data!.list).toHaveLength(1);
    const [warning] = res.data!.list;
    expect(warning).toMatchObject({ bizType: 'vpnDataLow', checked: false, severity: 'minor' });
    expect(warning!.content).toBe(
      'The VPN group Plant has used 80 % of its data limit: 8.00 MB of 10.00 MB.',
    );
    const marked = await acme.run(markVpnNotificationsReadCall, { ids: [warning!.id] });
    expect(marked.data).toEqual({ marked: 1 });
    const unread = await acme.run(listVpnNotificationsCall, { pageNum: 1, pageSize: 10, read: 'unread' });
    expect(unread.total).toBe(0);
    expect((await bravo.run(listVpnNotificationsCall, { pageNum: 1, pageSize: 10 })).total).toBe(0);
    expect((await bravo.run(markVpnNotificationsReadCall, { ids: [warning!.id] })).data).toEqual({
      marked: 0,
    });
  });
});

describe('certificate rotation: refusals', () => {
  it('refuses a router or client that is not in the group, and a call naming both or neither', async () => {
    const notIn = await acme.run(rotateVpnCertificateCall, { vpnGroupId: depot.vpnGroupId, sn: 'VC0001' });
    expect(notIn.code).toBe(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
    const clientNotIn = await acme.run(rotateVpnCertificateCall, {
      vpnGroupId: depot.vpnGroupId,
      clientId: client.clientId,
    });
    expect(clientNotIn.code).toBe(ErrorCode.VPN_CLIENT_NOT_IN_GROUP);
    const both = await acme.run(rotateVpnCertificateCall, {
      vpnGroupId: plant.vpnGroupId,
      sn: 'VC0001',
      clientId: client.clientId,
    });
    expect(both.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(both.msg).toContain('sn');
    const neither = await acme.run(rotateVpnCertificateCall, { vpnGroupId: plant.vpnGroupId });
    expect(neither.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it("refuses another company's group (180002)", async () => {
    const res = await bravo.run(rotateVpnCertificateCall, { vpnGroupId: plant.vpnGroupId, sn: 'VC0001' });
    expect(res.code).toBe(ErrorCode.VPN_GROUP_NOT_FOUND);
  });
});
