import {
  addVpnGroupDevicesCall,
  createVpnGroupCall,
  ErrorCode,
  getVpnDashboardCall,
  listVpnGroupDevicesCall,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { recordRouterTunnel } from './router-status.ts';

/**
 * The VPN dashboard from the routers' own reports of their tunnels (status module `vpn`, as the
 * gateway hands them over): connected routers, traffic counted against the group's limit, and the
 * refusal code once it is reached; another company sees none of it.
 */

const MB = 1024 * 1024;
let t: TestApp;
let acme: Owner;
let bravo: Owner;
let group: VpnGroup;
const SNS = ['VD0001', 'VD0002', 'VD0003'];

const report = (sn: string, state: 'connected' | 'disconnected', mb = 0) =>
  recordRouterTunnel(t.deps, sn, acme.companyId, {
    groupId: group.vpnGroupId,
    state,
    virtualIp: null,
    rxBytes: Math.round((mb * MB) / 2),
    txBytes: Math.round((mb * MB) / 2),
    since: state === 'connected' ? t.clock.now().getTime() : null,
  });

async function board(who: Owner = acme) {
  const res = await who.run(getVpnDashboardCall, {});
  expect(res.code, res.msg).toBe(0);
  return res.data!;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.UTC(2026, 10, 10, 9, 0));
  acme = await companyOwner(t, 'Acme Board', 'owner@acme-vpnboard.test');
  bravo = await companyOwner(t, 'Bravo Board', 'owner@bravo-vpnboard.test');
  await seedDevices(
    t,
    acme.companyId,
    SNS.map((sn) => ({ sn })),
  );
  await putOnLevel(t, acme, SNS, 'ADVANCED');
  group = (
    await acme.run(createVpnGroupCall, { name: 'Plant', region: 'EUR', dataLimitMb: 10, cycle: 'month' })
  ).data!;
  expect((await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: SNS })).code).toBe(0);
}, 60_000);
afterAll(() => t?.close());

describe('VPN dashboard', () => {
  it('shows the group with no router connected yet', async () => {
    expect(await board()).toMatchObject({
      groupsRunning: 1,
      groupsTotal: 1,
      devicesConnected: 0,
      devicesTotal: 3,
      groups: [
        { name: 'Plant', state: 'running', devices: 3, connected: 0, usedBytes: 0, usageState: 'normal' },
      ],
    });
  });

  it("counts the routers' own reports: connected, and their counters' growth as traffic", async () => {
    await report('VD0001', 'connected', 1);
    await report('VD0002', 'connected', 2);
    await report('VD0001', 'connected', 3);
    const b = await board();
    expect(b).toMatchObject({ devicesConnected: 2, devicesTotal: 3 });
    expect(b.groups[0]).toMatchObject({ connected: 2, usedBytes: 5 * MB, percent: 50, code: null });
    const devices = await acme.run(listVpnGroupDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(
      devices
        .data!.list.filter((d) => d.vpnState === 'connected')
        .map((d) => d.sn)
        .sort(),
    ).toEqual(['VD0001', 'VD0002']);
  });

  it('a tunnel that went down is disconnected; one that comes back counts all its new counters', async () => {
    await report('VD0002', 'disconnected');
    expect((await board()).devicesConnected).toBe(1);
    await report('VD0002', 'connected', 4);
    expect((await board()).groups[0]).toMatchObject({
      connected: 2,
      usedBytes: 9 * MB,
      usageState: 'warning',
    });
    await report('VD0003', 'connected', 1.5);
    expect((await board()).groups[0]).toMatchObject({
      connected: 3,
      usageState: 'exhausted',
      code: ErrorCode.VPN_GROUP_TRAFFIC_EXHAUSTED,
    });
  });

  it('shows another company nothing of it', async () => {
    expect(await board(bravo)).toEqual({
      groupsRunning: 0,
      groupsTotal: 0,
      devicesConnected: 0,
      devicesTotal: 0,
      groups: [],
    });
  });
});
