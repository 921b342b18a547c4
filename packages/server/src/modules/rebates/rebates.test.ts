import {
  approveOrderCall,
  billingListCall,
  ErrorCode,
  type ExportRecord,
  type LicenceProduct,
  myRebateRuleCall,
  placeOrderCall,
  type RebateRule,
  type RebateTotal,
  rebateExportCall,
  rebateListCall,
  rebateRuleCall,
  rebateTotalsCall,
  setCustomerTermsCall,
  setRebateRuleCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { ManualClock } from '../../platform/clock.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { partnerTree, signInAgain } from '../customers/partner-tree-kit.ts';
import type { Owner } from '../devices/device-test-kit.ts';
import { downloaded, exportBody } from '../exports/export-test-kit.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';

/**
 * Distributor rebates (issue 13): the platform's rule, the rebate row each approved order in the
 * distributor's tree posts with the sale, the rebate page's list, totals and export, through the API.
 */

let t: TestApp;
let admin: SignedIn;
let super_: { account: string; password: string };
/** Delta distributes; Acme buys from it; Rho re-sells under it to Bravo. Sigma is a sibling distributor with Cobalt. */
let delta: Owner;
let acme: Owner;
let rho: Owner;
let bravo: Owner;
let sigma: Owner;
let cobalt: Owner;

// 20:00 UTC on 31 January is already 1 February in Beijing (UTC+8).
const JAN = Date.UTC(2026, 0, 31, 20, 0);
const FEB = Date.UTC(2026, 1, 20, 10, 0);
const APR = Date.UTC(2026, 3, 5, 10, 0);

const again = (owner: Owner) => signInAgain(t, owner);

/** Moves the test clock; sessions last 4 hours, so everyone signs in again. */
async function moveTo(at: number) {
  t.clock.set(at);
  delta = await again(delta);
  acme = await again(acme);
  rho = await again(rho);
  bravo = await again(bravo);
  sigma = await again(sigma);
  cobalt = await again(cobalt);
  admin = await signIn(t, super_.account, super_.password);
}

/** The buyer orders, its seller approves: the sale and any rebate post together. */
async function buy(buyer: Owner, seller: Owner, product: LicenceProduct, quantity: number) {
  const placed = await buyer.run(placeOrderCall, { product, quantity, idempotencyKey: operationKey() });
  expect(placed.code).toBe(0);
  const approved = await seller.run(approveOrderCall, { orderId: placed.data!.id });
  expect(approved.code).toBe(0);
  return approved.data!;
}

function setRule(companyId: number, rates: unknown[]) {
  return admin.call<RebateRule>('POST', setRebateRuleCall.path, { companyId, rates });
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true }, clock: new ManualClock(JAN) });
  const created = await ensureSuperAdmin(t.deps);
  super_ = { account: created!.account, password: created!.password };
  ({ delta, acme, rho, bravo, sigma, cobalt } = await partnerTree(t, 'Rebates', { rho: 'Rho Resale' }));
  await grantPool(t, delta.companyId, 'ESSENTIAL', 500);
  await grantPool(t, delta.companyId, 'ADVANCED', 500);
  await grantPool(t, rho.companyId, 'ESSENTIAL', 200);
  await grantPool(t, sigma.companyId, 'ESSENTIAL', 200);
  // The partner consoles come with the company type: sign in again.
  await moveTo(JAN);
  const terms = (seller: Owner, buyer: Owner, unitPrice: number) =>
    seller.run(setCustomerTermsCall, {
      companyId: buyer.companyId,
      onlinePurchaseForbidden: false,
      prices: [
        { product: 'ESSENTIAL', unitPrice, minimumPurchase: 12 },
        { product: 'ADVANCED', unitPrice: unitPrice * 2, minimumPurchase: 12 },
      ],
    });
  expect((await terms(delta, acme, 10)).code).toBe(0);
  expect((await terms(rho, bravo, 12.5)).code).toBe(0);
  expect((await terms(sigma, cobalt, 10)).code).toBe(0);
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe("the platform's rebate rule", () => {
  it('is set per distributor and product, as a percentage or an amount per licence, and the distributor reads it', async () => {
    const set = await setRule(delta.companyId, [
      { product: 'ESSENTIAL', kind: 'percent', value: 10 },
      { product: 'ADVANCED', kind: 'perLicence', value: 1.5 },
    ]);
    expect(set.body.code).toBe(0);
    expect(set.body.data).toMatchObject({
      companyId: delta.companyId,
      companyName: 'Delta Rebates',
      rates: [
        { product: 'ADVANCED', kind: 'perLicence', value: 1.5 },
        { product: 'ESSENTIAL', kind: 'percent', value: 10 },
      ],
      updatedAt: JAN,
    });
    const read = await admin.call<RebateRule>('POST', rebateRuleCall.path, { companyId: delta.companyId });
    expect(read.body.data!.rates).toHaveLength(2);
    const own = await delta.run(myRebateRuleCall, {});
    expect(own.data!.rates).toEqual(set.body.data!.rates);
    expect(
      (await setRule(sigma.companyId, [{ product: 'ESSENTIAL', kind: 'percent', value: 50 }])).body.code,
    ).toBe(0);
  });

  it('is refused for a re-seller or end customer (15040), an unknown company (15009), a product twice or a rate out of range (1), and to anyone but the Super Admin (5)', async () => {
    const rate = [{ product: 'ESSENTIAL', kind: 'percent', value: 5 }];
    expect((await setRule(rho.companyId, rate)).body.code).toBe(ErrorCode.REBATE_DISTRIBUTORS_ONLY);
    expect((await setRule(acme.companyId, rate)).body).toMatchObject({
      code: 15040,
      msg: 'Rebates are paid to distributors only',
    });
    expect((await setRule(9_999_999, rate)).body.code).toBe(ErrorCode.COMPANY_NOT_FOUND);
    const twice = await setRule(delta.companyId, [
      ...rate,
      { product: 'ESSENTIAL', kind: 'perLicence', value: 1 },
    ]);
    expect(twice.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(twice.body.msg).toContain('rates.1.product');
    const over = await setRule(delta.companyId, [{ product: 'ESSENTIAL', kind: 'percent', value: 100.01 }]);
    expect(over.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(over.body.msg).toContain('rates.0.value');
    const cents = await setRule(delta.companyId, [
      { product: 'ESSENTIAL', kind: 'perLicence', value: 0.005 },
    ]);
    expect(cents.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    const byPartner = await delta.call('POST', setRebateRuleCall.path, {
      companyId: delta.companyId,
      rates: [],
    });
    expect(byPartner.body.code).toBe(ErrorCode.NO_PERMISSION);
    // The refused calls changed nothing.
    expect((await delta.run(myRebateRuleCall, {})).data!.rates).toHaveLength(2);
  });
});

describe('an approved order in the distributor tree', () => {
  it("posts the distributor's rebate with the sale: a percentage of the order, in its billing history", async () => {
    const order = await buy(acme, delta, 'ESSENTIAL', 24);
    const billing = await delta.run(billingListCall, { pageNum: 1, pageSize: 10, billingType: 'rebate' });
    expect(billing.data!.list).toEqual([
      expect.objectContaining({
        transactionNo: order.transactionNo,
        movement: 'rebate',
        billingType: 'rebate',
        quantity: 0,
        product: 'ESSENTIAL',
        counterparty: 'Acme Rebates',
        // 10 % of 24 × 10.00
        rebateAmount: 24,
      }),
    ]);
    // The buyer's own history has no rebate; its purchase row carries none.
    const bought = await acme.run(billingListCall, { pageNum: 1, pageSize: 10 });
    expect(bought.data!.list.map((r) => [r.movement, r.rebateAmount])).toEqual([['purchase', null]]);
    // Approving again posts nothing (190322), so the rebate is never doubled.
    const twice = await delta.run(approveOrderCall, { orderId: order.id });
    expect(twice.code).toBe(ErrorCode.ORDER_PAID);
    expect((await delta.run(rebateListCall, { pageNum: 1, pageSize: 10 })).data!.total).toBe(1);
  });

  it("of a re-seller's customer earns the distributor above it, at the amount per licence of the product", async () => {
    await moveTo(FEB);
    const viaRho = await buy(bravo, rho, 'ESSENTIAL', 12);
    await buy(acme, delta, 'ADVANCED', 20);
    const list = await delta.run(rebateListCall, { pageNum: 1, pageSize: 10 });
    expect(
      list.data!.list.map((r) => [r.customer, r.seller, r.product, r.quantity, r.saleTotal, r.rebateAmount]),
    ).toEqual([
      ['Acme Rebates', 'Delta Rebates', 'ADVANCED', 20, 400, 30],
      ['Bravo Rebates', 'Rho Resale', 'ESSENTIAL', 12, 150, 15],
      ['Acme Rebates', 'Delta Rebates', 'ESSENTIAL', 24, 240, 24],
    ]);
    expect(list.data!.list[1]!.transactionNo).toBe(viaRho.transactionNo);
    // The re-seller earns nothing and has no rebate page.
    const rhoBilling = await rho.run(billingListCall, { pageNum: 1, pageSize: 10, billingType: 'rebate' });
    expect(rhoBilling.data!.total).toBe(0);
    const rhoPage = await rho.run(rebateListCall, { pageNum: 1, pageSize: 10 });
    expect(rhoPage.code).toBe(ErrorCode.REBATE_DISTRIBUTORS_ONLY);
  });

  it('earns nothing for a product without a rate', async () => {
    await setRule(delta.companyId, [{ product: 'ADVANCED', kind: 'perLicence', value: 1.5 }]);
    await buy(acme, delta, 'ESSENTIAL', 12);
    expect((await delta.run(rebateListCall, { pageNum: 1, pageSize: 10 })).data!.total).toBe(3);
    await setRule(delta.companyId, [
      { product: 'ESSENTIAL', kind: 'percent', value: 10 },
      { product: 'ADVANCED', kind: 'perLicence', value: 1.5 },
    ]);
  });
});

describe("the distributor's rebate page", () => {
  it('totals per month and per quarter, in the reader time zone, newest first', async () => {
    await moveTo(APR);
    await buy(bravo, rho, 'ESSENTIAL', 40);
    const months = await delta.run(rebateTotalsCall, { pageNum: 1, pageSize: 10, period: 'month' });
    expect(months.data).toEqual({
      total: 3,
      list: [
        { period: '2026-04', transactions: 1, saleTotal: 500, rebateAmount: 50 },
        { period: '2026-02', transactions: 2, saleTotal: 550, rebateAmount: 45 },
        { period: '2026-01', transactions: 1, saleTotal: 240, rebateAmount: 24 },
      ],
    });
    const quarters = await delta.run(rebateTotalsCall, { pageNum: 1, pageSize: 10, period: 'quarter' });
    expect(quarters.data!.list).toEqual([
      { period: '2026-Q2', transactions: 1, saleTotal: 500, rebateAmount: 50 },
      { period: '2026-Q1', transactions: 3, saleTotal: 790, rebateAmount: 69 },
    ]);
    const paged = await delta.run(rebateTotalsCall, { pageNum: 2, pageSize: 2, period: 'month' });
    expect(paged.data!.list.map((p) => p.period)).toEqual(['2026-01']);
    // Read at UTC+8, January's rebate falls in February.
    const beijing = await delta.call<{ list: RebateTotal[] }>(
      'POST',
      rebateTotalsCall.path,
      { pageNum: 1, pageSize: 10, period: 'month' },
      { timeZoneOffset: '480' },
    );
    expect(beijing.body.data!.list).toEqual([
      { period: '2026-04', transactions: 1, saleTotal: 500, rebateAmount: 50 },
      { period: '2026-02', transactions: 3, saleTotal: 790, rebateAmount: 69 },
    ]);
  });

  it('filters by time, product and a search of customer, seller or transaction number, and pages', async () => {
    const page = (filter: Record<string, unknown>) =>
      delta.run(rebateListCall, { pageNum: 1, pageSize: 10, ...filter }).then((r) => r.data!);
    expect((await page({ startTime: FEB, endTime: FEB })).list).toHaveLength(2);
    expect((await page({ product: 'ADVANCED' })).list.map((r) => r.rebateAmount)).toEqual([30]);
    expect((await page({ search: 'rho' })).list.map((r) => r.customer)).toEqual([
      'Bravo Rebates',
      'Bravo Rebates',
    ]);
    expect((await page({ search: 'acme' })).total).toBe(2);
    const first = (await page({})).list.at(-1)!;
    expect((await page({ search: first.transactionNo })).list.map((r) => r.id)).toEqual([first.id]);
    // `%` is a character, not a wildcard.
    expect((await page({ search: '%' })).total).toBe(0);
    const second = await delta.run(rebateListCall, { pageNum: 2, pageSize: 3 });
    expect(second.data).toMatchObject({ total: 4 });
    expect(second.data!.list.map((r) => r.rebateAmount)).toEqual([24]);
  });

  it("shows a distributor only its own tree's rebates", async () => {
    await buy(cobalt, sigma, 'ESSENTIAL', 12);
    const sigmaList = await sigma.run(rebateListCall, { pageNum: 1, pageSize: 10 });
    expect(sigmaList.data!.list.map((r) => [r.customer, r.rebateAmount])).toEqual([['Cobalt Rebates', 60]]);
    const deltaList = await delta.run(rebateListCall, { pageNum: 1, pageSize: 10, search: 'cobalt' });
    expect(deltaList.data!.total).toBe(0);
    // Searching by the sibling's transaction number finds nothing either.
    const theirs = sigmaList.data!.list[0]!.transactionNo;
    expect((await delta.run(rebateListCall, { pageNum: 1, pageSize: 10, search: theirs })).data!.total).toBe(
      0,
    );
    // The customers have no rebate page, nor a rule.
    expect((await acme.run(rebateListCall, { pageNum: 1, pageSize: 10 })).code).toBe(15040);
    expect((await acme.run(myRebateRuleCall, {})).code).toBe(15040);
    const totals = await acme.run(rebateTotalsCall, { pageNum: 1, pageSize: 10, period: 'month' });
    expect(totals.code).toBe(15040);
  });

  it('exports the filtered rebates to .xlsx in the reader language', async () => {
    const started = await delta.call<ExportRecord>(
      'POST',
      rebateExportCall.path,
      exportBody(
        { product: 'ESSENTIAL', startTime: JAN },
        ['transactionNo', 'customer', 'seller', 'product', 'quantity', 'saleTotal', 'rebateAmount'],
        'rebates',
      ),
      { language: 'cn' },
    );
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({ totalRows: 3 });
    await runDueJobs(t);
    const rows = await downloaded(t, delta, started.body.data!.recordId);
    expect(rows[0]).toEqual([
      '交易编号',
      '客户',
      '销售方',
      '产品',
      '数量',
      '订单总额（美元）',
      '返利金额（美元）',
    ]);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual([
      ['Bravo Rebates', 'Rho Resale', '标准版', '40', '500', '50'],
      ['Bravo Rebates', 'Rho Resale', '标准版', '12', '150', '15'],
      ['Acme Rebates', 'Delta Rebates', '标准版', '24', '240', '24'],
    ]);
  });
});
