import {
  addDeviceCall,
  appUpdateError,
  type DeviceUpdate,
  ErrorCode,
  errorMessage,
  getDeviceAppsCall,
  getDeviceUpdateHistoryCall,
  type RemoteAction,
  uninstallDeviceAppCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { finalAction, type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
let rival: Owner;

/** The test clock stands still: move it on so each new command is the newest one. */
function later() {
  t.clock.advance(1000);
}

function finalState(rpcId: string): Promise<RemoteAction> {
  return finalAction(acme, rpcId);
}

async function history(sn: string, kind: 'firmware' | 'app'): Promise<DeviceUpdate[]> {
  const res = await acme.run(getDeviceUpdateHistoryCall, { sn, kind, pageNum: 1, pageSize: 20 });
  expect(res.code).toBe(0);
  return res.data?.list ?? [];
}

/** Sends a firmware package the way the app centre will: through the gateway's RPC service. */
async function installFirmware(sn: string, version: string): Promise<string> {
  later();
  const [row] = await (t.deps.gateway as Gateway).rpc.send({
    companyId: acme.companyId,
    sns: [sn],
    method: 'firmwareInstall',
    params: {
      url: 'https://files.fleetport.test/fw.bin',
      version,
      sha256: 'a'.repeat(64),
      size: 4_000_000,
      expiresAt: Date.now() + 3_600_000,
    },
    deadlineSeconds: 120,
  });
  return row!.id;
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Software', 'owner@acme-software.test');
  rival = await companyOwner(t, 'Rival Software', 'owner@rival-software.test');
  await fleet.connect(acme, 'SW0001', 'meg5000', 'MEG5000');
  await acme.run(addDeviceCall, { sn: 'SW0002', mac: '00:1A:2B:00:00:12' });
}, 60_000);
afterAll(() => fleet?.close());

describe('the apps of a device', () => {
  it('asks the device which apps it has, with their version and state', async () => {
    const res = await acme.run(getDeviceAppsCall, { sn: 'SW0001' });
    expect(res.code).toBe(0);
    expect(res.data?.fresh).toBe(true);
    const modbus = res.data?.apps.find((a) => a.packageName === 'com.fleetport.modbus');
    // MEG5000 is a Pro-line router: its Modbus app is the 3.x build.
    expect(modbus).toMatchObject({ name: 'Modbus Gateway', version: '3.0.1' });
    expect(['running', 'stopped']).toContain(modbus?.state);
    expect(res.data?.apps.map((a) => a.packageName)).toContain('com.fleetport.lora');
  });

  it('uninstalls an app over MQTT: the state becomes success and the app is gone', async () => {
    later();
    const sent = await acme.run(uninstallDeviceAppCall, { sn: 'SW0001', packageName: 'com.fleetport.lora' });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ sn: 'SW0001', method: 'appUninstall', state: 'inExecution' });
    const done = await finalState(sent.data!.rpcId);
    expect(done).toMatchObject({ state: 'success', result: { packageName: 'com.fleetport.lora' } });
    const apps = (await acme.run(getDeviceAppsCall, { sn: 'SW0001' })).data?.apps ?? [];
    expect(apps.map((a) => a.packageName)).not.toContain('com.fleetport.lora');
    const [last] = await history('SW0001', 'app');
    expect(last).toMatchObject({
      rpcId: sent.data!.rpcId,
      method: 'appUninstall',
      state: 'success',
      packageName: 'com.fleetport.lora',
      percent: 100,
    });
  });

  it('records a refused uninstall with update error 14 (the app is not installed)', async () => {
    later();
    const sent = await acme.run(uninstallDeviceAppCall, { sn: 'SW0001', packageName: 'com.nowhere.app' });
    expect((await finalState(sent.data!.rpcId)).state).toBe('failure');
    const [last] = await history('SW0001', 'app');
    expect(last).toMatchObject({ state: 'failure', errorCode: 14, packageName: 'com.nowhere.app' });
    expect(appUpdateError(last!.errorCode!).en).toBe('The app to uninstall is not installed');
  });

  it('refuses an uninstall on an offline device with 120052, and has no list to show (120023)', async () => {
    const res = await acme.run(
      uninstallDeviceAppCall,
      { sn: 'SW0002', packageName: 'com.fleetport.modbus' },
      'cn',
    );
    expect(res).toMatchObject({
      code: ErrorCode.DEVICE_OFFLINE_OPERATION,
      msg: errorMessage(ErrorCode.DEVICE_OFFLINE_OPERATION, 'cn'),
    });
    expect((await acme.run(getDeviceAppsCall, { sn: 'SW0002' })).code).toBe(ErrorCode.DEVICE_OFFLINE);
  });

  it('refuses the input the contract does not allow', async () => {
    const res = await acme.run(uninstallDeviceAppCall, {
      sn: 'SW0001',
      packageName: 'x',
      force: true,
    } as never);
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    const kind = await acme.run(getDeviceUpdateHistoryCall, { sn: 'SW0001', kind: 'os' } as never);
    expect(kind.code).toBe(ErrorCode.PARAMETER_ERROR);
  });
});

