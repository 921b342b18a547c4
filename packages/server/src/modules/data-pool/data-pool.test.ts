import {
  addDataPackagesCall,
  approveOrderCall,
  assignCustomerLicencesCall,
  billingListCall,
  checkDataPoolCall,
  DATA_PACKAGE_BYTES,
  DATA_POOL_LOW_PERCENT_DEFAULT,
  dataPoolExportCall,
  dataPoolItemsCall,
  dataPoolSummaryCall,
  dataPoolUsageCall,
  deviceNotificationListCall,
  ErrorCode,
  errorMessage,
  grantDataCall,
  placeOrderCall,
  reduceCustomerLicencesCall,
  saveAlertEmailCall,
  saveDataPoolSettingsCall,
  saveSmtpCall,
  setCustomerTermsCall,
  type TelemetryMessage,
  VPN_TRAFFIC_ADVANCED_BYTES,
  VPN_TRAFFIC_EXTENSION_BYTES,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn, startTestSmtp, type TestSmtp } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { downloaded, exportBody } from '../exports/export-test-kit.ts';
import { grantPool, operationKey, putOnLevel } from '../licences/licence-test-kit.ts';
import { linkCustomer, makePartner } from '../partner-notifications/partner-test-kit.ts';
import { sweepDataPools } from './data-pool.job.ts';
import { recordVpnUsage } from './vpn-usage.ts';

/**
 * The VPN data pool (issue 13): data packages bought and passed down like licences and moved into the
 * pool, the traffic licence periods include, usage from the devices' VPN counters drawn from the item
 * expiring first, items valid → in use → expired on the job queue, the low and exhausted alerts told
 * once per crossing (device notification and the partner's e-mail, read from a test SMTP server).
 */

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

let t: TestApp;
let admin: SignedIn;
let adminLogin: { account: string; password: string };
let delta: Owner;
let acme: Owner;
let rival: Owner;
let smtp: TestSmtp;

/** Sessions end after 4 hours: after moving the clock by days, everyone signs in again. */
async function signInAgain() {
  admin = await signIn(t, adminLogin.account, adminLogin.password);
  // Only who they are is kept: the old session's `call` would otherwise win over the new one.
  const again = async ({ companyId, userId, account }: Owner) =>
    asOwner(await signIn(t, account), { companyId, userId, account });
  acme = await again(acme);
  rival = await again(rival);
  delta = await again(delta);
}

const counters = new Map<string, { seq: number; rx: number }>();

/** The next telemetry message of a device whose VPN carried `bytes` more since the last one. */
function vpnSample(sn: string, bytes: number): TelemetryMessage {
  const last = counters.get(sn) ?? { seq: 0, rx: 0 };
  const next = { seq: last.seq + 1, rx: last.rx + bytes };
  counters.set(sn, next);
  return {
    type: 'telemetry',
    ts: t.clock.now().getTime() + next.seq,
    seq: next.seq,
    uptimeSeconds: 60 * next.seq,
    usage: [],
    signal: [],
    vpn: { rxBytes: next.rx, txBytes: 0 },
  };
}

/** What the gateway does with a telemetry message once it is stored. */
function deliver(sn: string, companyId: number, message: TelemetryMessage) {
  return recordVpnUsage({ db: t.deps.db, clock: t.clock, hub: t.deps.hub }, sn, companyId, message);
}

