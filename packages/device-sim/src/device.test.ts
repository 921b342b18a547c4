import {
  parseRpcResult,
  type ReplyMessage,
  RPC_ERROR,
  rpcRequest,
  type UpMessage,
} from '@fleetport/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedDevice, type SimulatedDeviceOptions } from './device.ts';
import { type RecordedMessage, startTestCloud, type TestCloud } from './test-cloud.ts';

let cloud: TestCloud;
const devices: SimulatedDevice[] = [];

beforeEach(async () => {
  cloud = await startTestCloud();
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  await cloud.close();
});

async function online(sn: string, options: Partial<SimulatedDeviceOptions> = {}): Promise<SimulatedDevice> {
  cloud.secrets.set(sn, `secret-of-${sn}-0123456789`);
  const device = new SimulatedDevice({
    sn,
    series: 'r3000',
    url: cloud.url,
    secret: cloud.secrets.get(sn),
    timeScale: 0.001,
    reconnectDelayMs: 50,
    validate: true,
    ...options,
  });
  devices.push(device);
  await device.start();
  return device;
}

const of = (sn: string, type: UpMessage['type']) => (m: RecordedMessage) =>
  m.sn === sn && m.message.type === type;
const replyTo =
  (id: string, state = 'success') =>
  (m: RecordedMessage) =>
    m.message.type === 'reply' && m.message.id === id && m.message.state === state;

async function call(sn: string, id: string, method: Parameters<typeof rpcRequest>[1], params: object) {
  await cloud.sendRpc(sn, rpcRequest(id, method, params as never, Date.now() + 30_000));
  return (await cloud.waitFor(
    (m) => m.message.type === 'reply' && m.message.id === id && m.message.state !== 'inExecution',
  )) as ReplyMessage;
}