describe('the firmware updates of a device', () => {
  it('follows an update through its states to success, then lists it', async () => {
    const rpcId = await installFirmware('SW0001', '2.3.2');
    const done = await finalState(rpcId);
    expect(done.state).toBe('success');
    const [last] = await history('SW0001', 'firmware');
    expect(last).toMatchObject({ rpcId, method: 'firmwareInstall', state: 'success', version: '2.3.2' });
    expect((await history('SW0001', 'app')).some((u) => u.rpcId === rpcId)).toBe(false);
  });

  it('shows the failure code of a refused update and its text', async () => {
    const rpcId = await installFirmware('SW0001', '5.3.0');
    expect((await finalState(rpcId)).state).toBe('failure');
    const last = (await history('SW0001', 'firmware')).find((u) => u.rpcId === rpcId);
    expect(last).toMatchObject({ state: 'failure', errorCode: 13, version: '5.3.0' });
    expect(appUpdateError(13).cn).toBe('设备不能跨版本升级');
  });

  it('shows the progress the device reported while an update runs', async () => {
    later();
    const now = t.clock.now();
    await t.deps.db
      .insertInto('rpc_command')
      .values({
        id: 'fw-running',
        company_id: acme.companyId,
        sn: 'SW0002',
        method: 'firmwareInstall',
        params: JSON.stringify({ version: '5.3.1' }),
        state: 'inExecution',
        deadline: new Date(now.getTime() + 600_000),
        delivered_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const event = (state: string, percent: number, at: number) => ({
      company_id: acme.companyId,
      sn: 'SW0002',
      at: new Date(at),
      type: 'updateProgress',
      data: JSON.stringify({ rpcId: 'fw-running', target: 'firmware', version: '5.3.1', state, percent }),
    });
    await t.deps.db
      .insertInto('device_event')
      .values([event('pending', 0, now.getTime()), event('updating', 40, now.getTime() + 1000)])
      .execute();
    const [running] = await history('SW0002', 'firmware');
    expect(running).toMatchObject({ rpcId: 'fw-running', state: 'updating', percent: 40, version: '5.3.1' });
  });
});

describe('tenancy', () => {
  it("gives another company nothing of this company's device", async () => {
    const codes = await Promise.all([
      rival.run(getDeviceAppsCall, { sn: 'SW0001' }),
      rival.run(uninstallDeviceAppCall, { sn: 'SW0001', packageName: 'com.fleetport.modbus' }),
      rival.run(getDeviceUpdateHistoryCall, { sn: 'SW0001', kind: 'firmware', pageNum: 1, pageSize: 10 }),
    ]);
    for (const res of codes) {
      expect(res.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
      // The answer names the serial number asked about, and nothing of the device.
      expect(JSON.stringify(res.data)).toBe('"SW0001"');
    }
    const apps = (await acme.run(getDeviceAppsCall, { sn: 'SW0001' })).data?.apps ?? [];
    expect(apps.map((a) => a.packageName)).toContain('com.fleetport.modbus');
  });
});
