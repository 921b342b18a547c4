import {
  addVpnEndDeviceCall,
  addVpnGroupDevicesCall,
  createVpnGroupCall,
  ErrorCode,
  errorMessage,
  listVpnEndDevicesCall,
  listVpnGroupDevicesCall,
  removeVpnEndDeviceCall,
  removeVpnGroupDevicesCall,
  setVpnDeviceLanCall,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

/**
 * VPN sites through the API (issue 17): the LAN a router publishes and the end devices (PLCs) behind
 * it with their mapped virtual addresses. No hub runs here; real packets through a real hub are
 * vpn-sites.hub.test.ts's.
 */

let t: TestApp;
let acme: Owner;
let bravo: Owner;
let group: VpnGroup;
let small: VpnGroup;

const SNS = ['VS0001', 'VS0002', 'VS0003', 'VS0004'];

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Sites', 'owner@acme-sites.test');
  bravo = await companyOwner(t, 'Bravo Sites', 'owner@bravo-sites.test');
  await seedDevices(
    t,
    acme.companyId,
    SNS.map((sn) => ({ sn })),
  );
  await putOnLevel(t, acme, SNS, 'ADVANCED');
  group = (await acme.run(createVpnGroupCall, { name: 'Plants', region: 'EUR', dataLimitMb: 100 })).data!;
  small = (
    await acme.run(createVpnGroupCall, { name: 'Small', region: 'EUR', dataLimitMb: 100, networkPrefix: 29 })
  ).data!;
  expect(
    (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VS0001', 'VS0002'] }))
      .code,
  ).toBe(0);
}, 60_000);
afterAll(() => t?.close());