const summary = (who: Owner) => who.run(dataPoolSummaryCall, {}).then((r) => r.data!);
const items = (who: Owner, state?: 'valid' | 'inUse' | 'expired') =>
  who.run(dataPoolItemsCall, { pageNum: 1, pageSize: 100, ...(state ? { state } : {}) }).then((r) => r.data!);

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ jobs: { manual: true } });
  const created = await ensureSuperAdmin(t.deps);
  adminLogin = { account: created!.account, password: created!.password };
  admin = await signIn(t, adminLogin.account, adminLogin.password);
  delta = await companyOwner(t, 'Delta Distribution', 'owner@delta-pool.test');
  acme = await companyOwner(t, 'Acme Tunnels', 'owner@acme-pool.test');
  rival = await companyOwner(t, 'Rival Routers', 'owner@rival-pool.test');
  await makePartner(t, delta.companyId, 'distributor');
  await linkCustomer(t, delta.companyId, acme.companyId);
  await seedDevices(t, acme.companyId, [
    { sn: 'VPN0001' },
    { sn: 'VPN0002' },
    ...Array.from({ length: 20 }, (_, i) => ({ sn: `BURST${String(i).padStart(3, '0')}` })),
  ]);
  await seedDevices(t, rival.companyId, [{ sn: 'RIVAL0001' }]);
  // Delta mails its customers' VPN alerts through its own server.
  await delta.run(saveSmtpCall, {
    senderEmail: 'alerts@delta-pool.test',
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: '',
  });
  for (const type of ['vpnDataLow', 'vpnDataExhausted'] as const) {
    const saved = await delta.run(saveAlertEmailCall, {
      type,
      subject: type === 'vpnDataLow' ? 'Delta: VPN data low' : 'Delta: VPN data used up',
      senderName: 'Delta Support',
      supportEmail: 'support@delta-pool.test',
      bannerFileId: null,
      enabled: true,
    });
    expect(saved.code, saved.msg).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('data packages', () => {
  it('are bought and passed down like licences, and move into the pool one item each, once per key', async () => {
    await grantPool(t, delta.companyId, 'DATA_PACKAGE', 12);
    const passed = await delta.run(assignCustomerLicencesCall, {
      companyId: acme.companyId,
      product: 'DATA_PACKAGE',
      quantity: 3,
      idempotencyKey: operationKey(),
    });
    expect(passed.code, passed.msg).toBe(0);
    expect(await summary(acme)).toMatchObject({
      totalBytes: 0,
      packagesAvailable: 3,
      alert: null,
      lowPercent: DATA_POOL_LOW_PERCENT_DEFAULT,
    });

    const key = operationKey();
    const added = await acme.run(addDataPackagesCall, { quantity: 2, idempotencyKey: key });
    expect(added.code, added.msg).toBe(0);
    expect(added.data!.items).toHaveLength(2);
    // A retry after a time-out answers the same and adds nothing.
    const again = await acme.run(addDataPackagesCall, { quantity: 2, idempotencyKey: key });
    expect(again.data).toEqual(added.data);
    expect(await summary(acme)).toMatchObject({
      totalBytes: 2 * DATA_PACKAGE_BYTES,
      usedBytes: 0,
      remainingBytes: 2 * DATA_PACKAGE_BYTES,
      packagesAvailable: 1,
      items: { valid: 2, inUse: 0, expired: 0 },
    });
    const list = await items(acme);
    expect(list.list.map((i) => [i.source, i.packageBytes, i.licenceBytes, i.expireDays, i.state])).toEqual([
      ['package', DATA_PACKAGE_BYTES, 0, 30, 'valid'],
      ['package', DATA_PACKAGE_BYTES, 0, 30, 'valid'],
    ]);
    expect(list.list[0]!.expiresAt).toBeNull();
    // The billing history lists the move as a consumption of data packages.
    const billing = await acme.run(billingListCall, { pageNum: 1, pageSize: 5, product: 'DATA_PACKAGE' });
    expect(billing.data!.list[0]).toMatchObject({
      movement: 'consumption',
      quantity: -2,
      transactionNo: added.data!.transactionNo,
    });
  });

  it('are ordered from the partner by purchase order, and the approval makes them addable', async () => {
    await grantPool(t, delta.companyId, 'DATA_PACKAGE', 12);
    // A product the partner prices for its customer is on the customer's checkout.
    const terms = await delta.run(setCustomerTermsCall, {
      companyId: acme.companyId,
      onlinePurchaseForbidden: false,
      prices: [{ product: 'DATA_PACKAGE', unitPrice: 2.5, minimumPurchase: 12 }],
    });
    expect(terms.code, terms.msg).toBe(0);
    const placed = await acme.run(placeOrderCall, {
      product: 'DATA_PACKAGE',
      quantity: 12,
      idempotencyKey: operationKey(),
    });
    expect(placed.code, placed.msg).toBe(0);
    const approved = await delta.run(approveOrderCall, { orderId: placed.data!.id });
    expect(approved.code, approved.msg).toBe(0);
    expect(approved.data).toMatchObject({ state: 'approved', total: 30 });
    expect((await summary(acme)).packagesAvailable).toBe(13);
    // Back to what the tests below expect: the ordered packages are taken back by the partner.
    const reduced = await delta.run(reduceCustomerLicencesCall, {
      companyId: acme.companyId,
      product: 'DATA_PACKAGE',
      quantity: 12,
      idempotencyKey: operationKey(),
    });
    expect(reduced.code, reduced.msg).toBe(0);
    expect((await summary(acme)).packagesAvailable).toBe(1);
  });

  it('refuses more packages than the company holds (190302, with the numbers)', async () => {
    const res = await acme.run(addDataPackagesCall, { quantity: 5, idempotencyKey: operationKey() });
    expect(res.code).toBe(ErrorCode.NOT_ENOUGH_LICENCES);
    expect(res.data).toEqual({ needed: 5, available: 1 });
    expect(res.msg).toBe(errorMessage(ErrorCode.NOT_ENOUGH_LICENCES, 'en'));
    expect((await summary(acme)).items.valid).toBe(2);
  });

  it('names the field of a bad quantity', async () => {
    const res = await acme.run(addDataPackagesCall, { quantity: 0, idempotencyKey: operationKey() });
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.msg).toMatch(/quantity/);
  });
});

