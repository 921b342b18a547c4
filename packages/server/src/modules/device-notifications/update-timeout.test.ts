import { deviceNotificationListCall, type RpcMethod } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { findRpcCommands } from '../../gateway/rpc.store.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { createNotifier } from './notifier.ts';

/** An update the device never finished before the cloud's deadline is a failed update for the company. */

let t: TestApp;
let acme: Owner;
const heard: LiveEvent[] = [];
const SN = 'UT0001';
const DEADLINE_SECONDS = 600;

const notes = async (lang: 'en' | 'cn' = 'en') =>
  (await acme.run(deviceNotificationListCall, { pageSize: 20, sn: SN }, lang)).data?.list ?? [];

function pkg(version: string) {
  const now = t.clock.now().getTime();
  return {
    url: 'https://dl.example/pkg.bin',
    version,
    sha256: 'a'.repeat(64),
    size: 1024,
    expiresAt: now + 86_400_000,
  };
}

/** Sends to the (offline) device: the command waits in the queue until its deadline. */
async function send(method: RpcMethod, params: unknown): Promise<string> {
  const gateway = t.deps.gateway as Gateway;
  const [row] = await gateway.rpc.send({
    companyId: acme.companyId,
    sns: [SN],
    method,
    params,
    deadlineSeconds: DEADLINE_SECONDS,
  });
  return row?.id ?? '';
}

beforeAll(async () => {
  const config = testConfig();
  t = await createTestApp({
    config: { ...config, mqtt: { ...config.mqtt, port: 0 } },
    gateway: { presenceDebounceMs: 100, rpcSweepIntervalMs: 100 },
    // The notification of a timed-out update is a job (update-timeout.job.ts).
    jobs: { pollMs: 50 },
  });
  acme = await companyOwner(t, 'Acme Timeouts', 'owner@acme-timeouts.test');
  await seedDevices(t, acme.companyId, [{ sn: SN, name: 'Kiosk' }]);
  t.deps.hub.subscribe((e) => heard.push(e), acme.companyId);
});
afterAll(() => t?.close());

describe('updates the cloud timed out', () => {
  it('tells the company an update failed when its deadline passes, and nothing of a read-only command', async () => {
    const firmware = await send('firmwareInstall', pkg('5.4.0'));
    const app = await send('appInstall', {
      ...pkg('1.2.0'),
      name: 'Modbus bridge',
      packageName: 'com.fp.modbus',
    });
    const list = await send('appList', {});
    // A device that reported the failure before the deadline (without replying) was told already.
    const reported = await send('firmwareInstall', pkg('5.4.1'));
    const gatewayNotes = createNotifier({
      db: t.deps.db,
      hub: t.deps.hub,
      clock: t.clock,
      onError: (e) => {
        throw e;
      },
    });
    const failure = {
      name: 'updateProgress',
      rpcId: reported,
      target: 'firmware',
      version: '5.4.1',
    } as const;
    await gatewayNotes.deviceEvent(
      acme.companyId,
      SN,
      { ...failure, state: 'failure', errorCode: 2 },
      t.clock.now(),
    );
    expect((await notes()).map((n) => n.bizType)).toEqual(['updateFailed']);

    t.clock.advance((DEADLINE_SECONDS - 1) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notes()).toHaveLength(1);

    t.clock.advance(2000);
    const told = await eventually(
      async () => ((await notes()).length === 3 ? notes() : undefined),
      5000,
      'notes',
    );
    const rows = await findRpcCommands(t.deps.db, [firmware, app, list, reported]);
    expect(rows.map((r) => r.state)).toEqual(['timeout', 'timeout', 'timeout', 'timeout']);

    const byRpc = new Map(told.map((n) => [n.extend.rpcId, n]));
    expect(byRpc.get(firmware)).toMatchObject({
      bizType: 'updateFailed',
      severity: 'major',
      deviceName: 'Kiosk',
      checked: false,
      content: 'Firmware update to 5.4.0 failed: the device did not report the result in time',
      extend: { target: 'firmware', version: '5.4.0', timedOut: true },
    });
    expect(byRpc.get(app)?.content).toBe(
      'App com.fp.modbus update to 1.2.0 failed: the device did not report the result in time',
    );
    expect(byRpc.get(reported)?.content).toBe('Firmware update to 5.4.1 failed: Download failed');
    expect(byRpc.has(list)).toBe(false);
    const cn = (await notes('cn')).find((n) => n.extend.rpcId === firmware);
    expect(cn?.content).toBe('固件升级到 5.4.0 失败：设备未在规定时间内报告结果');

    const live = heard.filter((e) => e.name === 'notifications.new').at(-1);
    expect(live?.data).toMatchObject({ count: 2, sn: SN, severities: ['major'] });

    // The device's own failure report arriving after the timeout tells nothing new.
    await gatewayNotes.deviceEvent(
      acme.companyId,
      SN,
      { ...failure, rpcId: firmware, version: '5.4.0', state: 'failure', errorCode: 11 },
      t.clock.now(),
    );
    expect(await notes()).toHaveLength(3);
  });
});
