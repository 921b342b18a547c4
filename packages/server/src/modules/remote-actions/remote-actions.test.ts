import {
  addDeviceCall,
  CAPTURE_FILE_TYPE,
  captureCall,
  captureFileCall,
  cliCall,
  deviceLocationsCall,
  ErrorCode,
  getDeviceCall,
  ioControlCall,
  loraCall,
  pingCall,
  poeTimersCall,
  type RemoteAction,
  rebootCall,
  requestSyslogCall,
  resetDevicePasswordCall,
  serialPortCall,
  speedTestCall,
  timersCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { finalAction, type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
const MINUTE = 60_000;

/** Follows a remote action as the console does until it is final. */
async function finalState(sent: { data: RemoteAction | null }): Promise<RemoteAction> {
  const rpcId = sent.data?.rpcId;
  if (!rpcId) throw new Error(`no rpc id in ${JSON.stringify(sent)}`);
  return finalAction(acme, rpcId);
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Water', 'owner@acme-remote.test');
  await fleet.connect(acme, 'RA0001', 'meg5000', 'MEG5000');
  await fleet.connect(acme, 'RA0002', 'r1500', 'R1500');
  await fleet.connect(acme, 'RA0004', 'r2110', 'R2110');
  await acme.run(addDeviceCall, { sn: 'RA0003', mac: '00:1A:2B:00:00:03' });
}, 60_000);
afterAll(() => fleet?.close());

describe('remote actions through the gateway', () => {
  it('pings from the device and reports the round trips', async () => {
    const sent = await acme.run(pingCall, { sn: 'RA0001', host: '8.8.8.8', count: 3 });
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ sn: 'RA0001', method: 'ping' });
    const done = await finalState(sent);
    expect(done.state).toBe('success');
    expect(done.result).toMatchObject({ host: '8.8.8.8', sent: 3 });
  });

  it('runs a speed test and a CLI command', async () => {
    const speed = await finalState(await acme.run(speedTestCall, { sn: 'RA0001', durationSeconds: 2 }));
    expect(speed.state).toBe('success');
    expect((speed.result as { downloadBps: number }).downloadBps).toBeGreaterThan(0);
    const cli = await finalState(await acme.run(cliCall, { sn: 'RA0001', command: 'show version' }));
    expect(cli.result).toMatchObject({ exitCode: 0, output: expect.stringContaining('RA0001') });
  });

  it('reboots many devices with one result each: 120052 for the offline one', async () => {
    const res = await acme.run(rebootCall, { sns: ['RA0002', 'RA0003'] });
    expect(res.data?.results.map((r) => [r.sn, r.code, r.rpcId === null])).toEqual([
      ['RA0002', 0, false],
      ['RA0003', ErrorCode.DEVICE_OFFLINE_OPERATION, true],
    ]);
    const rpcId = res.data!.results[0]!.rpcId!;
    expect((await finalState({ data: { rpcId } as RemoteAction })).state).toBe('success');
    await eventually(
      async () => (await acme.run(getDeviceCall, { sn: 'RA0002' })).data?.online,
      15_000,
      'RA0002 back',
    );
  });

  it('refuses every action on an offline device with 120052', async () => {
    const res = await acme.run(pingCall, { sn: 'RA0003', host: '8.8.8.8' }, 'cn');
    expect(res).toMatchObject({ code: ErrorCode.DEVICE_OFFLINE_OPERATION, msg: '设备离线，无法执行该操作' });
    expect((await acme.run(requestSyslogCall, { sn: 'RA0003' })).code).toBe(ErrorCode.DEVICE_OFFLINE);
  });

  it('allows a capture of 10-40000 packets, and not on a Basic licence (120095)', async () => {
    expect((await acme.run(captureCall, { sn: 'RA0001', interface: 'eth0', count: 9 })).msg).toBe(
      'count: Please enter an integer from 10 to 40000',
    );
    expect((await acme.run(captureCall, { sn: 'RA0001', interface: 'eth0', count: 40001 })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    const basic = await acme.run(captureCall, { sn: 'RA0001', interface: 'eth0', count: 100 });
    expect(basic).toMatchObject({
      code: ErrorCode.BASIC_LICENCE_UPGRADE,
      msg: 'The Basic licence cannot use this function, please upgrade the licence',
    });
    await putOnLevel(t, acme, ['RA0001'], 'ESSENTIALS');
    const done = await finalState(
      await acme.run(captureCall, { sn: 'RA0001', interface: 'eth0', count: 40000, durationSeconds: 1 }),
    );
    expect(done.state).toBe('success');
    expect(done.result).toMatchObject({ hasFile: true });
    expect(done.result).not.toHaveProperty('pcapBase64');
  });

  it('offers the pcap of a successful capture as a download', async () => {
    const done = await finalState(
      await acme.run(captureCall, { sn: 'RA0001', interface: 'eth0', count: 10, durationSeconds: 1 }),
    );
    const file = await acme.run(captureFileCall, { rpcId: done.rpcId });
    expect(file.code).toBe(0);
    expect(file.data?.contentType).toBe(CAPTURE_FILE_TYPE);
    expect(file.data?.fileName).toMatch(/^capture-eth0-\d+\.pcap$/);
    const bytes = Buffer.from(file.data!.content, 'base64');
    // The pcap global header: magic a1b2c3d4 (little-endian), version 2.4, Ethernet link type.
    expect(bytes.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect([bytes.readUInt16LE(4), bytes.readUInt16LE(6), bytes.readUInt32LE(20)]).toEqual([2, 4, 1]);
    expect(bytes.length).toBeGreaterThan(24 + 16);
    // Only a capture with a file has one: a ping's id is a parameter error.
    const ping = await finalState(await acme.run(pingCall, { sn: 'RA0001', host: '8.8.8.8', count: 1 }));
    expect((await acme.run(captureFileCall, { rpcId: ping.rpcId })).code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it('sets a PoE timer only with two different times', async () => {
    const same = { sn: 'RA0004', port: 1, enableTime: '08:00', disableTime: '08:00' };
    expect(await acme.run(poeTimersCall, same)).toMatchObject({
      code: ErrorCode.PARAMETER_ERROR,
      msg: 'disableTime: The enable and disable times must be different',
    });
    expect((await acme.run(poeTimersCall, same, 'cn')).msg).toBe('disableTime: 启用时间和禁用时间不能相同');
    const ok = await finalState(
      await acme.run(poeTimersCall, { ...same, enableTime: '07:00', disableTime: '19:30' }),
    );
    expect(ok).toMatchObject({
      state: 'success',
      result: { port: 1, enableTime: '07:00', disableTime: '19:30' },
    });
    expect((await acme.run(poeTimersCall, { ...same, sn: 'RA0002', disableTime: '09:00' })).code).toBe(
      ErrorCode.PARTIAL_UNSUPPORTED,
    );
  });

  it('places simulated routers on the map: GPS where they have it, the base station otherwise', async () => {
    const located = await eventually(
      async () => {
        const list = (await acme.run(deviceLocationsCall, {})).data ?? [];
        return list.length >= 2 ? list : undefined;
      },
      10_000,
      'locations',
    );
    const bySn = new Map(located.map((l) => [l.sn, l]));
    expect(bySn.get('RA0001')?.source).toBe('gps');
    expect(bySn.get('RA0002')?.source).toBe('baseStation');
    for (const l of located) {
      expect(Math.abs(l.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(l.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it('sets timers at least 15 minutes ahead (120074) and 15 minutes apart (120072)', async () => {
    const now = t.clock.now().getTime();
    const soon = await acme.run(timersCall, {
      sn: 'RA0001',
      timers: [{ action: 'reboot', at: now + 14 * MINUTE }],
    });
    expect(soon).toMatchObject({
      code: ErrorCode.TIMER_TOO_SOON,
      msg: 'The timer must be at least 15 minutes after now',
    });
    const close = await acme.run(timersCall, {
      sn: 'RA0001',
      timers: [
        { action: 'reboot', at: now + 60 * MINUTE },
        { action: 'ledTest', at: now + 70 * MINUTE },
      ],
    });
    expect(close.code).toBe(ErrorCode.UPDATE_TOO_SOON);
    const ok = await acme.run(timersCall, {
      sn: 'RA0001',
      timers: [
        { action: 'reboot', at: now + 15 * MINUTE },
        { action: 'ledTest', at: now + 30 * MINUTE },
      ],
    });
    expect((await finalState(ok)).state).toBe('success');
  });

  it('resets a device password only when it follows the device-reset rule', async () => {
    const weak = await acme.run(resetDevicePasswordCall, {
      sn: 'RA0001',
      user: 'admin',
      password: 'abcdefg',
    });
    expect(weak.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(weak.msg.startsWith('password: ')).toBe(true);
    const ok = await finalState(
      await acme.run(resetDevicePasswordCall, { sn: 'RA0001', user: 'admin', password: 'Router.2024' }),
    );
    expect(ok.state).toBe('success');
  });

  it('answers LoRa and IO control only where the capabilities say so', async () => {
    expect((await finalState(await acme.run(loraCall, { sn: 'RA0001' }))).state).toBe('success');
    expect((await acme.run(loraCall, { sn: 'RA0002' })).code).toBe(ErrorCode.PARTIAL_UNSUPPORTED);
    expect((await acme.run(ioControlCall, { sn: 'RA0002', action: 'read' })).code).toBe(
      ErrorCode.PARTIAL_UNSUPPORTED,
    );
    expect((await finalState(await acme.run(ioControlCall, { sn: 'RA0001', action: 'read' }))).state).toBe(
      'success',
    );
  });

  it('says "do not repeat" (120008) for a syslog request while one is running', async () => {
    const device = fleet.devices[0]!;
    device.behaviour.replyDelayMs = 1500;
    const first = await acme.run(requestSyslogCall, { sn: 'RA0001', lines: 5 });
    expect(first.code).toBe(0);
    const again = await acme.run(requestSyslogCall, { sn: 'RA0001' }, 'cn');
    expect(again).toMatchObject({ code: ErrorCode.DO_NOT_REPEAT, msg: '请求正在处理中，请勿重复操作' });
    await finalState({ data: { rpcId: first.data!.rpcId } as RemoteAction });
    device.behaviour.replyDelayMs = 0;
    expect((await acme.run(requestSyslogCall, { sn: 'RA0001', lines: 5 })).code).toBe(0);
  });

  it('keeps a serial port occupied 5 minutes after an abnormal close (120069)', async () => {
    const open = await acme.run(serialPortCall, { sn: 'RA0001', action: 'open', port: 1 });
    const lease = open.data?.lease;
    expect((await finalState(open)).state).toBe('success');
    const close = await acme.run(serialPortCall, {
      sn: 'RA0001',
      action: 'close',
      port: 1,
      abnormal: true,
      lease,
    });
    expect(close.code).toBe(0);
    await finalState(close);
    const busy = await acme.run(serialPortCall, { sn: 'RA0001', action: 'open', port: 1 });
    expect(busy.code).toBe(ErrorCode.SERIAL_PORT_BUSY);
    expect((await acme.run(serialPortCall, { sn: 'RA0001', action: 'open', port: 3 })).code).toBe(
      ErrorCode.PARTIAL_UNSUPPORTED,
    );
    t.clock.advance(5 * MINUTE + 1000);
    const later = await acme.run(serialPortCall, { sn: 'RA0001', action: 'open', port: 1 });
    expect(later.code).toBe(0);
  });
});
