import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SimulatedDevice } from './device.ts';
import { identityOf, importCsv } from './identity.ts';
import { startTestCloud, type TestCloud } from './test-cloud.ts';

let cloud: TestCloud;
const devices: SimulatedDevice[] = [];
beforeEach(async () => {
  cloud = await startTestCloud();
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  await cloud.close();
});

function device(sn: string, claim: SimulatedDevice['options']['claim'] = true) {
  const d = new SimulatedDevice({
    sn,
    series: 'r2000',
    url: cloud.url,
    claim,
    reconnectDelayMs: 50,
    validate: true,
  });
  d.on('error', () => {});
  devices.push(d);
  return d;
}

describe('zero-touch claim', () => {
  it('claims with the imported MAC, keeps the secret and connects with it', async () => {
    const id = identityOf('SIM-R2000-000001', 'r2000');
    cloud.imported.set(id.sn, { mac: id.mac.toLowerCase() });
    const saved: string[] = [];
    const d = device(id.sn);
    d.options.onSecret = (_sn, secret) => saved.push(secret);
    await d.start();
    expect(d.online).toBe(true);
    expect(saved).toEqual([cloud.secrets.get(id.sn)]);
    const claim = await cloud.waitFor((m) => m.message.type === 'claim');
    expect(claim).toMatchObject({ mac: id.mac, series: 'r2000', model: id.model });
    await cloud.waitFor((m) => m.message.type === 'hello' && m.sn === id.sn);
  });

  it('claims with the IMEI when the company imported that', async () => {
    const id = identityOf('SIM-R2000-000002', 'r2000');
    cloud.imported.set(id.sn, { imei: id.imei });
    const d = device(id.sn, { identifier: 'imei' });
    await d.start();
    expect(d.online).toBe(true);
  });

  it("proves itself with its clock, which follows the cloud's", async () => {
    // The cloud's clock runs a month ahead (a test server moved it): a proof stamped with this
    // machine's time is out of the ±600 s window, one stamped with the router's network time is not.
    cloud.clockAheadMs = 31 * 86_400_000;
    const id = identityOf('SIM-R2000-000006', 'r2000');
    cloud.imported.set(id.sn, { mac: id.mac.toLowerCase() });
    const behind = device(id.sn);
    const refused = new Promise<string>((resolve) => behind.once('claimRefused', resolve));
    void behind.start();
    expect(await refused).toBe('unproven');
    await behind.stop();
    const synced = device(id.sn, { clockAheadMs: cloud.clockAheadMs });
    await synced.start();
    expect(synced.online).toBe(true);
  });

  it('is refused when the SN was not imported or the MAC differs', async () => {
    cloud.imported.set('SIM-R2000-000004', { mac: '00:00:00:00:00:01' });
    for (const sn of ['SIM-R2000-000003', 'SIM-R2000-000004']) {
      const d = device(sn);
      const refused = new Promise<string>((resolve) => d.once('claimRefused', resolve));
      void d.start();
      expect(await refused).toBe('unproven');
      expect(d.online).toBe(false);
    }
    expect(cloud.secrets.size).toBe(0);
  });

  it('keeps claiming while it waits for its import, and comes online soon after it', async () => {
    const id = identityOf('SIM-R2000-000005', 'r2000');
    const d = device(id.sn);
    // The doubling reconnect delay is capped for refused claims, so the wait after an import stays short.
    d.options.reconnectDelayMs = 200;
    d.options.claimRetryMaxMs = 300;
    let refusals = 0;
    d.on('claimRefused', () => refusals++);
    const started = d.start();
    while (refusals < 4) await new Promise((r) => setTimeout(r, 20));
    cloud.imported.set(id.sn, { mac: id.mac.toLowerCase() });
    const importedAt = Date.now();
    await started;
    expect(d.online).toBe(true);
    expect(Date.now() - importedAt).toBeLessThan(2000);
  });

  it('prints an import file that matches the devices', () => {
    const csv = importCsv([identityOf('SIM-R2000-000001', 'r2000')]);
    const id = identityOf('SIM-R2000-000001', 'r2000');
    expect(csv).toBe(
      `SN,Name,Model,MAC or IMEI,Tags\nSIM-R2000-000001,SIM-R2000-000001,${id.model},${id.mac},sim\n`,
    );
  });
});
