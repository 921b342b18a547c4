import {
  addDeviceCall,
  assignCustomerLicencesCall,
  ErrorCode,
  getCustomerQuotaCall,
  setCustomerQuotaCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';
import { linkCustomer, makePartner } from '../partner-notifications/partner-test-kit.ts';

/**
 * Parallel requests never break a quota (issue 13): each check counts under a lock (the limits of the
 * chain for devices, the receiver's balance row for licences), so of many requests racing for the last
 * places exactly as many pass as there is room for. On PostgreSQL (DATABASE_URL) they truly overlap.
 */

let t: TestApp;
let dora: Owner; // distributor
let ravi: Owner; // dora's re-seller, limited to 6 devices for its whole tree
let east: Owner; // ravi's end customer
let west: Owner; // ravi's other end customer
let nora: Owner; // dora's end customer, limited to 5 devices and 7 Essential licences

let serial = 0;
const add = (owner: Owner) =>
  owner.run(addDeviceCall, {
    sn: `2026120200${String(++serial).padStart(4, '0')}`,
    mac: '00:11:22:33:44:55',
  });
const devicesOf = async (companyId: number) =>
  Number(
    (
      await t.deps.db
        .selectFrom('device')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  dora = await companyOwner(t, 'Dora Distribution', 'owner@dora-race.test');
  ravi = await companyOwner(t, 'Ravi Resale', 'owner@ravi-race.test');
  east = await companyOwner(t, 'East End', 'owner@east-race.test');
  west = await companyOwner(t, 'West End', 'owner@west-race.test');
  nora = await companyOwner(t, 'Nora North', 'owner@nora-race.test');
  await makePartner(t, dora.companyId, 'distributor');
  await makePartner(t, ravi.companyId, 'reseller');
  await linkCustomer(t, dora.companyId, ravi.companyId);
  await linkCustomer(t, ravi.companyId, east.companyId);
  await linkCustomer(t, ravi.companyId, west.companyId);
  await linkCustomer(t, dora.companyId, nora.companyId);
  const set = async (companyId: number, devices: number, essential: number | null) => {
    const res = await dora.run(setCustomerQuotaCall, {
      companyId,
      devices,
      apiCallsPerSecond: null,
      licences: essential === null ? [] : [{ product: 'ESSENTIAL', limit: essential, period: 'total' }],
    });
    if (res.code !== 0) throw new Error(`quota refused: ${res.code} ${res.msg}`);
  };
  await set(ravi.companyId, 6, null);
  await set(nora.companyId, 5, 7);
  await grantPool(t, dora.companyId, 'ESSENTIAL', 100);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('parallel requests against one quota', () => {
  it('registers exactly as many devices as the customer’s limit leaves room for', async () => {
    const codes = (await Promise.all(Array.from({ length: 12 }, () => add(nora)))).map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.QUOTA_DEVICES_REACHED)).toHaveLength(7);
    expect(await devicesOf(nora.companyId)).toBe(5);
  });

  it('fills a re-seller’s limit exactly from two of its customers at once', async () => {
    const racing = Array.from({ length: 10 }, (_, i) => add(i % 2 === 0 ? east : west));
    const codes = (await Promise.all(racing)).map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(6);
    expect((await devicesOf(east.companyId)) + (await devicesOf(west.companyId))).toBe(6);
    const view = await dora.run(getCustomerQuotaCall, { companyId: ravi.companyId });
    expect(view.data?.devices).toEqual({ limit: 6, held: 6 });
  });

  it('assigns exactly the licences the customer may draw, whatever the order', async () => {
    const assigning = Array.from({ length: 10 }, () =>
      dora.run(assignCustomerLicencesCall, {
        companyId: nora.companyId,
        product: 'ESSENTIAL',
        quantity: 1,
        idempotencyKey: operationKey(),
      }),
    );
    const codes = (await Promise.all(assigning)).map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(7);
    expect(codes.filter((c) => c === ErrorCode.QUOTA_LICENCES_TOTAL_REACHED)).toHaveLength(3);
    const balances = await t.deps.db
      .selectFrom('licence_account')
      .select(['company_id', 'available'])
      .where('product', '=', 'ESSENTIAL')
      .where('company_id', 'in', [dora.companyId, nora.companyId])
      .orderBy('company_id')
      .execute();
    expect(balances.map((b) => Number(b.available))).toEqual([93, 7]);
  });
});