describe('traffic included with a licence', () => {
  it('is credited once per started Advanced or Extension period, for the device', async () => {
    await putOnLevel(t, acme, ['VPN0001'], 'ADVANCED');
    await putOnLevel(t, acme, ['VPN0002'], 'EXTENSION');
    await sweepDataPools(t.deps);
    await sweepDataPools(t.deps);
    const licence = (await items(acme)).list.filter((i) => i.source === 'licence');
    expect(licence.map((i) => [i.sn, i.licenceBytes, i.packageBytes, i.state]).sort()).toEqual([
      ['VPN0001', VPN_TRAFFIC_ADVANCED_BYTES, 0, 'valid'],
      ['VPN0002', VPN_TRAFFIC_EXTENSION_BYTES, 0, 'valid'],
    ]);
  });

  it('credits a renewal when its period starts, not when it is bought', async () => {
    // The same level again renews: a period starting at the current one's end, 30 days on.
    await putOnLevel(t, acme, ['VPN0001'], 'ADVANCED');
    await sweepDataPools(t.deps);
    const licence = (await items(acme)).list.filter((i) => i.source === 'licence' && i.sn === 'VPN0001');
    expect(licence).toHaveLength(1);
  });
});

describe('usage from the devices’ VPN counters', () => {
  it('draws the difference of two samples once, from the oldest unused item, starting its 30 days', async () => {
    const before = await items(acme);
    const oldest = before.list.filter((i) => i.state === 'valid').sort((a, b) => a.id - b.id)[0]!;
    const first = vpnSample('VPN0001', 10 * MB);
    await deliver('VPN0001', acme.companyId, first);
    // The same message again (a lost acknowledgement) and an older one draw nothing.
    await deliver('VPN0001', acme.companyId, first);
    await deliver('VPN0001', acme.companyId, { ...first, ts: first.ts - 1000, seq: 0 });
    await deliver('VPN0001', acme.companyId, vpnSample('VPN0001', 5 * MB));
    const inUse = (await items(acme, 'inUse')).list;
    expect(inUse).toHaveLength(1);
    expect(inUse[0]).toMatchObject({ id: oldest.id, usedBytes: 15 * MB, state: 'inUse' });
    expect(inUse[0]!.expiresAt! - inUse[0]!.firstUsedAt!).toBe(30 * DAY_MS);
    expect((await summary(acme)).usedBytes).toBe(15 * MB);
  });

  it('counts the whole counter after a reboot', async () => {
    const used = (await summary(acme)).usedBytes;
    await deliver('VPN0002', acme.companyId, {
      ...vpnSample('VPN0002', 0),
      uptimeSeconds: 5,
      vpn: { rxBytes: 3 * MB, txBytes: MB },
    });
    await deliver('VPN0002', acme.companyId, {
      ...vpnSample('VPN0002', 0),
      uptimeSeconds: 1,
      vpn: { rxBytes: MB, txBytes: 0 },
    });
    expect((await summary(acme)).usedBytes).toBe(used + 5 * MB);
  });

  it('draws from the item expiring first once two are in use', async () => {
    // Two items in use: A (started earlier, expires first) and B; a draw larger than A's rest spills into B.
    const [a] = (await items(acme, 'inUse')).list;
    t.clock.advance(DAY_MS);
    await signInAgain();
    const rest = a!.remainingBytes;
    await deliver('VPN0001', acme.companyId, vpnSample('VPN0001', rest + 2 * MB));
    const after = (await items(acme)).list;
    expect(after.find((i) => i.id === a!.id)).toMatchObject({ remainingBytes: 0, state: 'inUse' });
    const b = after.find((i) => i.state === 'inUse' && i.id !== a!.id)!;
    expect(b.usedBytes).toBe(2 * MB);
    // A third draw goes to B (A is empty), never to an unused item while B holds data.
    await deliver('VPN0001', acme.companyId, vpnSample('VPN0001', MB));
    const third = (await items(acme)).list;
    expect(third.find((i) => i.id === b.id)!.usedBytes).toBe(3 * MB);
    expect(third.filter((i) => i.state === 'inUse')).toHaveLength(2);
  });

  it('lists the traffic per day for the chart, every day of the window', async () => {
    const res = await acme.run(dataPoolUsageCall, { days: 7 });
    expect(res.data).toHaveLength(7);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(res.data!.at(-1)!.day).toBe(today);
    const total = res.data!.reduce((sum, d) => sum + d.usedBytes, 0);
    expect(total).toBe((await summary(acme)).usedBytes);
    expect((await acme.run(dataPoolUsageCall, { days: 3 })).msg).toMatch(/days/);
  });
});

