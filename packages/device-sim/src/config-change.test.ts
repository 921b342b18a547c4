import {
  type ConfigMessage,
  type ReplyMessage,
  RPC_ERROR,
  readDeviceConfiguration,
  rpcRequest,
  UPDATE_ERROR,
} from '@fleetport/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configChecksum } from './config-handlers.ts';
import { SimulatedDevice } from './device.ts';
import { type RecordedMessage, startTestCloud, type TestCloud } from './test-cloud.ts';

/** Safe configuration changes as docs/device-protocol.md §7.5 says a router makes them. */

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

const reverted = (sn: string, id: string) => (m: RecordedMessage) =>
  m.sn === sn &&
  m.message.type === 'config' &&
  m.message.reason === 'reverted' &&
  m.message.changeSet?.id === id;

const ssh = (enabled: boolean) =>
  `<config><services><ssh enabled="${enabled}" port="22"></ssh></services></config>`;
const sshOf = (xml: string) => {
  const section = readDeviceConfiguration(xml)?.sections.get('services/ssh');
  return section && 'value' in section ? section.value.enabled : undefined;
};

describe('safe configuration changes (§7.5)', () => {
  it('keeps a change the cloud confirms within the window, with the checksum of what runs', async () => {
    const d = await online('CS-CONFIRM');
    const applied = await call(d.sn, 'a1', 'configApply', {
      xml: ssh(false),
      changeSet: { id: 'cs-1', confirmSeconds: 60 },
    });
    expect(applied.state).toBe('success');
    const result = applied.result as { checksum: string; confirmBy: number };
    expect(result.checksum).toBe(configChecksum(d.state.configXml));
    expect(result.confirmBy).toBeGreaterThan(Date.now());
    const confirmed = await call(d.sn, 'c1', 'configConfirm', { changeSetId: 'cs-1' });
    expect(confirmed).toMatchObject({ state: 'success', result: { checksum: result.checksum } });
    // Past the window nothing is put back.
    await new Promise((r) => setTimeout(r, 60_000 * 0.002 + 300));
    expect(sshOf(d.state.configXml)).toBe(false);
    // A repeated confirmation (another command id) is answered the same.
    expect((await call(d.sn, 'c2', 'configConfirm', { changeSetId: 'cs-1' })).state).toBe('success');
  });

  it('puts the previous configuration back when no confirmation comes, and says so', async () => {
    const d = await online('CS-REVERT');
    const before = d.state.configXml;
    await call(d.sn, 'a2', 'configApply', { xml: ssh(false), changeSet: { id: 'cs-2', confirmSeconds: 30 } });
    expect(sshOf(d.state.configXml)).toBe(false);
    const message = (await cloud.waitFor(reverted(d.sn, 'cs-2'), 20_000)) as ConfigMessage;
    expect(message.changeSet?.reason).toMatch(/Not confirmed within 30 s/);
    expect(message.xml).toBe(before);
    expect(message.checksum).toBe(configChecksum(before));
    const late = await call(d.sn, 'c3', 'configConfirm', { changeSetId: 'cs-2' });
    expect(late).toMatchObject({ state: 'failure', error: { code: RPC_ERROR.changeSetNotPending } });
    expect((await call(d.sn, 'c4', 'configConfirm', { changeSetId: 'never' })).error?.code).toBe(
      RPC_ERROR.notFound,
    );
  });

  it('loses its cellular uplink to a wrong APN, comes back with the old one and reports it', async () => {
    const d = await online('CS-APN');
    d.state.activeLink = 'cellular1';
    const wrongApn =
      '<config><interface><cellular enabled="true"><sim slot="1"><apn>wrong.apn</apn><auth>none</auth><pin></pin></sim><sim slot="2"><apn>internet</apn><auth>none</auth><pin></pin></sim><network_type>auto</network_type></cellular></interface></config>';
    const connects = d.stats.connects;
    // The reply waits for the link: it comes once the router is back, after it put the old APN back.
    const applied = await call(d.sn, 'a3', 'configApply', {
      xml: wrongApn,
      changeSet: { id: 'cs-3', confirmSeconds: 30 },
    });
    expect(applied.state).toBe('success');
    const message = (await cloud.waitFor(reverted(d.sn, 'cs-3'), 20_000)) as ConfigMessage;
    expect(message.xml).toContain('<apn>internet</apn>');
    expect(message.xml).not.toContain('wrong.apn');
    expect(d.stats.connects).toBe(connects + 1);
  });

  it('refuses a value its own checks refuse, naming it, and changes nothing', async () => {
    const d = await online('CS-REJECT');
    const before = d.state.configXml;
    const reply = await call(d.sn, 'a4', 'configApply', {
      xml: '<config><services><ssh enabled="true" port="70000"></ssh></services></config>',
      changeSet: { id: 'cs-4', confirmSeconds: 30 },
    });
    expect(reply).toMatchObject({ state: 'failure', error: { code: UPDATE_ERROR.invalidConfiguration } });
    expect(reply.error?.message).toContain('services/ssh@port');
    expect(d.state.configXml).toBe(before);
  });
});
