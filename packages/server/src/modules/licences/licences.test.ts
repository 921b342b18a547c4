import {
  assignCustomerLicencesCall,
  assignDeviceLicencesCall,
  billingListCall,
  captureFileCall,
  ErrorCode,
  errorMessage,
  getDeviceCall,
  getLicenceBalancesCall,
  grantLicencesCall,
  insufficientLicenceAlertsCall,
  LICENCE_DAYS,
  type LicenceLevel,
  reduceCustomerLicencesCall,
  transferDevicesCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { insertRelation } from '../company-account/company-account.store.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { expireEndedLicences } from './licence-expiry.job.ts';
import { grantPool, operationKey } from './licence-test-kit.ts';

/**
 * Licences (issue 13): the rules and codes of the balances, device assignment, partner movements,
 * the billing history, the insufficient-licence list and expiry, through the API on a real database.
 */

const DAY_MS = 86_400_000;
const PERIOD_MS = LICENCE_DAYS * DAY_MS;

let t: TestApp;
let admin: SignedIn;
let acme: Owner;
let distributor: Owner;
let rival: Owner;

const ACME_SNS = Array.from({ length: 8 }, (_, i) => `LIC${String(i + 1).padStart(4, '0')}`);
const MANY_SNS = Array.from({ length: 101 }, (_, i) => `MANY${String(i).padStart(4, '0')}`);

function balance(owner: Owner, product: string) {
  return owner
    .run(getLicenceBalancesCall, {})
    .then((res) => res.data!.products.find((p) => p.product === product));
}

/** Sessions end after 4 hours: after moving the clock by days, everyone signs in again. */
async function signInAgain() {
  acme = asOwner(await signIn(t, acme.account), acme);
  rival = asOwner(await signIn(t, rival.account), rival);
  distributor = asOwner(await signIn(t, distributor.account), distributor);
}

async function assign(owner: Owner, sns: string[], level: LicenceLevel, key = operationKey()) {
  return owner.run(assignDeviceLicencesCall, { sns, level, idempotencyKey: key });
}

beforeAll(async () => {
  t = await createTestApp();
  const created = await ensureSuperAdmin(t.deps);
  admin = await signIn(t, created!.account, created!.password);
  acme = await companyOwner(t, 'Acme Licences', 'owner@acme-licences.test');
  distributor = await companyOwner(t, 'Delta Distribution', 'owner@delta-licences.test');
  rival = await companyOwner(t, 'Rival Routers', 'owner@rival-licences.test');
  await t.deps.db.updateTable('company').set({ type: 1 }).where('id', '=', distributor.companyId).execute();
  await insertRelation(t.deps.db, distributor.companyId, acme.companyId);
  await seedDevices(t, acme.companyId, [
    ...ACME_SNS.map((sn, i) => ({ sn, online: i === 0 })),
    ...MANY_SNS.map((sn) => ({ sn })),
  ]);
  await seedDevices(t, rival.companyId, [{ sn: 'RIVAL0001' }]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the platform grants licences', () => {
  it('puts them in the company pool once per idempotency key, with price and operator in the billing history', async () => {
    const grant = {
      companyId: distributor.companyId,
      product: 'ESSENTIAL',
      quantity: 50,
      unitPrice: 4.5,
      idempotencyKey: 'grant-delta-0001',
    } as const;
    const first = await admin.call('POST', grantLicencesCall.path, grant);
    const again = await admin.call('POST', grantLicencesCall.path, grant);
    expect(first.body.code).toBe(0);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balance(distributor, 'ESSENTIAL')).toEqual({
      product: 'ESSENTIAL',
      owned: 50,
      assigned: 0,
      available: 50,
      expiringSoon: 0,
    });
    const billing = await distributor.run(billingListCall, { pageNum: 1, pageSize: 10 });
    expect(billing.data).toMatchObject({
      total: 1,
      list: [
        {
          transactionNo: (first.body.data as { transactionNo: string }).transactionNo,
          movement: 'purchase',
          billingType: 'purchase',
          quantity: 50,
          product: 'ESSENTIAL',
          unitPrice: 4.5,
          total: 225,
          operator: 'Super Admin',
          sn: null,
        },
      ],
    });
  });

  it('refuses a transaction above 999,999.99 USD (190320) and a company that does not exist (15009)', async () => {
    const big = {
      companyId: acme.companyId,
      product: 'ADVANCED',
      quantity: 100_000,
      unitPrice: 10,
      idempotencyKey: 'grant-too-big',
    };
    expect((await admin.call('POST', grantLicencesCall.path, big)).body).toMatchObject({
      code: ErrorCode.TRANSACTION_TOO_LARGE,
      msg: 'A single transaction cannot exceed 999,999.99 USD',
    });
    const nobody = { ...big, companyId: 999_999, quantity: 1, idempotencyKey: 'grant-nobody' };
    expect((await admin.call('POST', grantLicencesCall.path, nobody)).body.code).toBe(
      ErrorCode.COMPANY_NOT_FOUND,
    );
    expect(await balance(acme, 'ADVANCED')).toMatchObject({ available: 0 });
  });

  it("is the Super Admin's alone (5)", async () => {
    const own = {
      companyId: acme.companyId,
      product: 'ADVANCED',
      quantity: 1,
      idempotencyKey: 'grant-self-0001',
    };
    expect((await acme.call('POST', grantLicencesCall.path, own)).body.code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('a partner passes licences down its chain', () => {
  it('assigns to its customer out of its own pool, not beyond it (190302)', async () => {
    const res = await distributor.run(assignCustomerLicencesCall, {
      companyId: acme.companyId,
      product: 'ESSENTIAL',
      quantity: 20,
      unitPrice: 6,
      idempotencyKey: operationKey(),
    });
    expect(res.code).toBe(0);
    expect(await balance(distributor, 'ESSENTIAL')).toMatchObject({ available: 30 });
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({ available: 20, owned: 20 });
    const tooMany = await distributor.run(assignCustomerLicencesCall, {
      companyId: acme.companyId,
      product: 'ESSENTIAL',
      quantity: 31,
      idempotencyKey: operationKey(),
    });
    expect(tooMany).toMatchObject({ code: ErrorCode.NOT_ENOUGH_LICENCES, msg: 'Not enough licences' });
    const mine = await acme.run(billingListCall, { pageNum: 1, pageSize: 10, billingType: 'assignment' });
    expect(mine.data?.list).toMatchObject([
      {
        movement: 'assignmentIn',
        quantity: 20,
        unitPrice: 6,
        total: 120,
        counterparty: 'Delta Distribution',
      },
    ]);
  });

  it('assigns only to a downstream company (190306): not to a stranger, not upwards', async () => {
    const toRival = await distributor.run(assignCustomerLicencesCall, {
      companyId: rival.companyId,
      product: 'ESSENTIAL',
      quantity: 1,
      idempotencyKey: operationKey(),
    });
    expect(toRival).toMatchObject({
      code: ErrorCode.LICENCE_NOT_DOWNSTREAM,
      msg: 'Licences can be assigned only to downstream companies',
    });
    const upwards = await acme.run(assignCustomerLicencesCall, {
      companyId: distributor.companyId,
      product: 'ESSENTIAL',
      quantity: 1,
      idempotencyKey: operationKey(),
    });
    expect(upwards.code).toBe(ErrorCode.LICENCE_NOT_DOWNSTREAM);
    expect(await balance(rival, 'ESSENTIAL')).toMatchObject({ available: 0 });
  });

  it('takes back no more than the customer has unused (15006)', async () => {
    const reduce = (quantity: number) =>
      distributor.run(reduceCustomerLicencesCall, {
        companyId: acme.companyId,
        product: 'ESSENTIAL',
        quantity,
        idempotencyKey: operationKey(),
      });
    expect(await reduce(21)).toMatchObject({
      code: ErrorCode.LICENCE_VALUE_TOO_LOW,
      msg: 'The licence value is too low',
      data: 20,
    });
    expect((await reduce(2)).code).toBe(0);
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({ available: 18 });
    expect(await balance(distributor, 'ESSENTIAL')).toMatchObject({ available: 32 });
  });
});

describe('devices get their level from a licence', () => {
  it('consumes one licence per device for 30 days, and the device shows the level', async () => {
    const now = t.clock.now().getTime();
    const res = await assign(acme, ACME_SNS.slice(0, 3), 'ESSENTIALS');
    expect(res.code).toBe(0);
    expect(res.data?.devices).toEqual(
      ACME_SNS.slice(0, 3).map((sn) => ({ sn, level: 'ESSENTIALS', startsAt: now, endsAt: now + PERIOD_MS })),
    );
    expect((await acme.run(getDeviceCall, { sn: ACME_SNS[0]! })).data?.licenceLevel).toBe('ESSENTIALS');
    expect(await balance(acme, 'ESSENTIAL')).toEqual({
      product: 'ESSENTIAL',
      owned: 18,
      assigned: 3,
      available: 15,
      expiringSoon: 3,
    });
    const chart = (await acme.run(getLicenceBalancesCall, {})).data!.devicesByLevel;
    expect(chart.find((c) => c.level === 'ESSENTIALS')?.count).toBe(3);
    expect(chart.find((c) => c.level === 'BASE')?.count).toBe(ACME_SNS.length + MANY_SNS.length - 3);
  });

  it('renews a valid licence of the same level 30 days after its end', async () => {
    const before = (await assign(acme, [ACME_SNS[0]!], 'ESSENTIALS')).data!.devices[0]!;
    const after = (await assign(acme, [ACME_SNS[0]!], 'ESSENTIALS')).data!.devices[0]!;
    expect(after.endsAt! - before.endsAt!).toBe(PERIOD_MS);
    expect(after.startsAt).toBe(before.startsAt);
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({ available: 13, assigned: 3 });
  });

  it('posts once for a retried request (same idempotency key)', async () => {
    const key = operationKey();
    const first = await assign(acme, [ACME_SNS[3]!], 'ESSENTIALS', key);
    const retry = await assign(acme, [ACME_SNS[3]!], 'ESSENTIALS', key);
    expect(retry.data).toEqual(first.data);
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({ available: 12, assigned: 4 });
    const rows = await acme.run(billingListCall, { pageNum: 1, pageSize: 50, sn: ACME_SNS[3]! });
    expect(rows.data?.total).toBe(1);
  });

  it('refuses more than 100 devices at a time (17000), naming the limit', async () => {
    await grantPool(t, acme.companyId, 'ADVANCED', 200);
    for (const lang of ['en', 'cn'] as const) {
      const res = await acme.run(
        assignDeviceLicencesCall,
        { sns: MANY_SNS, level: 'ADVANCED', idempotencyKey: operationKey() },
        lang,
      );
      expect(res).toMatchObject({
        code: ErrorCode.TRANSFER_LIMIT,
        msg: errorMessage(ErrorCode.TRANSFER_LIMIT, lang, 100),
      });
    }
    expect((await assign(acme, MANY_SNS.slice(0, 100), 'ADVANCED')).code).toBe(0);
    expect(await balance(acme, 'ADVANCED')).toMatchObject({ available: 100, assigned: 100 });
  });

  it("refuses the whole operation when licences are short (190302) or a device is not the company's (120002)", async () => {
    const short = await assign(acme, ACME_SNS.slice(4, 8), 'EXTENSION');
    expect(short).toMatchObject({ code: ErrorCode.NOT_ENOUGH_LICENCES, data: { needed: 4, available: 0 } });
    await grantPool(t, acme.companyId, 'EXTENSION', 4);
    const foreign = await assign(acme, [ACME_SNS[4]!, 'RIVAL0001'], 'EXTENSION');
    expect(foreign).toMatchObject({ code: ErrorCode.DEVICE_NOT_FOUND, data: 'RIVAL0001' });
    expect(await balance(acme, 'EXTENSION')).toMatchObject({ available: 4, assigned: 0 });
    expect((await acme.run(getDeviceCall, { sn: ACME_SNS[4]! })).data?.licenceLevel).toBe('BASE');
  });

  it("moving to another level starts it now and refunds the old level's unstarted renewals", async () => {
    // LIC0001 holds Essential with two renewals that have not started: they come back to the pool.
    const res = await assign(acme, [ACME_SNS[0]!], 'EXTENSION');
    expect(res.data?.devices[0]).toMatchObject({ level: 'EXTENSION', startsAt: t.clock.now().getTime() });
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({ available: 14, assigned: 3 });
    expect(await balance(acme, 'EXTENSION')).toMatchObject({ available: 3, assigned: 1 });
    const rows = await acme.run(billingListCall, { pageNum: 1, pageSize: 10, sn: ACME_SNS[0]! });
    expect(rows.data?.list.map((r) => [r.movement, r.product, r.quantity])).toEqual([
      ['consumption', 'EXTENSION', -1],
      ['refund', 'ESSENTIAL', 1],
      ['refund', 'ESSENTIAL', 1],
      ['renewal', 'ESSENTIAL', -1],
      ['renewal', 'ESSENTIAL', -1],
      ['consumption', 'ESSENTIAL', -1],
    ]);
  });

  it('Basic gives the unstarted renewals back and ends the licence now', async () => {
    await assign(acme, [ACME_SNS[1]!], 'ESSENTIALS'); // a renewal of LIC0002
    const res = await assign(acme, [ACME_SNS[1]!], 'BASE');
    expect(res.data?.devices).toEqual([{ sn: ACME_SNS[1], level: 'BASE', startsAt: null, endsAt: null }]);
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({ available: 14, assigned: 2 });
    const rows = await acme.run(billingListCall, { pageNum: 1, pageSize: 2, sn: ACME_SNS[1]! });
    expect(rows.data?.list.map((r) => r.movement)).toEqual(['expiry', 'refund']);
  });

  it('is for people who may apply licences: an operator sees balances but cannot assign (5)', async () => {
    const operatorRole = await t.deps.db
      .selectFrom('role')
      .select('id')
      .where('company_id', '=', acme.companyId)
      .where('role_type', '=', 1)
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    const added = await acme.call<{ userId: number }>('POST', '/pl/user/addUser', {
      account: 'operator@acme-licences.test',
      userName: 'Acme Operator',
      roleId: Number(operatorRole.id),
      password: 'Harbour!Light77',
      confirmPassword: 'Harbour!Light77',
    });
    expect(added.body.code).toBe(0);
    const operator = await signIn(t, 'operator@acme-licences.test');
    expect((await operator.call('POST', getLicenceBalancesCall.path, {})).body.code).toBe(0);
    const res = await operator.call('POST', assignDeviceLicencesCall.path, {
      sns: [ACME_SNS[5]],
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    expect(res.body.code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('the mainland-China environment (LICENCE_ENVIRONMENT=china)', () => {
  it('offers Basic and Extension only: another level is refused naming the field, the page lists Extension', async () => {
    const config = t.deps.config;
    config.licenceEnvironment = 'china';
    try {
      const res = await assign(acme, [ACME_SNS[5]!], 'ESSENTIALS');
      expect(res).toMatchObject({
        code: ErrorCode.PARAMETER_ERROR,
        msg: 'level: not offered in this environment',
      });
      const page = (await acme.run(getLicenceBalancesCall, {})).data!;
      // Essential and Advanced stay listed while the company holds them; Captive Portal PRO is not offered.
      expect(page.products.map((p) => p.product)).toEqual(['EXTENSION', 'ADVANCED', 'ESSENTIAL']);
      expect(page.devicesByLevel.map((d) => d.level)).toEqual([
        'BASE',
        'ESSENTIALS',
        'ADVANCED',
        'EXTENSION',
      ]);
    } finally {
      config.licenceEnvironment = 'global';
    }
  });
});

describe('expiry and the insufficient-licence list', () => {
  it('lists a product whose pool cannot renew the devices ending soon, and none once it can', async () => {
    // 100 Advanced devices end within 30 days and the pool holds 100: enough. Extension: 1 device, 3 unused.
    expect((await acme.run(insufficientLicenceAlertsCall, {})).data).toEqual([]);
    await assign(acme, MANY_SNS.slice(0, 50), 'ADVANCED'); // 50 renewals: 50 unused left, 100 devices end soon... later
    // The renewed 50 end in 60 days; the other 50 end within 30 days and 50 are unused: still enough.
    expect((await acme.run(insufficientLicenceAlertsCall, {})).data).toEqual([]);
    await assign(acme, MANY_SNS.slice(50, 100), 'BASE');
    await assign(acme, MANY_SNS.slice(50, 90), 'ADVANCED'); // 40 fresh: 10 unused, 40 end within 30 days
    expect((await acme.run(insufficientLicenceAlertsCall, {})).data).toEqual([
      {
        product: 'ADVANCED',
        available: 10,
        expiringDevices: 40,
        needed: 40,
        autoRenewDevices: 0,
        shortfall: 30,
      },
    ]);
    expect((await rival.run(insufficientLicenceAlertsCall, {})).data).toEqual([]);
  });

  it('ends a licence at its end: features stop at once (120095), the job writes the expiry and the device shows Basic', async () => {
    const sn = ACME_SNS[0]!; // Extension since the test above
    const pcap = Buffer.from('d4c3b2a1', 'hex').toString('base64');
    const now = t.clock.now();
    await t.deps.db
      .insertInto('rpc_command')
      .values({
        id: 'licence-capture-1',
        company_id: acme.companyId,
        sn,
        method: 'capture',
        state: 'success',
        deadline: now,
        delivered_at: now,
        result: JSON.stringify({ fileName: 'capture.pcap', pcapBase64: pcap }),
        error: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await acme.run(captureFileCall, { rpcId: 'licence-capture-1' })).code).toBe(0);
    t.clock.advance(PERIOD_MS + 1000);
    await signInAgain();
    // Before the job has run: the licence has ended, so Wireshark is refused already.
    const refused = await acme.run(captureFileCall, { rpcId: 'licence-capture-1' });
    expect(refused).toMatchObject({
      code: ErrorCode.BASIC_LICENCE_UPGRADE,
      msg: errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, 'en'),
    });
    expect(await expireEndedLicences(t.deps)).toBeGreaterThan(0);
    expect(await expireEndedLicences(t.deps)).toBe(0);
    expect((await acme.run(getDeviceCall, { sn })).data?.licenceLevel).toBe('BASE');
    const last = await acme.run(billingListCall, { pageNum: 1, pageSize: 1, sn });
    expect(last.data?.list[0]).toMatchObject({
      movement: 'expiry',
      product: 'EXTENSION',
      quantity: 0,
      operator: null,
    });
    // The 50 renewed Advanced devices still hold their second period; the other 40 ended.
    expect(await balance(acme, 'ADVANCED')).toMatchObject({ assigned: 50, expiringSoon: 50 });
  });
});

describe('another company', () => {
  it('never sees my licences or billing, and cannot assign them to my devices or its own', async () => {
    expect(await balance(rival, 'ESSENTIAL')).toMatchObject({ available: 0, assigned: 0 });
    expect((await rival.run(billingListCall, { pageNum: 1, pageSize: 100 })).data).toEqual({
      list: [],
      total: 0,
    });
    const onMine = await assign(rival, [ACME_SNS[6]!], 'ESSENTIALS');
    expect(onMine).toMatchObject({ code: ErrorCode.DEVICE_NOT_FOUND });
    const own = await assign(rival, ['RIVAL0001'], 'ESSENTIALS');
    expect(own.code).toBe(ErrorCode.NOT_ENOUGH_LICENCES);
    const takeBack = await rival.run(reduceCustomerLicencesCall, {
      companyId: acme.companyId,
      product: 'ESSENTIAL',
      quantity: 1,
      idempotencyKey: operationKey(),
    });
    expect(takeBack.code).toBe(ErrorCode.LICENCE_NOT_DOWNSTREAM);
  });

  it('does not replay my operation when it sends my idempotency key', async () => {
    const key = operationKey();
    expect((await assign(acme, [ACME_SNS[6]!], 'ESSENTIALS', key)).code).toBe(0);
    const res = await assign(rival, ['RIVAL0001'], 'ESSENTIALS', key);
    expect(res.code).toBe(ErrorCode.NOT_ENOUGH_LICENCES);
    expect(JSON.stringify(res)).not.toContain(ACME_SNS[6]);
  });

  it('gets a transferred device on Basic; its unstarted renewals go back to the company that paid', async () => {
    const sn = ACME_SNS[7]!;
    await grantPool(t, acme.companyId, 'ESSENTIAL', 2);
    await assign(acme, [sn], 'ESSENTIALS');
    await assign(acme, [sn], 'ESSENTIALS'); // one renewal, not started
    const before = await balance(acme, 'ESSENTIAL');
    const role = await t.deps.db
      .selectFrom('role')
      .select('id')
      .where('company_id', '=', rival.companyId)
      .where('is_default', '=', true)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('company_user')
      .values({ company_id: rival.companyId, user_id: acme.userId, role_id: Number(role.id) })
      .execute();
    const moved = await acme.run(transferDevicesCall, { sns: [sn], companyId: rival.companyId });
    expect(moved.data?.succeeded).toBe(1);
    expect((await rival.run(getDeviceCall, { sn })).data?.licenceLevel).toBe('BASE');
    expect(await balance(acme, 'ESSENTIAL')).toMatchObject({
      available: before!.available + 1,
      assigned: before!.assigned - 1,
    });
    const rows = await acme.run(billingListCall, { pageNum: 1, pageSize: 2, sn });
    expect(rows.data?.list.map((r) => r.movement)).toEqual(['expiry', 'refund']);
    expect((await rival.run(billingListCall, { pageNum: 1, pageSize: 10, sn })).data?.total).toBe(0);
  });
});