describe('expiry on the job queue', () => {
  it('ends an item 30 days after its first use, and its rest no longer counts', async () => {
    const before = await summary(acme);
    const first = (await items(acme, 'inUse')).list.sort((x, y) => x.expiresAt! - y.expiresAt!)[0]!;
    t.clock.set(first.expiresAt! + 1000);
    await signInAgain();
    await runDueJobs(t);
    const expired = (await items(acme, 'expired')).list;
    expect(expired.map((i) => i.id)).toContain(first.id);
    expect(expired.find((i) => i.id === first.id)).toMatchObject({ state: 'expired', remainingBytes: 0 });
    const row = await t.deps.db
      .selectFrom('data_pool_item')
      .select('expired_at')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(row.expired_at).not.toBeNull();
    const after = await summary(acme);
    expect(after.items.expired).toBeGreaterThan(before.items.expired);
    // The renewal bought earlier started on the way: its 5 GB came in as the used item went out.
    const renewal = (await items(acme)).list.filter((i) => i.source === 'licence' && i.sn === 'VPN0001');
    expect(renewal).toHaveLength(2);
    expect(after.totalBytes).toBe(
      before.totalBytes - (first.packageBytes + first.licenceBytes) + VPN_TRAFFIC_ADVANCED_BYTES,
    );
  });
});

