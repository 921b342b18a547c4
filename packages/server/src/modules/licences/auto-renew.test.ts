import {
  AUTO_RENEW_LEAD_DAYS,
  assignDeviceLicencesCall,
  billingListCall,
  deleteDevicesCall,
  ErrorCode,
  getAutoRenewCall,
  getDeviceAutoRenewCall,
  getLicenceBalancesCall,
  insufficientLicenceAlertsCall,
  LICENCE_DAYS,
  setAutoRenewCall,
  setDeviceAutoRenewCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { expireEndedLicences } from './licence-expiry.job.ts';
import { LICENCE_RENEWAL_JOB, renewDueLicences } from './licence-renewal.job.ts';
import { grantPool, operationKey } from './licence-test-kit.ts';

/**
 * Auto-renew (issue 13; core §5 period 1-500, §8 120080), the refund of a deleted device's unstarted
 * renewals, and the live `licences.changed` event, through the API on a real database.
 */

const DAY_MS = 86_400_000;
const PERIOD_MS = LICENCE_DAYS * DAY_MS;

let t: TestApp;
let acme: Owner;
let rival: Owner;
const heard: LiveEvent[] = [];

const SNS = Array.from({ length: 6 }, (_, i) => `AUTO${String(i + 1).padStart(4, '0')}`);
const MANY = Array.from({ length: 101 }, (_, i) => `AUTOMANY${String(i).padStart(4, '0')}`);

async function balance(product: string) {
  const res = await acme.run(getLicenceBalancesCall, {});
  return res.data!.products.find((p) => p.product === product)!;
}

async function renewalRows(sn: string) {
  const res = await acme.run(billingListCall, { pageNum: 1, pageSize: 50, sn, movement: 'renewal' });
  return res.data!.list;
}

/** Moves the clock on and signs in again (sessions end after 4 hours). */
async function advance(ms: number) {
  t.clock.advance(ms);
  acme = asOwner(await signIn(t, acme.account), acme);
  rival = asOwner(await signIn(t, rival.account), rival);
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  acme = await companyOwner(t, 'Acme Renewals', 'owner@acme-renewals.test');
  rival = await companyOwner(t, 'Rival Renewals', 'owner@rival-renewals.test');
  await seedDevices(
    t,
    acme.companyId,
    [...SNS, ...MANY].map((sn) => ({ sn })),
  );
  await seedDevices(t, rival.companyId, [{ sn: 'AUTORIVAL1' }]);
  t.deps.hub.subscribe((event) => heard.push(event));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("the company's auto-renew default", () => {
  it('is off with a period of 1 until set, then answers what was set', async () => {
    expect((await acme.run(getAutoRenewCall, {})).data).toEqual({ enabled: false, period: 1 });
    const set = await acme.run(setAutoRenewCall, { enabled: true, period: 12 });
    expect(set.data).toEqual({ enabled: true, period: 12 });
    expect((await acme.run(getAutoRenewCall, {})).data).toEqual({ enabled: true, period: 12 });
    // Another company's default is its own.
    expect((await rival.run(getAutoRenewCall, {})).data).toEqual({ enabled: false, period: 1 });
    await acme.run(setAutoRenewCall, { enabled: false, period: 1 });
  });

  it('refuses a period outside 1-500, naming the field (code 1)', async () => {
    for (const period of [0, 501, 1.5, -3]) {
      const res = await acme.run(setAutoRenewCall, { enabled: true, period });
      expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg).toContain('period');
    }
    expect((await acme.run(setAutoRenewCall, { enabled: true, period: 500 })).code).toBe(0);
    await acme.run(setAutoRenewCall, { enabled: false, period: 1 });
  });
});

describe("a device's own auto-renew", () => {
  it('is on with its period, off, or follows the company', async () => {
    const [a, b, c] = SNS;
    await acme.run(setAutoRenewCall, { enabled: true, period: 3 });
    const set = await acme.run(setDeviceAutoRenewCall, { sns: [a!], mode: 'on', period: 2 });
    expect(set.data).toEqual([{ sn: a, mode: 'on', period: 2, enabled: true, effectivePeriod: 2 }]);
    await acme.run(setDeviceAutoRenewCall, { sns: [b!], mode: 'off' });
    const read = await acme.run(getDeviceAutoRenewCall, { sns: [a!, b!, c!] });
    expect(read.data).toEqual([
      { sn: a, mode: 'on', period: 2, enabled: true, effectivePeriod: 2 },
      { sn: b, mode: 'off', period: null, enabled: false, effectivePeriod: 3 },
      { sn: c, mode: 'company', period: null, enabled: true, effectivePeriod: 3 },
    ]);
    await acme.run(setDeviceAutoRenewCall, { sns: [a!, b!], mode: 'company' });
    expect((await acme.run(getDeviceAutoRenewCall, { sns: [a!] })).data?.[0]?.mode).toBe('company');
    await acme.run(setAutoRenewCall, { enabled: false, period: 1 });
  });

  it('refuses more than 100 devices in one call with 120080, on without a period (code 1), and a device of another company (120002)', async () => {
    const many = await acme.run(setDeviceAutoRenewCall, { sns: MANY, mode: 'off' });
    expect([many.code, many.msg]).toEqual([
      ErrorCode.AUTO_RENEW_BATCH_LIMIT,
      'Too many devices for auto-renew in one batch',
    ]);
    expect((await acme.run(getDeviceAutoRenewCall, { sns: MANY })).code).toBe(
      ErrorCode.AUTO_RENEW_BATCH_LIMIT,
    );
    const noPeriod = await acme.run(setDeviceAutoRenewCall, { sns: [SNS[0]!], mode: 'on' });
    expect(noPeriod.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(noPeriod.msg).toContain('period');
    const foreign = await acme.run(setDeviceAutoRenewCall, { sns: [SNS[0]!, 'AUTORIVAL1'], mode: 'off' });
    expect(foreign.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    // All or nothing: the first device kept following the company.
    expect((await acme.run(getDeviceAutoRenewCall, { sns: [SNS[0]!] })).data?.[0]?.mode).toBe('company');
    // Exactly 100 is allowed.
    expect((await acme.run(setDeviceAutoRenewCall, { sns: MANY.slice(0, 100), mode: 'off' })).code).toBe(0);
  });

  it('is set together with an assignment when the dialog asks for it', async () => {
    await grantPool(t, acme.companyId, 'ESSENTIAL', 1);
    const res = await acme.run(assignDeviceLicencesCall, {
      sns: [SNS[5]!],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
      autoRenew: { mode: 'on', period: 4 },
    });
    expect(res.code).toBe(0);
    expect((await acme.run(getDeviceAutoRenewCall, { sns: [SNS[5]!] })).data?.[0]).toMatchObject({
      mode: 'on',
      period: 4,
    });
  });
});

describe('the auto-renew job', () => {
  it(`renews devices with auto-renew on ${AUTO_RENEW_LEAD_DAYS} days before they end, once, from the pool`, async () => {
    const [a, b, c] = SNS;
    await grantPool(t, acme.companyId, 'ESSENTIAL', 3 + 2 + 1);
    const start = t.clock.now().getTime();
    await acme.run(assignDeviceLicencesCall, {
      sns: [a!, b!, c!],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    await acme.run(setDeviceAutoRenewCall, { sns: [a!], mode: 'on', period: 2 });
    await acme.run(setDeviceAutoRenewCall, { sns: [b!], mode: 'off' });
    await acme.run(setAutoRenewCall, { enabled: true, period: 1 }); // c follows the company
    await acme.run(setDeviceAutoRenewCall, { sns: [SNS[5]!], mode: 'off' }); // the dialog's device above
    const before = await balance('ESSENTIAL');

    // Too early: nothing ends within the lead time.
    expect(await renewDueLicences(t.deps)).toEqual({ renewed: 0, short: 0 });
    await advance(PERIOD_MS - AUTO_RENEW_LEAD_DAYS * DAY_MS + 60_000);
    // One licence a transaction: the run goes on batch after batch until none is due.
    const run = await renewDueLicences(t.deps, undefined, 1);
    expect(run).toEqual({ renewed: 2, short: 0 });
    // a: two periods one after another from its end; c: one; b (off): none.
    expect((await renewalRows(a!)).map((r) => r.quantity)).toEqual([-1, -1]);
    expect((await renewalRows(c!)).map((r) => r.quantity)).toEqual([-1]);
    expect(await renewalRows(b!)).toEqual([]);
    const after = await balance('ESSENTIAL');
    expect(after.available).toBe(before.available - 3);

    // Again, directly and through the job queue: nothing more is renewed.
    expect(await renewDueLicences(t.deps)).toEqual({ renewed: 0, short: 0 });
    await enqueueJob(t.deps.db, { kind: LICENCE_RENEWAL_JOB, payload: {} });
    await t.deps.jobs!.runOnce();
    expect((await renewalRows(a!)).length).toBe(2);
    expect((await balance('ESSENTIAL')).available).toBe(after.available);

    // b ends on Basic; a and c carry on.
    await advance(start + PERIOD_MS + DAY_MS - t.clock.now().getTime());
    await expireEndedLicences(t.deps);
    const levels = await t.deps.db
      .selectFrom('device')
      .select(['sn', 'licence_level'])
      .where('sn', 'in', [a!, b!, c!])
      .orderBy('sn')
      .execute();
    expect(levels.map((l) => l.licence_level)).toEqual(['ESSENTIALS', 'BASE', 'ESSENTIALS']);
    expect(heard.some((e) => e.name === 'licences.changed' && e.companyId === acme.companyId)).toBe(true);
    await acme.run(setAutoRenewCall, { enabled: false, period: 1 });
  });

  it('leaves a device unrenewed when the pool is short, and the insufficient-licence list shows it', async () => {
    const sn = SNS[3]!;
    await grantPool(t, acme.companyId, 'ADVANCED', 1);
    await acme.run(assignDeviceLicencesCall, {
      sns: [sn],
      level: 'ADVANCED',
      idempotencyKey: operationKey(),
      autoRenew: { mode: 'on', period: 5 },
    });
    await grantPool(t, acme.companyId, 'ADVANCED', 2); // 2 unused, the device's period needs 5
    const alerts = await acme.run(insufficientLicenceAlertsCall, {});
    expect(alerts.data?.find((a) => a.product === 'ADVANCED')).toEqual({
      product: 'ADVANCED',
      available: 2,
      expiringDevices: 1,
      needed: 5,
      autoRenewDevices: 1,
      shortfall: 3,
    });
    await advance(PERIOD_MS - DAY_MS);
    const run = await renewDueLicences(t.deps, undefined, 1);
    expect(run).toEqual({ renewed: 0, short: 1 });
    expect(await renewalRows(sn)).toEqual([]);
    expect((await balance('ADVANCED')).available).toBe(2);
    // Three more arrive before the end: the next run renews it for its five periods.
    await grantPool(t, acme.companyId, 'ADVANCED', 3);
    expect(
      (await acme.run(insufficientLicenceAlertsCall, {})).data?.some((a) => a.product === 'ADVANCED'),
    ).toBe(false);
    await renewDueLicences(t.deps);
    expect((await renewalRows(sn)).length).toBe(5);
    expect((await balance('ADVANCED')).available).toBe(0);
  });
});

describe('deleting a device', () => {
  it('gives its unstarted renewals back and writes its expiry, with the delete', async () => {
    const sn = SNS[4]!;
    await grantPool(t, acme.companyId, 'ESSENTIAL', 3);
    const before = await balance('ESSENTIAL');
    await acme.run(assignDeviceLicencesCall, {
      sns: [sn],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    await acme.run(assignDeviceLicencesCall, {
      sns: [sn],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    await acme.run(assignDeviceLicencesCall, {
      sns: [sn],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    expect((await balance('ESSENTIAL')).available).toBe(before.available - 3);
    heard.length = 0;
    const res = await acme.run(deleteDevicesCall, { sns: [sn] });
    expect(res.data?.succeeded).toBe(1);
    // The started period is used; the two renewals after it come back.
    const after = await balance('ESSENTIAL');
    expect(after.available).toBe(before.available - 1);
    expect(after.assigned).toBe(before.assigned);
    const rows = await acme.run(billingListCall, { pageNum: 1, pageSize: 3, sn });
    expect(rows.data?.list.map((r) => r.movement)).toEqual(['expiry', 'refund', 'refund']);
    expect(heard.some((e) => e.name === 'licences.changed')).toBe(true);
    const left = await t.deps.db.selectFrom('device_licence').select('sn').where('sn', '=', sn).execute();
    expect(left).toEqual([]);
  });

  it('on Basic moves nothing in the ledger', async () => {
    const sn = MANY[100]!;
    const res = await acme.run(deleteDevicesCall, { sns: [sn] });
    expect(res.data?.succeeded).toBe(1);
    expect((await acme.run(billingListCall, { pageNum: 1, pageSize: 3, sn })).data?.total).toBe(0);
  });
});
