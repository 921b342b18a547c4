import {
  approveOrderCall,
  approvePlatformOrderCall,
  billingListCall,
  cancelOrderCall,
  checkoutOfferCall,
  customerOrdersCall,
  customerTermsCall,
  ErrorCode,
  type ExportRecord,
  exportCustomerOrdersCall,
  getLicenceBalancesCall,
  myOrdersCall,
  placeOrderCall,
  platformOrdersCall,
  rejectOrderCall,
  setCustomerTermsCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { insertRelation } from '../company-account/company-account.store.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { downloaded, exportBody } from '../exports/export-test-kit.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';

/**
 * Checkout by purchase order (issue 13): the partner's terms, the customer's order, the seller's
 * approval posting the ledger rows once, through the API on a real database.
 */

let t: TestApp;
let admin: SignedIn;
let acme: Owner;
let delta: Owner;
let rival: Owner;

async function available(owner: Owner, product: string): Promise<number> {
  const res = await owner.run(getLicenceBalancesCall, {});
  return res.data!.products.find((p) => p.product === product)?.available ?? 0;
}

function order(
  owner: Owner,
  quantity: number,
  idempotencyKey = operationKey(),
  product = 'ESSENTIAL' as const,
) {
  return owner.run(placeOrderCall, { product, quantity, idempotencyKey });
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  const created = await ensureSuperAdmin(t.deps);
  admin = await signIn(t, created!.account, created!.password);
  acme = await companyOwner(t, 'Acme Checkout', 'owner@acme-checkout.test');
  delta = await companyOwner(t, 'Delta Checkout', 'owner@delta-checkout.test');
  rival = await companyOwner(t, 'Rival Checkout', 'owner@rival-checkout.test');
  await t.deps.db.updateTable('company').set({ type: 1 }).where('id', '=', delta.companyId).execute();
  await insertRelation(t.deps.db, delta.companyId, acme.companyId);
  // The distributor's console and its customers' calls come with the company type: sign in again.
  const { companyId, userId, account } = delta;
  delta = asOwner(await signIn(t, account), { companyId, userId, account });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("a partner's terms for a customer", () => {
  it('are what the customer sees at checkout: seller, price and minimum per product', async () => {
    const untouched = await acme.run(checkoutOfferCall, {});
    expect(untouched.data).toMatchObject({
      seller: { companyId: delta.companyId, name: 'Delta Checkout' },
      onlinePurchaseForbidden: false,
      cardPayment: false,
      maxTransactionUsd: 999_999.99,
    });
    expect(untouched.data!.products.find((p) => p.product === 'ESSENTIAL')).toEqual({
      product: 'ESSENTIAL',
      unitPrice: null,
      minimumPurchase: 12,
    });

    const set = await delta.run(setCustomerTermsCall, {
      companyId: acme.companyId,
      onlinePurchaseForbidden: false,
      prices: [{ product: 'ESSENTIAL', unitPrice: 10.5, minimumPurchase: 24 }],
    });
    expect(set.code).toBe(0);
    expect(set.data!.prices.find((p) => p.product === 'ESSENTIAL')).toEqual({
      product: 'ESSENTIAL',
      unitPrice: 10.5,
      minimumPurchase: 24,
    });
    const offer = await acme.run(checkoutOfferCall, {});
    expect(offer.data!.products.find((p) => p.product === 'ESSENTIAL')).toEqual({
      product: 'ESSENTIAL',
      unitPrice: 10.5,
      minimumPurchase: 24,
    });
    const read = await delta.run(customerTermsCall, { companyId: acme.companyId });
    expect(read.data).toMatchObject({ companyId: acme.companyId, companyName: 'Acme Checkout' });
  });

  it('are refused below the minimum of 12 (190312), above the transaction limit (190320), twice a product (1), and for a company that is no customer (190306)', async () => {
    const base = { companyId: acme.companyId, onlinePurchaseForbidden: false };
    const low = await delta.run(setCustomerTermsCall, {
      ...base,
      prices: [{ product: 'ADVANCED', unitPrice: 20, minimumPurchase: 11 }],
    });
    expect(low).toMatchObject({ code: ErrorCode.MINIMUM_PURCHASE, msg: 'The minimum purchase is 12' });
    const huge = await delta.run(setCustomerTermsCall, {
      ...base,
      prices: [{ product: 'ADVANCED', unitPrice: 100_000, minimumPurchase: 12 }],
    });
    expect(huge.code).toBe(ErrorCode.TRANSACTION_TOO_LARGE);
    const twice = await delta.run(setCustomerTermsCall, {
      ...base,
      prices: [
        { product: 'ADVANCED', unitPrice: 20, minimumPurchase: 12 },
        { product: 'ADVANCED', unitPrice: 21, minimumPurchase: 12 },
      ],
    });
    expect(twice.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(twice.msg).toContain('prices.1.product');
    const cents = await delta.run(setCustomerTermsCall, {
      ...base,
      prices: [{ product: 'ADVANCED', unitPrice: 20.001, minimumPurchase: 12 }],
    });
    expect(cents.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(cents.msg).toContain('unitPrice');
    const stranger = await delta.run(setCustomerTermsCall, {
      ...base,
      companyId: rival.companyId,
      prices: [],
    });
    expect(stranger.code).toBe(ErrorCode.LICENCE_NOT_DOWNSTREAM);
    expect((await rival.run(customerTermsCall, { companyId: acme.companyId })).code).toBe(
      ErrorCode.LICENCE_NOT_DOWNSTREAM,
    );
    // Nothing of the refused calls was saved.
    const read = await delta.run(customerTermsCall, { companyId: acme.companyId });
    expect(read.data!.prices.find((p) => p.product === 'ADVANCED')!.unitPrice).toBeNull();
  });
});

describe('a purchase order', () => {
  let placedId = 0;

  it('is refused under the minimum (190312, with the minimum) and over 999,999.99 USD (190320)', async () => {
    const few = await order(acme, 23);
    expect(few).toMatchObject({ code: ErrorCode.MINIMUM_PURCHASE, data: { minimum: 24 } });
    const many = await order(acme, 100_000);
    expect(many.code).toBe(ErrorCode.TRANSACTION_TOO_LARGE);
    expect((await acme.run(myOrdersCall, { pageNum: 1, pageSize: 10 })).data!.total).toBe(0);
  });

  it('is placed once per idempotency key, priced by the partner, and waits for the partner', async () => {
    const key = operationKey();
    const [first, retry] = await Promise.all([order(acme, 30, key), order(acme, 30, key)]);
    expect(first.code).toBe(0);
    expect(retry.data!.id).toBe(first.data!.id);
    placedId = first.data!.id;
    expect(first.data).toMatchObject({
      state: 'pending',
      buyer: { companyId: acme.companyId, name: 'Acme Checkout' },
      seller: { companyId: delta.companyId, name: 'Delta Checkout' },
      product: 'ESSENTIAL',
      quantity: 30,
      unitPrice: 10.5,
      total: 315,
      placedBy: expect.any(String),
      transactionNo: null,
    });
    expect(first.data!.orderNo).toMatch(/^PO\d{8}$/);
    const otherQuantity = await order(acme, 31, key);
    expect(otherQuantity.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(otherQuantity.msg).toContain('idempotencyKey');
    const mine = await acme.run(myOrdersCall, { pageNum: 1, pageSize: 10 });
    expect(mine.data!.total).toBe(1);
    const theirs = await delta.run(customerOrdersCall, { pageNum: 1, pageSize: 10, state: 'pending' });
    expect(theirs.data!.list.map((o) => o.id)).toEqual([placedId]);
    expect((await rival.run(customerOrdersCall, { pageNum: 1, pageSize: 10 })).data!.total).toBe(0);
  });

  it('cannot be decided by anyone but its seller (190321)', async () => {
    expect((await rival.run(approveOrderCall, { orderId: placedId })).code).toBe(ErrorCode.ORDER_NOT_FOUND);
    expect((await acme.run(approveOrderCall, { orderId: placedId })).code).toBe(ErrorCode.ORDER_NOT_FOUND);
    expect((await rival.run(cancelOrderCall, { orderId: placedId })).code).toBe(ErrorCode.ORDER_NOT_FOUND);
  });

  it('approved by a seller without the licences is 190302 and stays pending', async () => {
    const res = await delta.run(approveOrderCall, { orderId: placedId });
    expect(res).toMatchObject({ code: ErrorCode.NOT_ENOUGH_LICENCES, data: { needed: 30, available: 0 } });
    const mine = await acme.run(myOrdersCall, { pageNum: 1, pageSize: 10 });
    expect(mine.data!.list[0]!.state).toBe('pending');
    expect(await available(acme, 'ESSENTIAL')).toBe(0);
  });

  it('approved moves the licences once, even when approved twice at the same moment, and both billing histories show it', async () => {
    await grantPool(t, delta.companyId, 'ESSENTIAL', 100);
    const results = await Promise.all([
      delta.run(approveOrderCall, { orderId: placedId }),
      delta.run(approveOrderCall, { orderId: placedId }),
    ]);
    const codes = results.map((r) => r.code).sort((a, b) => a - b);
    expect(codes).toEqual([0, ErrorCode.ORDER_PAID]);
    const approved = results.find((r) => r.code === 0)!.data!;
    expect(approved).toMatchObject({ state: 'approved', decidedBy: expect.any(String) });
    expect(approved.transactionNo).toMatch(/^LT\d{8}$/);
    expect(await available(acme, 'ESSENTIAL')).toBe(30);
    expect(await available(delta, 'ESSENTIAL')).toBe(70);

    const bought = await acme.run(billingListCall, { pageNum: 1, pageSize: 10 });
    expect(bought.data!.list[0]).toMatchObject({
      transactionNo: approved.transactionNo,
      movement: 'purchase',
      billingType: 'purchase',
      quantity: 30,
      unitPrice: 10.5,
      total: 315,
      counterparty: 'Delta Checkout',
    });
    const sold = await delta.run(billingListCall, { pageNum: 1, pageSize: 10, movement: 'assignmentOut' });
    expect(sold.data!.list[0]).toMatchObject({
      transactionNo: approved.transactionNo,
      quantity: -30,
      counterparty: 'Acme Checkout',
    });
    // Decided: neither side can change it any more.
    expect((await acme.run(cancelOrderCall, { orderId: placedId })).code).toBe(ErrorCode.ORDER_PAID);
    expect((await delta.run(rejectOrderCall, { orderId: placedId, reason: 'late' })).code).toBe(
      ErrorCode.ORDER_PAID,
    );
  });

  it('rejected keeps the reason and posts nothing; a withdrawn order can be withdrawn again but not decided', async () => {
    const a = (await order(acme, 24)).data!;
    const rejected = await delta.run(rejectOrderCall, { orderId: a.id, reason: 'Send a signed PO first' });
    expect(rejected.data).toMatchObject({ state: 'rejected', rejectReason: 'Send a signed PO first' });
    expect((await acme.run(cancelOrderCall, { orderId: a.id })).code).toBe(ErrorCode.ORDER_EXPIRED);
    const b = (await order(acme, 24)).data!;
    const cancelled = await acme.run(cancelOrderCall, { orderId: b.id });
    expect(cancelled.data!.state).toBe('cancelled');
    expect((await acme.run(cancelOrderCall, { orderId: b.id })).data!.state).toBe('cancelled');
    expect((await delta.run(approveOrderCall, { orderId: b.id })).code).toBe(ErrorCode.ORDER_EXPIRED);
    expect(await available(acme, 'ESSENTIAL')).toBe(30);
    const blank = await delta.run(rejectOrderCall, { orderId: a.id, reason: '  ' });
    expect(blank.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it('is refused while the partner forbids online purchase (190313)', async () => {
    await delta.run(setCustomerTermsCall, {
      companyId: acme.companyId,
      onlinePurchaseForbidden: true,
      prices: [],
    });
    expect((await acme.run(checkoutOfferCall, {})).data!.onlinePurchaseForbidden).toBe(true);
    const res = await order(acme, 24);
    expect(res).toMatchObject({
      code: ErrorCode.PURCHASE_FORBIDDEN,
      msg: 'Online purchase is forbidden for this user',
    });
    await delta.run(setCustomerTermsCall, {
      companyId: acme.companyId,
      onlinePurchaseForbidden: false,
      prices: [],
    });
  });
});

describe('a company without a partner', () => {
  it('orders from the platform, which prices and approves it (Super Admin only)', async () => {
    const offer = await rival.run(checkoutOfferCall, {});
    expect(offer.data!.seller).toBeNull();
    const placed = await order(rival, 12, operationKey(), 'ADVANCED' as never);
    expect(placed.data).toMatchObject({ seller: null, unitPrice: null, total: null, state: 'pending' });
    expect(
      (await delta.run(customerOrdersCall, { pageNum: 1, pageSize: 50 })).data!.list.map((o) => o.id),
    ).not.toContain(placed.data!.id);
    expect((await rival.run(platformOrdersCall, { pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    const listed = await admin.call('POST', platformOrdersCall.path, { pageNum: 1, pageSize: 10 });
    expect((listed.body.data as { list: { id: number }[] }).list.map((o) => o.id)).toContain(placed.data!.id);
    const approved = await admin.call('POST', approvePlatformOrderCall.path, {
      orderId: placed.data!.id,
      unitPrice: 7.25,
    });
    expect(approved.body).toMatchObject({ code: 0, data: { state: 'approved', unitPrice: 7.25, total: 87 } });
    expect(await available(rival, 'ADVANCED')).toBe(12);
    const billing = await rival.run(billingListCall, { pageNum: 1, pageSize: 10 });
    expect(billing.data!.list[0]).toMatchObject({ movement: 'purchase', quantity: 12, unitPrice: 7.25 });
  });
});

describe("the seller's purchase orders export", () => {
  it('writes the orders in the reader’s language through the export pipeline, pending first', async () => {
    const started = await delta.call<ExportRecord>(
      'POST',
      exportCustomerOrdersCall.path,
      exportBody({}, ['state', 'buyer', 'product', 'quantity', 'total'], 'orders'),
      { language: 'cn' },
    );
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({ totalRows: 3 });
    await runDueJobs(t);
    const rows = await downloaded(t, delta, started.body.data!.recordId);
    // The rejected and withdrawn orders of 24 were placed after the approved one of 30: newest first.
    expect(rows).toEqual([
      ['状态', '客户', '产品', '数量', '总价（美元）'],
      ['已撤回', 'Acme Checkout', '标准版', '24', '252'],
      ['已拒绝', 'Acme Checkout', '标准版', '24', '252'],
      ['已批准', 'Acme Checkout', '标准版', '30', '315'],
    ]);
    const rivals = await rival.call<ExportRecord>(
      'POST',
      exportCustomerOrdersCall.path,
      exportBody({}, ['buyer'], 'orders'),
    );
    expect(rivals.body.data).toMatchObject({ totalRows: 0 });
  });
});