describe('low and exhausted alerts', () => {
  const notes = async (bizType: 'vpnDataLow' | 'vpnDataExhausted') =>
    (await acme.run(deviceNotificationListCall, { pageNum: 1, pageSize: 50, bizTypes: [bizType] })).data!
      .list;

  it('tells a crossing once: one notification and one e-mail, however many messages follow', async () => {
    const pool = await summary(acme);
    // Leave a little under 20 % of the pool, in three messages past the threshold.
    const toUse = pool.remainingBytes - Math.floor(pool.totalBytes * 0.15);
    await deliver('VPN0002', acme.companyId, vpnSample('VPN0002', toUse));
    await deliver('VPN0002', acme.companyId, vpnSample('VPN0002', MB));
    await deliver('VPN0002', acme.companyId, vpnSample('VPN0002', MB));
    await runDueJobs(t);
    expect((await summary(acme)).alert).toBe('low');
    const low = await notes('vpnDataLow');
    expect(low).toHaveLength(1);
    expect(low[0]).toMatchObject({ sn: 'VPN0002', severity: 'minor' });
    expect(low[0]!.content).toMatch(/^The company's VPN data pool is running low: .+ of .+ left\.$/);
    const mails = smtp.mails.filter((m) => m.subject === 'Delta: VPN data low');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to.sort()).toEqual(['owner@acme-pool.test', 'support@delta-pool.test']);
    expect(mails[0]!.from).toBe('Delta Support <alerts@delta-pool.test>');
    expect(mails[0]!.text).toContain('Dear Acme Tunnels');
    expect(mails[0]!.text).toContain('Please contact Delta Distribution to buy data packages');
  });

  it('tells the pool used up once, and counts what it could not cover', async () => {
    const pool = await summary(acme);
    await deliver('BURST000', acme.companyId, vpnSample('BURST000', pool.remainingBytes + 7 * MB));
    await deliver('BURST000', acme.companyId, vpnSample('BURST000', MB));
    await runDueJobs(t);
    const after = await summary(acme);
    expect(after).toMatchObject({ remainingBytes: 0, alert: 'exhausted', uncoveredBytes: 8 * MB });
    expect(await notes('vpnDataExhausted')).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.subject === 'Delta: VPN data used up')).toHaveLength(1);
    const check = await acme.run(checkDataPoolCall, {});
    expect(check.code).toBe(ErrorCode.VPN_DATA_USED_UP);
    expect(check.msg).toBe('The VPN data pool is used up: add data packages to continue');
  });

  it('arms again when data is added, and tells the next crossing', async () => {
    const added = await acme.run(addDataPackagesCall, { quantity: 1, idempotencyKey: operationKey() });
    expect(added.code, added.msg).toBe(0);
    // Out of "used up", still under the threshold: the next time it is used up is told again.
    expect((await summary(acme)).alert).toBe('low');
    expect((await acme.run(checkDataPoolCall, {})).data).toEqual({ remainingBytes: DATA_PACKAGE_BYTES });
    await deliver('BURST001', acme.companyId, vpnSample('BURST001', DATA_PACKAGE_BYTES));
    await runDueJobs(t);
    expect(await notes('vpnDataExhausted')).toHaveLength(2);
    expect(smtp.mails.filter((m) => m.subject === 'Delta: VPN data used up')).toHaveLength(2);
  });

  it('keeps the threshold per company: 1-99 %, the field named when out of range', async () => {
    for (const lowPercent of [0, 100, 12.5]) {
      const res = await acme.run(saveDataPoolSettingsCall, { lowPercent });
      expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg).toMatch(/lowPercent/);
    }
    const saved = await acme.run(saveDataPoolSettingsCall, { lowPercent: 35 });
    expect(saved.data).toEqual({ lowPercent: 35 });
    expect((await summary(acme)).lowPercent).toBe(35);
    expect((await summary(rival)).lowPercent).toBe(DATA_POOL_LOW_PERCENT_DEFAULT);
  });
});

