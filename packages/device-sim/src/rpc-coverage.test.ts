import {
  parseRpcResult,
  type ReplyMessage,
  RPC_ERROR,
  RPC_METHODS,
  type RpcMethod,
  rpcRequest,
  SERIES,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SimulatedDevice } from './device.ts';
import { startTestCloud, type TestCloud } from './test-cloud.ts';

/** Sensible parameters for every method, as the console would send them. */
const PARAMS: Record<RpcMethod, Record<string, unknown>> = {
  reboot: {},
  ping: { host: '1.1.1.1', count: 2 },
  speedTest: { durationSeconds: 5 },
  capture: { interface: 'eth0', durationSeconds: 5 },
  ledTest: {},
  cli: { command: 'show interface' },
  configApply: { xml: '<config><services><ssh enabled="false" port="22"/></services></config>' },
  configConfirm: { changeSetId: 'no-such-change-set' },
  portalApply: {
    portalId: 1,
    version: 1,
    splashUrl: 'http://127.0.0.1:9/api/gm/portal/splash',
    allowedSites: ['*.example.com'],
    blockedDomains: ['ads.example'],
    blockedMacs: [],
    limits: {
      downloadLimitMb: 0,
      uploadLimitMb: 0,
      totalLimitMb: 50,
      sessionTimeoutMinutes: 30,
      downloadKbps: 0,
      uploadKbps: 0,
    },
    radius: { secret: '0123456789abcdef0123456789abcdef', host: '127.0.0.1', authPort: 0, acctPort: 0 },
  },
  configGet: {},
  statusGet: {},
  firmwareInstall: {
    url: 'https://f.example/fw',
    version: '',
    sha256: 'b'.repeat(64),
    size: 9_000_000,
    expiresAt: 0,
  },
  appInstall: {
    url: 'https://f.example/app',
    version: '1.0.0',
    sha256: 'c'.repeat(64),
    size: 500_000,
    expiresAt: 0,
    name: 'Modbus',
    packageName: 'com.example.modbus',
  },
  appUninstall: { packageName: 'com.example.modbus' },
  appList: {},
  timers: {
    action: 'set',
    timers: [{ id: 't1', action: 'reboot', at: Date.now() + 3_600_000, repeat: 'daily' }],
  },
  serialPort: { action: 'open', port: 1 },
  ioControl: { action: 'read' },
  switchConnection: { link: 'cellular1' },
  dataManagement: {},
  poeStatus: {},
  poeTimers: { port: 1, enableTime: '07:00', disableTime: '19:00' },
  resetPassword: { user: 'admin', password: 'Router.2026' },
  syslog: { lines: 5 },
  lora: { action: 'nodes' },
  keepAlive: { seconds: 300 },
  // No slave listens there: every point answers its error, the command itself succeeds.
  pointTableTestRead: {
    slave: { protocol: 'modbusTcp', connectionType: 'tcp', ip: '127.0.0.1', port: 1, slaveId: 1 },
    points: [{ index: 0, functionCode: 3, address: 0, count: 2 }],
  },
  // Nothing to poll: the gateway stops polling and says so.
  pointTableApply: { endpoints: [] },
  // No table applied: no such endpoint (notFound).
  endpointWrite: { endpointId: 'METER01', point: 'relay1', value: 1 },
  vpnJoin: {
    groupId: 1,
    commonName: 'fp-g1-device-X',
    virtualIp: '10.224.0.2',
    profile: 'client\nremote hub.example 11940\n<cert>\nx\n</cert>\n<key>\nx\n</key>\n',
    siteIpAccessType: 'REAL_IP',
  },
  vpnLeave: { groupId: 1 },
  vpnRotateCertificate: { groupId: 99, certPem: 'x', keyPem: 'x' },
};

/** Failures that are right for hardware a model does not have. */
const MISSING_HARDWARE: number[] = [RPC_ERROR.unsupported, RPC_ERROR.notFound];

let cloud: TestCloud;
const devices: SimulatedDevice[] = [];
beforeAll(async () => {
  cloud = await startTestCloud();
  for (const s of SERIES) {
    const sn = `COV-${s.id.toUpperCase()}-0001`;
    cloud.secrets.set(sn, `secret-${sn}-0123456789`);
    const d = new SimulatedDevice({
      sn,
      series: s.id,
      url: cloud.url,
      secret: cloud.secrets.get(sn),
      timeScale: 0.001,
      reconnectDelayMs: 50,
      validate: true,
    });
    devices.push(d);
  }
  await Promise.all(devices.map((d) => d.start()));
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.stop()));
  await cloud.close();
});

describe('every RPC method on every series', () => {
  // Concurrent: each series is its own device, and a round trip is mostly waiting on the network.
  it.concurrent.for(SERIES.map((s) => s.id))(
    '%s answers every method with a valid result or a fitting error',
    async (series, { expect }) => {
      const device = devices.find((d) => d.state.identity.series.id === series) as SimulatedDevice;
      for (const method of RPC_METHODS) {
        const id = `${series}-${method}`;
        const params = { ...PARAMS[method] };
        if (method === 'firmwareInstall')
          params.version = device.state.firmwareVersion.replace(/\d+$/, (n) => String(Number(n) + 1));
        if ('expiresAt' in params) params.expiresAt = Date.now() + 3_600_000;
        await cloud.sendRpc(device.sn, rpcRequest(id, method, params as never, Date.now() + 20_000));
        const reply = (await cloud.waitFor(
          (m) => m.message.type === 'reply' && m.message.id === id && m.message.state !== 'inExecution',
          10_000,
        )) as ReplyMessage;
        if (reply.state === 'success')
          expect(parseRpcResult(method, reply.result).success, `${id} result`).toBe(true);
        else expect(MISSING_HARDWARE, `${id}: ${reply.error?.message}`).toContain(reply.error?.code);
        if (!device.online) await device.waitFor('online');
      }
      expect(cloud.invalid).toEqual([]);
    },
  );
});
