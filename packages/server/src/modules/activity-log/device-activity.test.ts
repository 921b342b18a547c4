import {
  activityLogListCall,
  createGroupCall,
  moveDevicesCall,
  pingCall,
  uninstallDeviceAppCall,
  updateDeviceCall,
  updatePageColumnsCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

/** The activity that concerns devices: a device's "logs" tab (SN filter) and the device activity page. */
let t: TestApp;
let acme: Owner;
let other: Owner;

const calls = async (who: Owner, filter: Record<string, unknown>) =>
  (await who.run(activityLogListCall, { pageSize: 50, ...filter })).data?.list.map((r) => r.callId);

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Logs', 'owner@acme-logs.test');
  other = await companyOwner(t, 'Other Logs', 'owner@other-logs.test');
  await seedDevices(t, acme.companyId, [{ sn: 'LA0001' }, { sn: 'LA0002' }]);
  await seedDevices(t, other.companyId, [{ sn: 'LB0001' }]);
  const group = await acme.run(createGroupCall, { groupName: 'Wells' });
  await acme.run(moveDevicesCall, { sns: ['LA0001', 'LA0002'], groupId: group.data!.groupId });
  await acme.run(updateDeviceCall, { sn: 'LA0001', name: 'North well' });
  await acme.run(updatePageColumnsCall, { pageName: 'allDevices', columns: ['sn'] });
  await other.run(updateDeviceCall, { sn: 'LB0001', name: 'Theirs' });
});
afterAll(() => t?.close());

describe('device activity', () => {
  it('lists what was done to one device, bulk moves included, newest first', async () => {
    expect(await calls(acme, { sn: 'LA0001' })).toEqual(['devices.update', 'deviceGroups.moveDevices']);
    expect(await calls(acme, { sn: 'LA0002' })).toEqual(['deviceGroups.moveDevices']);
    // Another company's device is not in this company's log.
    expect(await calls(acme, { sn: 'LB0001' })).toEqual([]);
  });

  it('keeps to device actions on the device activity page, and shows everything when asked', async () => {
    const devices = await calls(acme, { scope: 'devices' });
    expect(devices).toEqual(['devices.update', 'deviceGroups.moveDevices', 'deviceGroups.create']);
    expect(await calls(acme, { scope: 'all' })).toContain('pageColumns.update');
    expect(await calls(acme, {})).toContain('pageColumns.update');
  });

  it('names what a device call acted on: the app uninstalled, the host pinged', async () => {
    const b = await companyOwner(t, 'Detail Logs', 'owner@detail-logs.test');
    await seedDevices(t, b.companyId, [{ sn: 'LC0001' }]);
    // The router is offline: the calls are refused (120052), and recorded all the same.
    await b.run(uninstallDeviceAppCall, { sn: 'LC0001', packageName: 'com.robustel.vpn' });
    await b.run(pingCall, { sn: 'LC0001', host: '8.8.8.8' });
    const rows = (await b.run(activityLogListCall, { sn: 'LC0001', pageSize: 10 })).data?.list ?? [];
    expect(rows.map((r) => [r.callId, r.object, r.resultCode])).toEqual([
      [pingCall.id, 'sn=LC0001, host=8.8.8.8, count=4', 120052],
      [uninstallDeviceAppCall.id, 'sn=LC0001, app=com.robustel.vpn', 120052],
    ]);
  });
});