describe('many telemetry messages at once', () => {
  it('never draws more than the pool holds, never below zero, and counts each message once', async () => {
    const grant = await admin.call('POST', grantDataCall.path, {
      companyId: acme.companyId,
      dataMb: 100,
      expireDays: 30,
      idempotencyKey: operationKey(),
    });
    expect(grant.body.code, grant.body.msg).toBe(0);
    const before = await summary(acme);
    expect(before.remainingBytes).toBe(100 * MB);
    const sns = Array.from({ length: 20 }, (_, i) => `BURST${String(i).padStart(3, '0')}`);
    // 20 devices × 3 messages of 3 MB (each sent twice): 180 MB of traffic for a 100 MB pool.
    const messages = sns.flatMap((sn) => [1, 2, 3].map(() => [sn, vpnSample(sn, 3 * MB)] as const));
    await Promise.all([...messages, ...messages].map(([sn, m]) => deliver(sn, acme.companyId, m)));
    const after = await summary(acme);
    expect(after.remainingBytes).toBe(0);
    expect(after.usedBytes - before.usedBytes).toBe(100 * MB);
    expect(after.uncoveredBytes - before.uncoveredBytes).toBe(80 * MB);
    const rows = await t.deps.db
      .selectFrom('data_pool_item')
      .select(['used_bytes', 'package_bytes', 'licence_bytes'])
      .where('company_id', '=', acme.companyId)
      .execute();
    for (const r of rows) {
      expect(Number(r.used_bytes)).toBeGreaterThanOrEqual(0);
      expect(Number(r.used_bytes)).toBeLessThanOrEqual(Number(r.package_bytes) + Number(r.licence_bytes));
    }
  });
});

describe('the platform’s data grant', () => {
  it('takes validity days from 1 to 3650, naming the field', async () => {
    for (const expireDays of [0, 3651]) {
      const res = await admin.call('POST', grantDataCall.path, {
        companyId: rival.companyId,
        dataMb: 10,
        expireDays,
        idempotencyKey: operationKey(),
      });
      expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.body.msg).toMatch(/expireDays/);
    }
    const missing = await admin.call('POST', grantDataCall.path, {
      companyId: 9_999_999,
      dataMb: 10,
      expireDays: 10,
      idempotencyKey: operationKey(),
    });
    expect(missing.body.code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    expect(
      (
        await acme.run(grantDataCall, {
          companyId: acme.companyId,
          dataMb: 1,
          expireDays: 1,
          idempotencyKey: operationKey(),
        })
      ).code,
    ).toBe(ErrorCode.NO_PERMISSION);
  });

  it('answers 190324 once every item of a pool has expired', async () => {
    const res = await admin.call('POST', grantDataCall.path, {
      companyId: rival.companyId,
      dataMb: 10,
      expireDays: 1,
      idempotencyKey: operationKey(),
    });
    expect(res.body.code, res.body.msg).toBe(0);
    await deliver('RIVAL0001', rival.companyId, vpnSample('RIVAL0001', MB));
    t.clock.advance(2 * DAY_MS);
    await signInAgain();
    await runDueJobs(t);
    const check = await rival.run(checkDataPoolCall, {});
    expect(check.code).toBe(ErrorCode.DATA_PACKAGE_EXPIRED);
    expect(check.msg).toBe(errorMessage(ErrorCode.DATA_PACKAGE_EXPIRED, 'en'));
  });
});

describe('tenancy', () => {
  it('shows a company only its own pool, and its devices draw only from it', async () => {
    const acmeItems = (await items(acme)).list.map((i) => i.id);
    const rivalItems = (await items(rival)).list.map((i) => i.id);
    expect(rivalItems.length).toBeGreaterThan(0);
    expect(rivalItems.some((id) => acmeItems.includes(id))).toBe(false);
    const acmeBefore = await summary(acme);
    await deliver('RIVAL0001', rival.companyId, vpnSample('RIVAL0001', 2 * MB));
    expect(await summary(acme)).toEqual(acmeBefore);
    expect((await summary(rival)).uncoveredBytes).toBe(2 * MB);
  });
});

describe('the items export', () => {
  it('writes the list to .xlsx through the export pipeline, in the reader’s language', async () => {
    const started = await acme.call(
      'POST',
      dataPoolExportCall.path,
      exportBody({ state: 'expired' }, ['source', 'packageBytes', 'state'], 'pool'),
      { language: 'cn' },
    );
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    await runDueJobs(t);
    const record = await t.deps.db
      .selectFrom('export_record')
      .select('id')
      .where('company_id', '=', acme.companyId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rows = await downloaded(t, acme, Number(record.id));
    expect(rows[0]).toEqual(['来源', '流量包流量', '状态']);
    const expired = (await items(acme, 'expired')).total;
    expect(rows).toHaveLength(expired + 1);
    expect(rows.slice(1).every((r) => r[2] === '已过期')).toBe(true);
  });
});
