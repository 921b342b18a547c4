import {
  type ReplyMessage,
  RPC_ERROR,
  rpcRequest,
  type StatusMessage,
  type TelemetryMessage,
} from '@fleetport/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedDevice } from './device.ts';
import { type RecordedMessage, startTestCloud, type TestCloud } from './test-cloud.ts';

/** The router's VPN client as docs/device-protocol.md §7.6 says it behaves. */

let cloud: TestCloud;
const devices: SimulatedDevice[] = [];

beforeEach(async () => {
  cloud = await startTestCloud();
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  await cloud.close();
});

async function online(sn: string): Promise<SimulatedDevice> {
  cloud.secrets.set(sn, `secret-of-${sn}-0123456789`);
  const device = new SimulatedDevice({
    sn,
    series: 'r3000',
    url: cloud.url,
    secret: cloud.secrets.get(sn),
    timeScale: 0.002,
    reconnectDelayMs: 50,
    validate: true,
  });
  devices.push(device);
  await device.start();
  return device;
}

async function call(sn: string, id: string, method: Parameters<typeof rpcRequest>[1], params: object) {
  await cloud.sendRpc(sn, rpcRequest(id, method, params as never, Date.now() + 30_000));
  return (await cloud.waitFor(
    (m) => m.message.type === 'reply' && m.message.id === id && m.message.state !== 'inExecution',
    20_000,
  )) as ReplyMessage;
}

const vpnState =
  (sn: string, state: string, after = 0) =>
  (m: RecordedMessage) =>
    m.sn === sn &&
    m.at >= after &&
    m.message.type === 'status' &&
    (m.message as StatusMessage).modules.vpn?.state === state;

const PROFILE = [
  'client',
  'remote hub.example 11940',
  '<ca>\n-----BEGIN CERTIFICATE-----\n</ca>',
  '<cert>\n-----BEGIN CERTIFICATE-----\n</cert>',
  '<key>\n-----BEGIN PRIVATE KEY-----\n</key>',
].join('\n');
const JOIN = {
  groupId: 7,
  commonName: 'fp-g7-device-VPN-SIM',
  virtualIp: '10.224.0.9',
  profile: PROFILE,
  siteIpAccessType: 'REAL_IP',
};

describe('the VPN client (§7.6)', () => {
  it('joins, reports connecting then connected with its address, and counts traffic through the tunnel', async () => {
    const d = await online('VPN-SIM-1');
    const joined = await call(d.sn, 'j1', 'vpnJoin', JOIN);
    expect(joined).toMatchObject({
      state: 'success',
      result: { groupId: 7, state: 'connecting', virtualIp: '10.224.0.9' },
    });
    await cloud.waitFor(vpnState(d.sn, 'connecting'), 5_000);
    const up = (await cloud.waitFor(vpnState(d.sn, 'connected'), 10_000)) as StatusMessage;
    expect(up.modules.vpn).toMatchObject({ groupId: 7, virtualIp: '10.224.0.9', rxBytes: 0, txBytes: 0 });
    expect(up.modules.vpn?.since).toEqual(expect.any(Number));
    // Telemetry carries the tunnel's traffic, and the status asked for shows bytes since it came up.
    d.sendTelemetry();
    const sample = (await cloud.waitFor(
      (m) =>
        m.sn === d.sn &&
        m.message.type === 'telemetry' &&
        ((m.message as TelemetryMessage).vpn?.rxBytes ?? 0) > 0,
      20_000,
    )) as TelemetryMessage;
    expect(sample.vpn!.rxBytes).toBeGreaterThan(sample.vpn!.txBytes);
    const asked = Date.now();
    await call(d.sn, 's1', 'statusGet', { modules: ['vpn'] });
    const status = (await cloud.waitFor(vpnState(d.sn, 'connected', asked), 5_000)) as StatusMessage;
    expect(status.modules.vpn!.rxBytes).toBeGreaterThan(0);
  });

  it('rotates its certificate by reconnecting, and leaves only the group it is in', async () => {
    const d = await online('VPN-SIM-2');
    await call(d.sn, 'j2', 'vpnJoin', JOIN);
    await cloud.waitFor(vpnState(d.sn, 'connected'), 10_000);
    const rotatedAt = Date.now();
    const rotated = await call(d.sn, 'r2', 'vpnRotateCertificate', {
      groupId: 7,
      certPem: '-----BEGIN CERTIFICATE-----\nnew\n-----END CERTIFICATE-----',
      keyPem: '-----BEGIN PRIVATE KEY-----\nnew\n-----END PRIVATE KEY-----',
    });
    expect(rotated.result).toEqual({ groupId: 7, state: 'connecting' });
    await cloud.waitFor(vpnState(d.sn, 'connected', rotatedAt), 10_000);
    const other = await call(d.sn, 'l1', 'vpnLeave', { groupId: 8 });
    expect(other.result).toEqual({ groupId: 8, left: false });
    const leftAt = Date.now();
    const left = await call(d.sn, 'l2', 'vpnLeave', { groupId: 7 });
    expect(left.result).toEqual({ groupId: 7, left: true });
    const gone = (await cloud.waitFor(vpnState(d.sn, 'disconnected', leftAt), 5_000)) as StatusMessage;
    expect(gone.modules.vpn).toMatchObject({ groupId: null, virtualIp: null });
    const notJoined = await call(d.sn, 'r3', 'vpnRotateCertificate', {
      groupId: 7,
      certPem: 'x',
      keyPem: 'x',
    });
    expect(notJoined).toMatchObject({ state: 'failure', error: { code: RPC_ERROR.notFound } });
  });

  it('refuses a profile without a hub, certificate or key (101)', async () => {
    const d = await online('VPN-SIM-3');
    const res = await call(d.sn, 'j3', 'vpnJoin', { ...JOIN, profile: 'client\nremote hub.example 11940\n' });
    expect(res).toMatchObject({ state: 'failure', error: { code: RPC_ERROR.invalidParams } });
  });
});
