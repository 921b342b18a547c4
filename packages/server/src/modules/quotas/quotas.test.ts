import {
  activityLogListCall,
  addDeviceCall,
  approveOrderCall,
  assignCustomerLicencesCall,
  ErrorCode,
  getCustomerQuotaCall,
  getMyQuotaCall,
  grantLicencesCall,
  importDevicesCall,
  myOrdersCall,
  placeOrderCall,
  type QuotaLimits,
  reduceCustomerLicencesCall,
  setCustomerQuotaCall,
  transferCustomerDevicesCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { operationKey } from '../licences/licence-test-kit.ts';
import { linkCustomer, makePartner } from '../partner-notifications/partner-test-kit.ts';

/**
 * Delegated quotas (issue 13): the platform limits a distributor, the distributor its re-seller, the
 * re-seller its end customer; nobody grants more than it holds (15054), and registering, importing and
 * transferring devices (15050) or drawing licences (15051-15053) past any limit of the chain is refused
 * with the limit named. Who may read and set a quota: the direct partner, or the Super Admin at the top.
 */

let t: TestApp;
let admin: SignedIn;
let delta: Owner; // distributor
let rio: Owner; // delta's re-seller
let ember: Owner; // rio's end customer
let sage: Owner; // delta's end customer, rio's sibling

const NONE: QuotaLimits = { devices: null, apiCallsPerSecond: null, licences: [] };
let serial = 0;
const nextSn = () => `2026110100${String(++serial).padStart(4, '0')}`;
const addDevices = async (owner: Owner, count: number) => {
  const codes: number[] = [];
  for (let i = 0; i < count; i++)
    codes.push((await owner.run(addDeviceCall, { sn: nextSn(), mac: '00:11:22:33:44:55' })).code);
  return codes;
};
const setQuota = (who: SignedIn, companyId: number, limits: Partial<QuotaLimits>, lang: 'en' | 'cn' = 'en') =>
  who.call('POST', setCustomerQuotaCall.path, { companyId, ...NONE, ...limits }, { language: lang });
const grant = (companyId: number, product: 'ESSENTIAL' | 'ADVANCED', quantity: number) =>
  admin.call('POST', grantLicencesCall.path, {
    companyId,
    product,
    quantity,
    idempotencyKey: operationKey(),
  });
const assign = (from: Owner, companyId: number, quantity: number, lang: 'en' | 'cn' = 'en') =>
  from.run(
    assignCustomerLicencesCall,
    { companyId, product: 'ESSENTIAL', quantity, idempotencyKey: operationKey() },
    lang,
  );

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  t.clock.set(Date.UTC(2026, 10, 30, 22));
  const created = await ensureSuperAdmin(t.deps);
  admin = await signIn(t, created!.account, created!.password);
  delta = await companyOwner(t, 'Delta Quotas', 'owner@delta-quotas.test');
  rio = await companyOwner(t, 'Rio Resale', 'owner@rio-quotas.test');
  ember = await companyOwner(t, 'Ember End', 'owner@ember-quotas.test');
  sage = await companyOwner(t, 'Sage Site', 'owner@sage-quotas.test');
  await makePartner(t, delta.companyId, 'distributor');
  await makePartner(t, rio.companyId, 'reseller');
  await linkCustomer(t, delta.companyId, rio.companyId);
  await linkCustomer(t, rio.companyId, ember.companyId);
  await linkCustomer(t, delta.companyId, sage.companyId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('setting quotas down the chain', () => {
  it('lets the Super Admin set a distributor’s, which the distributor then sees as its own', async () => {
    const res = await setQuota(admin, delta.companyId, {
      devices: 10,
      apiCallsPerSecond: 50,
      licences: [
        { product: 'ESSENTIAL', limit: 100, period: 'total' },
        { product: 'ADVANCED', limit: 5, period: 'month' },
      ],
    });
    expect(res.body.code).toBe(0);
    const mine = await delta.run(getMyQuotaCall, {});
    expect(mine.data).toMatchObject({
      companyName: 'Delta Quotas',
      devices: { limit: 10, held: 0 },
      apiCallsPerSecond: 50,
      ceiling: null,
      setBy: null,
    });
    expect(mine.data?.licences).toEqual([
      { product: 'ADVANCED', limit: 5, period: 'month', drawn: 0 },
      { product: 'ESSENTIAL', limit: 100, period: 'total', drawn: 0 },
    ]);
  });

  it('leaves a company below a partner to that partner (5) and names an unknown one (15009)', async () => {
    expect((await setQuota(admin, rio.companyId, { devices: 1 })).body.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await setQuota(admin, 999_999, { devices: 1 })).body.code).toBe(ErrorCode.COMPANY_NOT_FOUND);
  });

  it('refuses a re-seller more than the distributor holds, naming the limit (15054)', async () => {
    const tooMany = await setQuota(delta, rio.companyId, {
      devices: 11,
      apiCallsPerSecond: 20,
      licences: [{ product: 'ESSENTIAL', limit: 30, period: 'total' }],
    });
    expect(tooMany.body.code).toBe(ErrorCode.QUOTA_ABOVE_OWN);
    expect(tooMany.body.msg).toBe(
      "A customer's limit cannot exceed your own: devices at most 10, counted over the same period or a longer one",
    );
    // Unlimited where the distributor is limited is more than it holds.
    const unlimited = await setQuota(delta, rio.companyId, { devices: 6, apiCallsPerSecond: 20 });
    expect(unlimited.body).toMatchObject({
      code: ErrorCode.QUOTA_ABOVE_OWN,
      data: { field: 'licences.ADVANCED', limit: 5 },
    });
    // A yearly window under a limit counted in total could draw more than it, year after year.
    const shorter = await setQuota(
      delta,
      rio.companyId,
      {
        devices: 6,
        apiCallsPerSecond: 20,
        licences: [
          { product: 'ESSENTIAL', limit: 30, period: 'year' },
          { product: 'ADVANCED', limit: 5, period: 'month' },
        ],
      },
      'cn',
    );
    expect(shorter.body.code).toBe(ErrorCode.QUOTA_ABOVE_OWN);
    expect(shorter.body.msg).toBe(
      '客户的限额不能超过您自己的限额：licences.ESSENTIAL最多为100，且统计周期不能短于您的周期',
    );
    const api = await setQuota(delta, rio.companyId, { devices: 6, apiCallsPerSecond: 51 });
    expect(api.body.data).toEqual({ field: 'apiCallsPerSecond', limit: 50 });
  });

  it('saves a re-seller quota within the distributor’s, shown with the distributor’s as the ceiling', async () => {
    const res = await setQuota(delta, rio.companyId, {
      devices: 6,
      apiCallsPerSecond: 20,
      licences: [
        { product: 'ESSENTIAL', limit: 30, period: 'total' },
        // A total under a monthly limit is stricter than it: allowed.
        { product: 'ADVANCED', limit: 4, period: 'total' },
      ],
    });
    expect(res.body.code).toBe(0);
    const view = await delta.run(getCustomerQuotaCall, { companyId: rio.companyId });
    expect(view.data).toMatchObject({
      companyName: 'Rio Resale',
      devices: { limit: 6, held: 0 },
      setBy: 'Delta Quotas',
      ceiling: { devices: 10, apiCallsPerSecond: 50 },
    });
    const child = await setQuota(rio, ember.companyId, {
      devices: 4,
      apiCallsPerSecond: 10,
      licences: [
        { product: 'ESSENTIAL', limit: 10, period: 'total' },
        { product: 'ADVANCED', limit: 4, period: 'total' },
      ],
    });
    expect(child.body.code).toBe(0);
  });

  it('refuses the same product twice (1) and every company but the direct partner (5)', async () => {
    const twice = await setQuota(rio, ember.companyId, {
      devices: 1,
      apiCallsPerSecond: 1,
      licences: [
        { product: 'ESSENTIAL', limit: 1, period: 'total' },
        { product: 'ESSENTIAL', limit: 2, period: 'total' },
      ],
    });
    expect(twice.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(twice.body.msg).toContain('licences');
    // A grandchild, the partner's own company, a sibling's view, oneself.
    expect((await delta.run(getCustomerQuotaCall, { companyId: ember.companyId })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await rio.run(getCustomerQuotaCall, { companyId: delta.companyId })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await rio.run(getCustomerQuotaCall, { companyId: sage.companyId })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await ember.run(getCustomerQuotaCall, { companyId: ember.companyId })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await setQuota(ember, ember.companyId, { devices: 100 })).body.code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});

describe('devices within the chain’s limits', () => {
  it('registers up to the end customer’s limit, then refuses naming it (15050)', async () => {
    expect(await addDevices(ember, 4)).toEqual([0, 0, 0, 0]);
    const over = await ember.run(addDeviceCall, { sn: nextSn(), mac: '00:11:22:33:44:55' });
    expect(over.code).toBe(ErrorCode.QUOTA_DEVICES_REACHED);
    expect(over.msg).toBe(
      'Device limit reached: Ember End may hold at most 4 devices (4 held, 1 more asked)',
    );
    const file = `sn,name,model,mac\n${nextSn()},Spare,R1510-4L,00:1A:2B:3C:4D:01\n`;
    const imported = await ember.run(
      importDevicesCall,
      { fileName: 'spare.csv', content: Buffer.from(file).toString('base64'), commit: true },
      'cn',
    );
    expect(imported.code).toBe(ErrorCode.QUOTA_DEVICES_REACHED);
    expect(imported.msg).toBe('已达设备上限：Ember End最多可持有4台设备（已有4台，本次新增1台）');
  });

  it('counts a customer’s devices in its partner’s limit: the re-seller stops at 6 with 4 below it', async () => {
    expect(await addDevices(rio, 2)).toEqual([0, 0]);
    const over = await rio.run(addDeviceCall, { sn: nextSn(), mac: '00:11:22:33:44:55' });
    expect(over.code).toBe(ErrorCode.QUOTA_DEVICES_REACHED);
    expect(over.msg).toBe(
      'Device limit reached: Rio Resale may hold at most 6 devices (6 held, 1 more asked)',
    );
    const mine = await rio.run(getMyQuotaCall, {});
    expect(mine.data?.devices).toEqual({ limit: 6, held: 6 });
  });

  it('refuses a transfer into a full customer, and lets devices go back up and down again', async () => {
    const rioSn = (
      await t.deps.db
        .selectFrom('device')
        .select('sn')
        .where('company_id', '=', rio.companyId)
        .orderBy('sn')
        .executeTakeFirstOrThrow()
    ).sn;
    const emberSn = (
      await t.deps.db
        .selectFrom('device')
        .select('sn')
        .where('company_id', '=', ember.companyId)
        .orderBy('sn')
        .executeTakeFirstOrThrow()
    ).sn;
    const transfer = (direction: 'toCustomer' | 'fromCustomer', sn: string) =>
      rio.run(transferCustomerDevicesCall, { companyId: ember.companyId, direction, sns: [sn] });
    expect((await transfer('toCustomer', rioSn)).code).toBe(ErrorCode.QUOTA_DEVICES_REACHED);
    // Back to the re-seller: the re-seller's tree already counted it.
    expect((await transfer('fromCustomer', emberSn)).code).toBe(0);
    expect((await transfer('toCustomer', rioSn)).code).toBe(0);
  });

  it('stops the distributor at its own limit counting its whole tree', async () => {
    // 6 in the re-seller's tree; the sibling end customer has no limit of its own but counts for delta.
    expect(await addDevices(sage, 3)).toEqual([0, 0, 0]);
    expect(await addDevices(delta, 1)).toEqual([0]);
    const over = await sage.run(addDeviceCall, { sn: nextSn(), mac: '00:11:22:33:44:55' });
    expect(over.msg).toBe(
      'Device limit reached: Delta Quotas may hold at most 10 devices (10 held, 1 more asked)',
    );
  });
});

describe('licences within the chain’s limits', () => {
  it('refuses the platform granting past the distributor’s total (15051)', async () => {
    expect((await grant(delta.companyId, 'ESSENTIAL', 100)).body.code).toBe(0);
    const over = await grant(delta.companyId, 'ESSENTIAL', 1);
    expect(over.body.code).toBe(ErrorCode.QUOTA_LICENCES_TOTAL_REACHED);
    expect(over.body.msg).toBe(
      'Licence limit reached: Delta Quotas may draw at most 100 ESSENTIAL licences in total (100 drawn, 1 asked)',
    );
  });

  it('counts a monthly limit in the calendar month (15052) and starts again the next', async () => {
    expect((await grant(delta.companyId, 'ADVANCED', 5)).body.code).toBe(0);
    const over = await grant(delta.companyId, 'ADVANCED', 1);
    expect(over.body.code).toBe(ErrorCode.QUOTA_LICENCES_MONTH_REACHED);
    expect(over.body.data).toMatchObject({ limit: 5, drawn: 5, asked: 1 });
    t.clock.set(Date.UTC(2026, 11, 1, 0, 0, 1));
    expect((await grant(delta.companyId, 'ADVANCED', 5)).body.code).toBe(0);
    const mine = await delta.run(getMyQuotaCall, {});
    expect(mine.data?.licences.find((l) => l.product === 'ADVANCED')?.drawn).toBe(5);
  });

  it('refuses a partner assigning a customer past its limit, and counts licences taken back', async () => {
    expect((await assign(delta, rio.companyId, 30)).code).toBe(0);
    const over = await assign(delta, rio.companyId, 1, 'cn');
    expect(over.code).toBe(ErrorCode.QUOTA_LICENCES_TOTAL_REACHED);
    expect(over.msg).toBe(
      '已达许可证上限：Rio Resale累计最多可获取30个ESSENTIAL许可证（已获取30个，本次1个）',
    );
    const back = await delta.run(reduceCustomerLicencesCall, {
      companyId: rio.companyId,
      product: 'ESSENTIAL',
      quantity: 5,
      idempotencyKey: operationKey(),
    });
    expect(back.code).toBe(0);
    expect((await assign(delta, rio.companyId, 5)).code).toBe(0);
    // The re-seller passes them on within its customer's own limit.
    expect((await assign(rio, ember.companyId, 10)).code).toBe(0);
    expect((await assign(rio, ember.companyId, 1)).code).toBe(ErrorCode.QUOTA_LICENCES_TOTAL_REACHED);
    const view = await rio.run(getCustomerQuotaCall, { companyId: ember.companyId });
    expect(view.data?.licences.find((l) => l.product === 'ESSENTIAL')).toEqual({
      product: 'ESSENTIAL',
      limit: 10,
      period: 'total',
      drawn: 10,
    });
  });

  it('refuses approving a purchase order past the buyer’s limit; the order stays open', async () => {
    const order = await ember.run(placeOrderCall, {
      product: 'ESSENTIAL',
      quantity: 12,
      idempotencyKey: operationKey(),
    });
    expect(order.code).toBe(0);
    const approved = await rio.run(approveOrderCall, { orderId: order.data!.id, unitPrice: 1 });
    expect(approved.code).toBe(ErrorCode.QUOTA_LICENCES_TOTAL_REACHED);
    expect(approved.data).toMatchObject({ company: 'Ember End', limit: 10, drawn: 10, asked: 12 });
    const orders = await ember.run(myOrdersCall, { pageNum: 1, pageSize: 10 });
    expect(orders.data?.list.find((o) => o.id === order.data!.id)?.state).toBe('pending');
  });

  it('writes the change of a quota to the partner’s activity log', async () => {
    const log = await delta.run(activityLogListCall, { pageNum: 1, pageSize: 50 });
    const sets = log.data?.list.filter((e) => e.callId === setCustomerQuotaCall.id) ?? [];
    expect(sets.map((e) => [e.object, e.resultCode])).toContainEqual([`companyId=${rio.companyId}`, 0]);
    expect(sets.map((e) => e.resultCode)).toContain(ErrorCode.QUOTA_ABOVE_OWN);
  });
});
