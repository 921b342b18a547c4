import {
  addVpnGroupDevicesCall,
  createVpnGroupCall,
  ErrorCode,
  errorMessage,
  getVpnGroupUsageCall,
  setVpnDeviceLimitCall,
  updateVpnGroupCall,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { recordMemberStatus } from './hub-status.ts';
import { cycleBounds } from './usage.ts';
import * as store from './vpn.store.ts';

/**
 * VPN data limits through the API with the injected clock (issue 17): the hub's counters, as its status
 * read records them, count against the group's limit per cycle and a device's own; 80 % warns, 100 %
 * exhausts (180021 for the group, 180022 for a device), and a new cycle starts the count again.
 */

const MB = 1024 * 1024;
let t: TestApp;
let acme: Owner;
let bravo: Owner;
let group: VpnGroup;

/** What the hub's status read records for a member: its tunnel's counters now. */
async function hubSays(sn: string, counters: { bytesIn: number; bytesOut: number } | null) {
  const scope = companyScope(acme.companyId);
  const row = (await store.findGroup(t.deps.db, scope, group.vpnGroupId))!;
  const member = (await store.groupMembers(t.deps.db, scope, group.vpnGroupId)).find(
    (m) => m.member_key === `device:${sn}`,
  )!;
  await recordMemberStatus(
    t.deps,
    row,
    member,
    counters
      ? {
          realAddress: '203.0.113.7:50211',
          bytesIn: Math.round(counters.bytesIn),
          bytesOut: Math.round(counters.bytesOut),
        }
      : null,
    t.clock.now(),
  );
}

async function usage() {
  const res = await acme.run(getVpnGroupUsageCall, { vpnGroupId: group.vpnGroupId });
  expect(res.code).toBe(0);
  return res.data!;
}

beforeAll(async () => {
  t = await createTestApp();
  // A Tuesday, late in the (UTC) day: the next cycle is minutes away, well within a session.
  t.clock.set(Date.UTC(2026, 10, 10, 23, 40));
  acme = await companyOwner(t, 'Acme Limits', 'owner@acme-limits.test');
  bravo = await companyOwner(t, 'Bravo Limits', 'owner@bravo-limits.test');
  await seedDevices(t, acme.companyId, [{ sn: 'VL0001' }, { sn: 'VL0002' }, { sn: 'VL0003' }]);
  await putOnLevel(t, acme, ['VL0001', 'VL0002', 'VL0003'], 'ADVANCED');
  group = (
    await acme.run(createVpnGroupCall, { name: 'Limited', region: 'EUR', dataLimitMb: 10, cycle: 'day' })
  ).data!;
  expect(
    (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VL0001', 'VL0002'] }))
      .code,
  ).toBe(0);
}, 60_000);
afterAll(() => t?.close());

describe('VPN data limits', () => {
  it('starts a cycle at nothing used', async () => {
    expect(await usage()).toMatchObject({
      cycle: 'day',
      cycleStart: Date.UTC(2026, 10, 10),
      cycleEnd: Date.UTC(2026, 10, 11),
      limitBytes: 10 * MB,
      usedBytes: 0,
      percent: 0,
      state: 'normal',
      code: null,
    });
  });

  it('warns from 80 % of the group limit', async () => {
    await hubSays('VL0001', { bytesIn: 4 * MB, bytesOut: 4 * MB });
    const u = await usage();
    expect(u).toMatchObject({ usedBytes: 8 * MB, percent: 80, state: 'warning', code: null });
    expect(u.devices.find((d) => d.sn === 'VL0001')).toMatchObject({
      usedBytes: 8 * MB,
      dataLimitMb: null,
      percent: null,
      state: 'normal',
      code: null,
    });
  });

  it('counts only the growth of a connected tunnel, and exhausts the group at 100 % (180021)', async () => {
    // The same connection half a megabyte later, and a second router's new connection.
    await hubSays('VL0001', { bytesIn: 4 * MB, bytesOut: 4.5 * MB });
    await hubSays('VL0002', { bytesIn: 1 * MB, bytesOut: 1 * MB });
    const u = await usage();
    expect(u).toMatchObject({
      usedBytes: 10.5 * MB,
      percent: 105,
      state: 'exhausted',
      code: ErrorCode.VPN_GROUP_TRAFFIC_EXHAUSTED,
    });
    expect(errorMessage(u.code!, 'en')).toBe('The VPN traffic of the group is exhausted');
    expect(u.devices.map((d) => [d.sn, d.state, d.code])).toEqual([
      ['VL0001', 'exhausted', 180021],
      ['VL0002', 'exhausted', 180021],
    ]);
  });

  it('lets a higher group limit carry on at once', async () => {
    const raised = await acme.run(updateVpnGroupCall, {
      vpnGroupId: group.vpnGroupId,
      name: group.name,
      region: group.region,
      dataLimitMb: 100,
      cycle: 'day',
      siteIpAccessType: group.siteIpAccessType,
    });
    expect(raised.code).toBe(0);
    expect(await usage()).toMatchObject({ usedBytes: 10.5 * MB, percent: 10, state: 'normal', code: null });
    await acme.run(updateVpnGroupCall, {
      vpnGroupId: group.vpnGroupId,
      name: group.name,
      region: group.region,
      dataLimitMb: 10,
      cycle: 'day',
      siteIpAccessType: group.siteIpAccessType,
    });
    expect((await usage()).state).toBe('exhausted');
  });

  it('starts the count again in the next cycle', async () => {
    t.clock.set(Date.UTC(2026, 10, 11, 0, 0, 1));
    expect(await usage()).toMatchObject({
      cycleStart: Date.UTC(2026, 10, 11),
      usedBytes: 0,
      state: 'normal',
      code: null,
    });
  });

  it("exhausts a device at its own limit (180022) while the group carries on; a new connection's counters count whole", async () => {
    const set = await acme.run(setVpnDeviceLimitCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VL0002',
      dataLimitMb: 2,
    });
    expect(set.code).toBe(0);
    // VL0002's connection grew by 1.5 MB since the last read (2 MB then, 3.5 MB now).
    await hubSays('VL0002', { bytesIn: 1.5 * MB, bytesOut: 2 * MB });
    let device = (await usage()).devices.find((d) => d.sn === 'VL0002')!;
    expect(device).toMatchObject({
      dataLimitMb: 2,
      usedBytes: 1.5 * MB,
      percent: 75,
      state: 'normal',
      code: null,
    });
    // 0.2 MB more: 1.7 MB of 2 is 85 %.
    await hubSays('VL0002', { bytesIn: 1.6 * MB, bytesOut: 2.1 * MB });
    device = (await usage()).devices.find((d) => d.sn === 'VL0002')!;
    expect(device).toMatchObject({ percent: 85, state: 'warning', code: null });
    // Disconnected, then a new connection whose counters started again: all of them count.
    await hubSays('VL0002', null);
    await hubSays('VL0002', { bytesIn: 0.3 * MB, bytesOut: 0.1 * MB });
    const u = await usage();
    device = u.devices.find((d) => d.sn === 'VL0002')!;
    expect(Math.abs(device.usedBytes - 2.1 * MB)).toBeLessThan(2);
    expect(device).toMatchObject({ state: 'exhausted', code: ErrorCode.VPN_DEVICE_TRAFFIC_EXHAUSTED });
    expect(errorMessage(device.code!, 'en')).toBe('The VPN traffic of the device is exhausted');
    expect(u).toMatchObject({ state: 'normal', code: null });
    expect(u.devices.find((d) => d.sn === 'VL0001')).toMatchObject({ state: 'normal', code: null });
    // Lifting its own limit lets it in again.
    await acme.run(setVpnDeviceLimitCall, { vpnGroupId: group.vpnGroupId, sn: 'VL0002', dataLimitMb: null });
    expect((await usage()).devices.find((d) => d.sn === 'VL0002')).toMatchObject({
      state: 'normal',
      code: null,
    });
  });

  it('refuses a limit out of range (1), a device not in the group (180041) and another company (180002, 120002)', async () => {
    const zero = await acme.run(setVpnDeviceLimitCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VL0001',
      dataLimitMb: 0,
    });
    expect(zero.code).toBe(1);
    expect(zero.msg).toContain('dataLimitMb');
    const outside = await acme.run(setVpnDeviceLimitCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VL0003',
      dataLimitMb: 5,
    });
    expect(outside.code).toBe(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
    expect((await bravo.run(getVpnGroupUsageCall, { vpnGroupId: group.vpnGroupId })).code).toBe(
      ErrorCode.VPN_GROUP_NOT_FOUND,
    );
    // Another company's router is "the device does not exist", as on every call naming an SN.
    expect(
      (await bravo.run(setVpnDeviceLimitCall, { vpnGroupId: group.vpnGroupId, sn: 'VL0001', dataLimitMb: 5 }))
        .code,
    ).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });

  it('starts weeks on Monday and months on the 1st (UTC); a single-time limit never starts again', () => {
    const sunday = new Date(Date.UTC(2026, 10, 15, 23, 59));
    expect(cycleBounds('week', sunday)).toEqual({
      start: new Date(Date.UTC(2026, 10, 9)),
      end: new Date(Date.UTC(2026, 10, 16)),
    });
    expect(cycleBounds('month', sunday)).toEqual({
      start: new Date(Date.UTC(2026, 10, 1)),
      end: new Date(Date.UTC(2026, 11, 1)),
    });
    expect(cycleBounds('single', sunday).end).toBeNull();
    expect(cycleBounds('single', sunday).start).toEqual(
      cycleBounds('single', new Date(Date.UTC(2030, 0, 1))).start,
    );
  });
});