describe('the LAN a site publishes', () => {
  it('keeps a router its LAN subnet and shows it with the group devices', async () => {
    const res = await acme.run(setVpnDeviceLanCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      lanSubnet: '192.168.11.0/24',
    });
    expect(res.code).toBe(0);
    const list = await acme.run(listVpnGroupDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.data!.list.find((d) => d.sn === 'VS0001')?.lanSubnet).toBe('192.168.11.0/24');
    expect(list.data!.list.find((d) => d.sn === 'VS0002')?.lanSubnet).toBeNull();
  });

  it("refuses a LAN overlapping another site's or the VPN pool (180045)", async () => {
    for (const lanSubnet of ['192.168.0.0/16', '192.168.11.128/25', '10.224.8.0/24', '10.0.0.0/8']) {
      const res = await acme.run(setVpnDeviceLanCall, {
        vpnGroupId: group.vpnGroupId,
        sn: 'VS0002',
        lanSubnet,
      });
      expect(res.code, lanSubnet).toBe(ErrorCode.VPN_LAN_OVERLAP);
      expect(res.msg).toBe(errorMessage(ErrorCode.VPN_LAN_OVERLAP, 'en'));
    }
    // Its own LAN again, or another that fits, is fine.
    expect(
      (
        await acme.run(setVpnDeviceLanCall, {
          vpnGroupId: group.vpnGroupId,
          sn: 'VS0001',
          lanSubnet: '192.168.11.0/24',
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await acme.run(setVpnDeviceLanCall, {
          vpnGroupId: group.vpnGroupId,
          sn: 'VS0002',
          lanSubnet: '192.168.12.0/24',
        })
      ).code,
    ).toBe(0);
  });

  it('names the field of a subnet that is not one (code 1), and refuses a router outside the group (180041)', async () => {
    for (const lanSubnet of ['192.168.1.1/24', '192.168.1.0', '300.1.1.0/24', '192.168.1.0/31']) {
      const res = await acme.run(setVpnDeviceLanCall, {
        vpnGroupId: group.vpnGroupId,
        sn: 'VS0001',
        lanSubnet,
      });
      expect(res.code, lanSubnet).toBe(1);
      expect(res.msg).toContain('lanSubnet');
    }
    const outside = await acme.run(setVpnDeviceLanCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0003',
      lanSubnet: '192.168.13.0/24',
    });
    expect(outside.code).toBe(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
    const foreign = await bravo.run(setVpnDeviceLanCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      lanSubnet: null,
    });
    // Another company's router is "the device does not exist", as on every call naming an SN.
    expect(foreign.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });
});

describe('end devices behind routers', () => {
  it('gives a PLC the next free address of the group, which the next member then skips', async () => {
    const res = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      name: 'Press PLC',
      ip: '192.168.11.10',
    });
    expect(res.code).toBe(0);
    const prefix = group.virtualNetwork.split('.').slice(0, 3).join('.');
    // The hub .1, the two routers .2 and .3: the PLC gets .4.
    expect(res.data).toMatchObject({
      sn: 'VS0001',
      name: 'Press PLC',
      ip: '192.168.11.10',
      virtualIp: `${prefix}.4`,
    });
    const joined = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VS0003'] });
    expect(joined.data).toEqual([{ sn: 'VS0003', virtualIp: `${prefix}.5` }]);
    const list = await acme.run(listVpnEndDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.data).toMatchObject({ total: 1, list: [{ name: 'Press PLC', virtualIp: `${prefix}.4` }] });
  });

  it("refuses the same PLC twice (180015), an address outside the router's LAN (180047), a router not in the group (180041)", async () => {
    const twice = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      name: 'Press PLC again',
      ip: '192.168.11.10',
    });
    expect(twice.code).toBe(ErrorCode.END_DEVICE_IP_IN_USE);
    const outside = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      name: 'Stray PLC',
      ip: '192.168.12.10',
    });
    expect(outside.code).toBe(ErrorCode.VPN_END_DEVICE_OUTSIDE_LAN);
    expect(outside.msg).toBe(errorMessage(ErrorCode.VPN_END_DEVICE_OUTSIDE_LAN, 'en'));
    const notMember = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0004',
      name: 'Lost PLC',
      ip: '192.168.14.10',
    });
    expect(notMember.code).toBe(ErrorCode.VPN_DEVICE_NOT_IN_GROUP);
    const badIp = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      name: 'Bad PLC',
      ip: '192.168.11.300',
    });
    expect(badIp.code).toBe(1);
    expect(badIp.msg).toContain('ip');
  });

  it('counts PLCs against the virtual network (180024)', async () => {
    // A /29 holds 5: one router and four PLCs fill it.
    expect(
      (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: small.vpnGroupId, sns: ['VS0004'] })).code,
    ).toBe(0);
    for (let i = 1; i <= 4; i++)
      expect(
        (
          await acme.run(addVpnEndDeviceCall, {
            vpnGroupId: small.vpnGroupId,
            sn: 'VS0004',
            name: `PLC ${i}`,
            ip: `192.168.20.${i}`,
          })
        ).code,
      ).toBe(0);
    const full = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: small.vpnGroupId,
      sn: 'VS0004',
      name: 'PLC 5',
      ip: '192.168.20.5',
    });
    expect(full.code).toBe(ErrorCode.VPN_GROUP_IP_LIMIT);
  });

  it('removes a PLC (its address is free again) and answers 180046 for one that is gone', async () => {
    const list = await acme.run(listVpnEndDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    const plc = list.data!.list[0]!;
    const foreign = await bravo.run(removeVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      endDeviceId: plc.endDeviceId,
    });
    expect(foreign.code).toBe(ErrorCode.VPN_GROUP_NOT_FOUND);
    expect(
      (await acme.run(removeVpnEndDeviceCall, { vpnGroupId: group.vpnGroupId, endDeviceId: plc.endDeviceId }))
        .code,
    ).toBe(0);
    const again = await acme.run(removeVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      endDeviceId: plc.endDeviceId,
    });
    expect(again.code).toBe(ErrorCode.VPN_END_DEVICE_NOT_FOUND);
    const readded = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VS0001',
      name: 'Press PLC',
      ip: '192.168.11.10',
    });
    expect(readded.data?.virtualIp).toBe(plc.virtualIp);
  });

  it('keeps a removed router its LAN for its return', async () => {
    expect(
      (await acme.run(removeVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VS0002'] })).code,
    ).toBe(0);
    expect(
      (await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VS0002'] })).code,
    ).toBe(0);
    const list = await acme.run(listVpnGroupDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(list.data!.list.find((d) => d.sn === 'VS0002')?.lanSubnet).toBe('192.168.12.0/24');
  });
});
