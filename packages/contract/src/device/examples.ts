import type { ClaimAnswer, ClaimRequest } from './claim.ts';
import type {
  ConfigMessage,
  EndpointMessage,
  EventMessage,
  HelloMessage,
  PresenceMessage,
  StatusMessage,
  SyslogMessage,
  TelemetryMessage,
} from './messages.ts';
import type { ReplyMessage, RpcRequest } from './rpc.ts';

/*
 * One valid example of every message, as docs/device-protocol.md shows them. Tests check them
 * against the schemas, so the documentation cannot drift from the code; gateway tests may reuse them.
 */

const ts = 1_795_000_000_000;

export const EXAMPLE_SN = 'R3000Q2611000042';

export const DEVICE_EXAMPLES = {
  hello: {
    type: 'hello',
    ts,
    protocolVersion: 1,
    model: 'R3000-Q',
    series: 'r3000',
    firmwareVersion: '5.3.0',
    appVersion: '5.3.0',
    apps: [{ packageName: 'com.fleetport.modbus', name: 'Modbus bridge', version: '1.2.0' }],
    capabilities: {
      cellular: true,
      fiveG: false,
      dualSim: true,
      wifi: true,
      wifiBands: ['2.4GHz'],
      gps: true,
      dido: true,
      digitalInputs: 2,
      digitalOutputs: 2,
      ai: false,
      analogInputs: 0,
      comPorts: 2,
      usb: true,
      telephone: false,
      smartRoaming: false,
      poe: false,
      poePorts: 0,
      lora: false,
      ethernetPorts: 5,
      wireguard: false,
      ipPassthrough: true,
      pppoeBridge: false,
      euridisPorts: 0,
      mbusPorts: 0,
      boardType: 'R3000',
      flashMb: 128,
      ramMb: 128,
    },
    mac: '00:11:22:3A:4B:5C',
    imei: '356938035643809',
    iccid: '89860012345678901234',
    imsi: '460001234567890',
    ssid: 'R3000-4B5C',
    ip: '10.64.12.7',
    routerId: '10.64.12.7',
    networkEnvironment: 'private',
    connectionType: 'cellular',
    activeLink: 'cellular1',
    keepAlive: 120,
    uptimeSeconds: 35,
    modelType: 'DIRECT',
  },
  status: {
    type: 'status',
    ts,
    modules: {
      uci: {
        network: { 'lan.ipaddr': '192.168.0.1', 'lan.netmask': '255.255.255.0' },
        system: { hostname: 'R3000' },
      },
      modem: {
        imei: '356938035643809',
        model: 'EC25-E',
        registered: true,
        activeSim: 1,
        sims: [
          { slot: 1, present: true, iccid: '89860012345678901234', imsi: '460001234567890', state: 'ready' },
          { slot: 2, present: false, state: 'absent' },
        ],
        signal: { sim: 1, rat: '4G', rssi: -67, rsrp: -95, rsrq: -11, sinr: 13.5, operator: 'Vodafone' },
      },
    },
  },
  telemetry: {
    type: 'telemetry',
    ts,
    seq: 17,
    uptimeSeconds: 1020,
    usage: [
      { link: 'cellular1', rxBytes: 18_734_112, txBytes: 2_310_455 },
      { link: 'wan', rxBytes: 0, txBytes: 0 },
    ],
    signal: [{ sim: 1, rat: '4G', rssi: -67, rsrp: -95, rsrq: -11, sinr: 13.5 }],
    activeLink: 'cellular1',
    cpuPercent: 12.5,
    memoryPercent: 41,
    temperatureC: 46,
  },
  event: {
    type: 'event',
    ts,
    event: { name: 'linkChange', from: 'wan', to: 'cellular1' },
  },
  syslog: {
    type: 'syslog',
    ts,
    entries: [{ ts, level: 'notice', tag: 'netifd', message: "Interface 'wwan' is now up" }],
  },
  config: {
    type: 'config',
    ts,
    xml: '<?xml version="1.0" encoding="UTF-8"?>\n<config><system><hostname>R3000</hostname></system></config>',
    lastUpdatedTime: ts - 3_600_000,
    reason: 'boot',
  },
  reply: {
    type: 'reply',
    ts,
    id: 'c0f7a3e2',
    state: 'success',
    result: {
      host: '8.8.8.8',
      sent: 2,
      received: 2,
      lossPercent: 0,
      rttMs: [31.2, 29.8],
      minMs: 29.8,
      avgMs: 30.5,
      maxMs: 31.2,
    },
  },
  presence: { type: 'presence', ts, state: 'online', session: 'k3v9q1', reason: 'connect' },
  claim: {
    type: 'claim',
    ts,
    requestId: 'r-1',
    model: 'R3000-Q',
    series: 'r3000',
    mac: '00:11:22:3A:4B:5C',
    imei: '356938035643809',
    firmwareVersion: '5.3.0',
    appVersion: '5.3.0',
  },
  endpoint: {
    type: 'endpoint',
    ts,
    samples: [
      {
        endpointId: 'METER01',
        ts: ts - 200,
        values: { voltage: 230.4, current: 5.37, activePower: 1150.6, energy: 1523.77 },
        quality: 'good',
      },
    ],
    presence: [
      { endpointId: 'FLOW01', ts: ts - 150, state: 'offline', reason: 'cannot reach 192.168.1.22:502' },
    ],
  },
} satisfies {
  hello: HelloMessage;
  status: StatusMessage;
  telemetry: TelemetryMessage;
  event: EventMessage;
  syslog: SyslogMessage;
  config: ConfigMessage;
  reply: ReplyMessage;
  presence: PresenceMessage;
  claim: ClaimRequest;
  endpoint: EndpointMessage;
};

export const DOWN_EXAMPLES = {
  rpc: {
    type: 'rpc',
    id: 'c0f7a3e2',
    method: 'ping',
    params: { host: '8.8.8.8', count: 2 },
    deadline: ts + 60_000,
  },
  claimAccepted: {
    type: 'claimAccepted',
    requestId: 'r-1',
    secret: 'q8Hc1vJ0b7k2Zt5N9wXy3LmR4sPa6DfE',
    keepAlive: 120,
  },
} satisfies { rpc: RpcRequest; claimAccepted: ClaimAnswer };