describe('a simulated device on a broker', () => {
  it('connects with its secret and introduces itself with schema-valid messages', async () => {
    await online('SIM-R3000-000001', { telemetryPeriodMs: 50 });
    const presence = await cloud.waitFor(of('SIM-R3000-000001', 'presence'));
    expect(presence).toMatchObject({ state: 'online', reason: 'connect' });
    const hello = await cloud.waitFor(of('SIM-R3000-000001', 'hello'));
    expect(hello).toMatchObject({
      series: 'r3000',
      protocolVersion: 1,
      capabilities: { dualSim: true, comPorts: 2 },
    });
    const config = await cloud.waitFor(of('SIM-R3000-000001', 'config'));
    expect(config.type === 'config' && config.xml).toContain('<cellular');
    await cloud.waitFor(of('SIM-R3000-000001', 'status'));
    const first = await cloud.waitFor(of('SIM-R3000-000001', 'telemetry'));
    const later = await cloud.waitFor(
      (m) => of('SIM-R3000-000001', 'telemetry')(m) && m.message.type === 'telemetry' && m.message.seq >= 3,
    );
    expect(first.type === 'telemetry' && later.type === 'telemetry').toBe(true);
    if (first.type === 'telemetry' && later.type === 'telemetry') {
      expect(later.usage[0]?.rxBytes).toBeGreaterThan(first.usage[0]?.rxBytes ?? 0);
      expect(later.signal[0]?.rsrp).toBeLessThan(-30);
    }
    expect(cloud.invalid).toEqual([]);
  });

  it('is refused with a wrong secret and never comes online', async () => {
    cloud.secrets.set('SIM-R3000-000002', 'the-real-secret-0123456789');
    const device = new SimulatedDevice({
      sn: 'SIM-R3000-000002',
      series: 'r3000',
      url: cloud.url,
      secret: 'wrong-secret-0123456789',
      reconnectDelayMs: 50,
    });
    devices.push(device);
    const refused = new Promise<unknown>((resolve) => device.once('error', resolve));
    void device.start();
    expect((await refused) as { code: number }).toMatchObject({ code: 4 });
    expect(device.online).toBe(false);
  });

  it('answers ping and CLI commands and refuses what it cannot do', async () => {
    await online('SIM-R3000-000003');
    const ping = await call('SIM-R3000-000003', 'p1', 'ping', { host: '8.8.8.8', count: 3 });
    expect(ping.state).toBe('success');
    const result = parseRpcResult('ping', ping.result);
    expect(result.success && result.data.rttMs).toHaveLength(3);
    const cli = await call('SIM-R3000-000003', 'c1', 'cli', { command: 'show version' });
    expect((cli.result as { output: string }).output).toContain('Serial number: SIM-R3000-000003');
    const poe = await call('SIM-R3000-000003', 'poe', 'poeStatus', {});
    expect(poe).toMatchObject({ state: 'failure', error: { code: RPC_ERROR.unsupported } });
    await cloud.sendRpc('SIM-R3000-000003', {
      type: 'rpc',
      id: 'late',
      method: 'ledTest',
      params: {},
      deadline: Date.now() - 1,
    });
    await expect(cloud.waitFor(replyTo('late', 'failure'))).resolves.toMatchObject({
      error: { code: RPC_ERROR.expired },
    });
    const bogus = { type: 'rpc', id: 'x1', method: 'selfDestruct', params: {}, deadline: Date.now() + 5000 };
    await cloud.sendRpc('SIM-R3000-000003', bogus as never);
    await expect(cloud.waitFor(replyTo('x1', 'failure'))).resolves.toMatchObject({
      error: { code: RPC_ERROR.unknownMethod },
    });
  });

  it('runs a repeated command id once and repeats its reply', async () => {
    const device = await online('SIM-R3000-000004');
    await call('SIM-R3000-000004', 'once', 'ledTest', {});
    await cloud.sendRpc('SIM-R3000-000004', rpcRequest('once', 'ledTest', {}, Date.now() + 5000));
    await cloud.waitFor(
      (m) =>
        m.message.type === 'reply' &&
        m.message.id === 'once' &&
        cloud.messages.filter(replyTo('once')).length === 2,
    );
    expect(device.stats.rpcAnswered).toBe(1);
  });

  it('reboots: replies, goes offline saying why, and returns with a fresh uptime', async () => {
    const device = await online('SIM-R3000-000005', { rebootSeconds: 100 });
    const offline = device.waitFor('offline');
    const reply = await call('SIM-R3000-000005', 'r1', 'reboot', {});
    expect(reply.state).toBe('success');
    await offline;
    await cloud.waitFor(
      (m) => m.message.type === 'presence' && m.message.state === 'offline' && m.message.reason === 'reboot',
    );
    await device.waitFor('online');
    const boot = await cloud.waitFor(
      (m) =>
        m.message.type === 'event' && m.message.event.name === 'boot' && m.message.event.reason === 'reboot',
    );
    expect(boot.type).toBe('event');
    expect(device.stats.connects).toBe(2);
  });

  it('fails a firmware update with the chosen error code, then succeeds and runs the new version', async () => {
    const device = await online('SIM-R3000-000006', { rebootSeconds: 100 });
    const pkg = {
      url: 'https://files.example/fw.bin?sig=x',
      sha256: 'a'.repeat(64),
      size: 20_000_000,
      expiresAt: Date.now() + 3_600_000,
    };
    device.behaviour.failNextUpdateWith = 11;
    const failed = await call('SIM-R3000-000006', 'u1', 'firmwareInstall', { ...pkg, version: '5.3.1' });
    expect(failed).toMatchObject({ state: 'failure', error: { code: 11, message: 'Flash (burn) failed' } });
    await cloud.waitFor(
      (m) =>
        m.message.type === 'event' &&
        m.message.event.name === 'updateProgress' &&
        m.message.event.state === 'failure',
    );
    const ok = await call('SIM-R3000-000006', 'u2', 'firmwareInstall', { ...pkg, version: '5.3.1' });
    expect(ok).toMatchObject({ state: 'success', result: { version: '5.3.1', activeAfterReboot: false } });
    const states = cloud.messages
      .map((m) => m.message)
      .flatMap((m) =>
        m.type === 'event' && m.event.name === 'updateProgress' && m.event.rpcId === 'u2'
          ? [m.event.state]
          : [],
      );
    expect([...new Set(states)]).toEqual(['pending', 'updating', 'rebooting', 'success']);
    const hello = cloud.messages.filter(of('SIM-R3000-000006', 'hello')).at(-1)?.message;
    expect(hello).toMatchObject({ firmwareVersion: '5.3.1' });
  });

  it('answers late when told to', async () => {
    const device = await online('SIM-R3000-000007');
    device.behaviour.replyDelayMs = 300;
    const sent = Date.now();
    await call('SIM-R3000-000007', 'slow', 'ledTest', {});
    expect(Date.now() - sent).toBeGreaterThanOrEqual(300);
  });

  it('has its last will published when the connection drops, then comes back', async () => {
    const device = await online('SIM-R3000-000008');
    const online1 = (await cloud.waitFor(of('SIM-R3000-000008', 'presence'))) as Extract<
      UpMessage,
      { type: 'presence' }
    >;
    device.drop({ offlineForMs: 200 });
    const will = await cloud.waitFor(
      (m) =>
        of('SIM-R3000-000008', 'presence')(m) &&
        m.message.type === 'presence' &&
        m.message.state === 'offline',
    );
    expect(will).toMatchObject({ reason: 'lastWill', session: online1.session });
    expect(cloud.messages.find((m) => m.message === will)?.retain).toBe(true);
    await device.waitFor('online');
    expect(device.stats.connects).toBe(2);
  });
  it('flaps: drops and returns as often as told, each drop leaving a will', async () => {
    const device = await online('SIM-R3000-000009');
    await device.flap(2, 200);
    expect(device.online).toBe(true);
    expect(device.stats.connects).toBe(3);
    const wills = cloud.messages.filter(
      (m) => m.sn === 'SIM-R3000-000009' && m.message.type === 'presence' && m.message.reason === 'lastWill',
    );
    expect(wills).toHaveLength(2);
  });
  it('loopback controls: fails over, switches SIM and reboot-loops, reporting each as the protocol says', async () => {
    const sn = 'SIM-R3000-000031';
    const device = await online(sn);
    const events = (name: string) =>
      cloud.messages.filter(
        (m) => m.sn === sn && m.message.type === 'event' && m.message.event.name === name,
      );
    const to = device.state.activeLink === 'wan' ? 'cellular1' : 'wan';
    const from = device.state.activeLink;
    expect(device.failOver(to)).toBe(true);
    expect(device.failOver(to)).toBe(false);
    await cloud.waitFor((m) => of(sn, 'event')(m) && events('linkChange').length > 0);
    expect(events('linkChange')[0]?.message).toMatchObject({ event: { from, to } });
    expect(device.switchSim(2)).toBe(true);
    await cloud.waitFor((m) => of(sn, 'event')(m) && events('simSwitch').length > 0);
    expect(events('simSwitch')[0]?.message).toMatchObject({ event: { to: 2 } });
    expect(device.state.activeLink).toBe('cellular2');
    const boots = events('boot').length;
    await device.rebootLoop(3);
    await cloud.waitFor(() => events('boot').length >= boots + 3);
    expect(
      events('boot')
        .slice(boots)
        .map((m) => m.message),
    ).toMatchObject([
      { event: { reason: 'reboot' } },
      { event: { reason: 'reboot' } },
      { event: { reason: 'reboot' } },
    ]);
    expect(device.online).toBe(true);
  });
});
