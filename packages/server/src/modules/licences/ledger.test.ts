import {
  AUTO_RENEW_LEAD_DAYS,
  assignCustomerLicencesCall,
  assignDeviceLicencesCall,
  ErrorCode,
  LICENCE_DAYS,
  type LicenceLevel,
  type LicenceProduct,
  levelOfProduct,
  reduceCustomerLicencesCall,
  setAutoRenewCall,
  setDeviceAutoRenewCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { insertRelation } from '../company-account/company-account.store.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { expireEndedLicences, LICENCE_EXPIRY_JOB } from './licence-expiry.job.ts';
import { LICENCE_RENEWAL_JOB, renewDueLicences } from './licence-renewal.job.ts';
import { grantPool, operationKey } from './licence-test-kit.ts';

/**
 * The ledger reconciles (issue 13): a few hundred assignments down the chain, reductions, device
 * assignments (renewals and level changes with their refunds), retries with the same key, expiries and
 * the auto-renew job all at once, and afterwards every unused balance is exactly the sum of its company's ledger rows,
 * every device's licence is exactly what its rows say, and nothing was posted twice. Runs on PGlite,
 * and on PostgreSQL (real concurrency, row locks) when DATABASE_URL is set.
 */

const DAY_MS = 86_400_000;
const DEVICES_PER_CUSTOMER = 30;
const OPERATIONS = 360;

let t: TestApp;
let partner: Owner;
let customers: Owner[];
const snsOf = new Map<number, string[]>();

/** A repeatable sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function signInAgain() {
  partner = asOwner(await signIn(t, partner.account), partner);
  customers = await Promise.all(customers.map(async (c) => asOwner(await signIn(t, c.account), c)));
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  partner = await companyOwner(t, 'Ledger Partner', 'owner@ledger-partner.test');
  customers = [];
  for (const name of ['north', 'south', 'east']) {
    const customer = await companyOwner(t, `Ledger ${name}`, `owner@ledger-${name}.test`);
    await insertRelation(t.deps.db, partner.companyId, customer.companyId);
    const sns = Array.from(
      { length: DEVICES_PER_CUSTOMER },
      (_, i) => `LDG${name.toUpperCase()}${String(i).padStart(3, '0')}`,
    );
    await seedDevices(
      t,
      customer.companyId,
      sns.map((sn) => ({ sn })),
    );
    snsOf.set(customer.companyId, sns);
    customers.push(customer);
  }
  await grantPool(t, partner.companyId, 'ESSENTIAL', 3000);
  await grantPool(t, partner.companyId, 'ADVANCED', 3000);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const PRODUCTS: LicenceProduct[] = ['ESSENTIAL', 'ADVANCED'];
const LEVELS: LicenceLevel[] = ['ESSENTIALS', 'ESSENTIALS', 'ADVANCED', 'BASE'];

/** One random operation of a person (or a retry of an earlier one), answering its code. */
function operations(next: () => number, count = OPERATIONS) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sent: (() => Promise<number>)[] = [];
  for (let i = 0; i < count; i++) {
    const customer = pick(customers);
    const kind = next();
    let op: () => Promise<number>;
    if (kind < 0.25) {
      const input = {
        companyId: customer.companyId,
        product: pick(PRODUCTS),
        quantity: 1 + Math.floor(next() * 20),
        idempotencyKey: operationKey(),
      };
      op = async () => (await partner.run(assignCustomerLicencesCall, input)).code;
    } else if (kind < 0.4) {
      const input = {
        companyId: customer.companyId,
        product: pick(PRODUCTS),
        quantity: 1 + Math.floor(next() * 8),
        idempotencyKey: operationKey(),
      };
      op = async () => (await partner.run(reduceCustomerLicencesCall, input)).code;
    } else {
      const all = snsOf.get(customer.companyId)!;
      const sns = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(all));
      const input = { sns, level: pick(LEVELS), idempotencyKey: operationKey() };
      op = async () => (await customer.run(assignDeviceLicencesCall, input)).code;
    }
    sent.push(op);
    // A retried request: the same input and key again, at once.
    if (next() < 0.1) sent.push(op);
  }
  return sent;
}

interface LedgerRow {
  id: number;
  operation_id: number;
  company_id: number;
  movement: string;
  product: string;
  quantity: number;
  sn: string | null;
  period_start: Date | null;
  period_end: Date | null;
  reverses_id: number | null;
  created_at: Date;
}

/** A device's licence read from its ledger rows alone, independently of the service's code. */
function derive(rows: LedgerRow[], byId: Map<number, LedgerRow>) {
  let state: { level: string; start: number | null; end: number | null } = {
    level: 'BASE',
    start: null,
    end: null,
  };
  for (const r of rows) {
    if (r.movement === 'consumption') {
      state = {
        level: levelOfProduct(r.product as LicenceProduct)!,
        start: +r.period_start!,
        end: +r.period_end!,
      };
    } else if (r.movement === 'renewal') {
      state.end = +r.period_end!;
    } else if (r.movement === 'refund') {
      state.end = Math.min(state.end!, +byId.get(r.reverses_id!)!.period_start!);
    } else if (r.movement === 'expiry') {
      state = { level: 'BASE', start: null, end: null };
    }
  }
  return state;
}

async function reconcile() {
  const db = t.deps.db;
  const ledger = (await db
    .selectFrom('licence_ledger')
    .selectAll()
    .orderBy('id')
    .execute()) as unknown as LedgerRow[];
  const rows = ledger.map((r) => ({
    ...r,
    id: Number(r.id),
    company_id: Number(r.company_id),
    reverses_id: r.reverses_id === null ? null : Number(r.reverses_id),
  }));
  const sums = new Map<string, number>();
  for (const r of rows)
    sums.set(`${r.company_id}:${r.product}`, (sums.get(`${r.company_id}:${r.product}`) ?? 0) + r.quantity);
  const accounts = await db.selectFrom('licence_account').selectAll().execute();
  const balances = new Map(
    accounts.map((a) => [`${Number(a.company_id)}:${a.product}`, Number(a.available)]),
  );
  // Every unused balance is the sum of its ledger rows, and none is negative.
  expect(Object.fromEntries(balances)).toEqual(
    Object.fromEntries([...sums].filter(([key]) => balances.has(key))),
  );
  expect([...sums.keys()].every((key) => balances.has(key))).toBe(true);
  expect([...balances.values()].every((v) => v >= 0)).toBe(true);
  // What leaves one company arrives at another.
  const total = (movement: string) =>
    rows.filter((r) => r.movement === movement).reduce((s, r) => s + r.quantity, 0);
  expect(total('assignmentIn') + total('assignmentOut')).toBe(0);
  expect(total('reductionIn') + total('reductionOut')).toBe(0);
  // Each refund gives back one unstarted renewal of the same device, once.
  const byId = new Map(rows.map((r) => [r.id, r]));
  // No period of a device was renewed twice (by the auto-renew job and a person, or by two runs).
  const refunded = new Set(rows.filter((r) => r.movement === 'refund').map((r) => r.reverses_id));
  const periods = rows
    .filter((r) => r.movement === 'renewal' && !refunded.has(r.id))
    .map((r) => `${r.sn}@${+r.period_start!}`);
  expect(periods.length).toBe(new Set(periods).size);
  for (const refund of rows.filter((r) => r.movement === 'refund')) {
    const renewal = byId.get(refund.reverses_id!)!;
    expect([renewal.movement, renewal.sn, renewal.product]).toEqual(['renewal', refund.sn, refund.product]);
    expect(+renewal.period_start!).toBeGreaterThan(+refund.created_at);
  }
  // Every device's licence is what its rows say, and the device list shows its level.
  const licences = await db.selectFrom('device_licence').selectAll().execute();
  const devices = await db
    .selectFrom('device')
    .select(['sn', 'licence_level'])
    .where('sn', 'like', 'LDG%')
    .execute();
  for (const device of devices) {
    const derived = derive(
      rows.filter((r) => r.sn === device.sn),
      byId,
    );
    const row = licences.find((l) => l.sn === device.sn);
    const held = {
      level: row?.level ?? 'BASE',
      start: row?.starts_at ? +row.starts_at : null,
      end: row?.ends_at ? +row.ends_at : null,
    };
    expect({ sn: device.sn, ...held }).toEqual({ sn: device.sn, ...derived });
    expect(device.licence_level).toBe(held.level);
  }
  return rows;
}

describe('the licence ledger under concurrent operations', () => {
  it('reconciles exactly after hundreds of assignments, reductions, renewals, retries and expiries at once', async () => {
    const next = random(13);
    const first = operations(next);
    const codes = await Promise.all([
      ...first.map((op) => op()),
      // Expiries run beside the operations (nothing has ended yet on the first pass).
      expireEndedLicences(t.deps).then(() => 0),
    ]);
    const allowed = [0, ErrorCode.NOT_ENOUGH_LICENCES, ErrorCode.LICENCE_VALUE_TOO_LOW];
    expect(codes.filter((c) => !allowed.includes(c))).toEqual([]);
    expect(codes.filter((c) => c === 0).length).toBeGreaterThan(OPERATIONS / 2);
    await reconcile();

    // Auto-renew: one customer's default on (two licences a renewal), another's devices half on with
    // their own period, half off. Two days before the first periods end, the job (directly, twice, and
    // through the queue) renews them while the third wave of people's operations runs.
    const [north, south] = customers;
    await north!.run(setAutoRenewCall, { enabled: true, period: 2 });
    // Devices no person touches in the waves, so some licences are surely due when the job runs.
    const quiet = Array.from({ length: 10 }, (_, i) => `LDGQUIET${String(i).padStart(3, '0')}`);
    await seedDevices(
      t,
      north!.companyId,
      quiet.map((sn) => ({ sn })),
    );
    await grantPool(t, north!.companyId, 'ESSENTIAL', 30);
    const quietAssigned = await north!.run(assignDeviceLicencesCall, {
      sns: quiet,
      level: 'ESSENTIALS',
      idempotencyKey: operationKey(),
    });
    expect(quietAssigned.code).toBe(0);
    const southSns = snsOf.get(south!.companyId)!;
    await south!.run(setDeviceAutoRenewCall, { sns: southSns.slice(0, 15), mode: 'on', period: 1 });
    await south!.run(setDeviceAutoRenewCall, { sns: southSns.slice(15), mode: 'off' });
    t.clock.advance(LICENCE_DAYS * DAY_MS - (AUTO_RENEW_LEAD_DAYS - 1) * DAY_MS);
    await signInAgain();
    // Fewer this time, so that people leave some of the due licences to the job.
    const renewing = operations(next, OPERATIONS / 4);
    await enqueueJob(t.deps.db, { kind: LICENCE_RENEWAL_JOB, payload: {} });
    const withRenewals = await Promise.all([
      ...renewing.map((op) => op()),
      renewDueLicences(t.deps).then(() => 0),
      renewDueLicences(t.deps).then(() => 0),
      t.deps.jobs!.runOnce().then(() => 0),
    ]);
    expect(withRenewals.filter((c) => !allowed.includes(c))).toEqual([]);
    // Whichever run got them (on PostgreSQL the three really run at once), the job renewed some.
    const renewedByJob = await t.deps.db
      .selectFrom('licence_ledger as l')
      .innerJoin('licence_operation as o', 'o.id', 'l.operation_id')
      .select('l.id')
      .where('o.kind', '=', 'autoRenew')
      .execute();
    expect(renewedByJob.length).toBeGreaterThan(0);
    await reconcile();

    // A month and a half on: the first periods have ended while renewals still run; the second wave
    // meets the expiry job (through the job queue) and the auto-renew job head-on.
    t.clock.advance((AUTO_RENEW_LEAD_DAYS - 1) * DAY_MS + DAY_MS);
    await signInAgain();
    const second = operations(next);
    await enqueueJob(t.deps.db, { kind: LICENCE_EXPIRY_JOB, payload: {} });
    const more = await Promise.all([
      ...second.map((op) => op()),
      t.deps.jobs!.runOnce().then(() => 0),
      expireEndedLicences(t.deps).then(() => 0),
      renewDueLicences(t.deps).then(() => 0),
    ]);
    expect(more.filter((c) => !allowed.includes(c))).toEqual([]);
    await reconcile();

    // Past every period: the job ends them all and every device is back on Basic (auto-renew off first,
    // or the job would keep renewing them from what is left in the pools).
    await north!.run(setAutoRenewCall, { enabled: false, period: 1 });
    await t.deps.db.deleteFrom('device_auto_renew').execute();
    t.clock.advance(10 * LICENCE_DAYS * DAY_MS);
    await expireEndedLicences(t.deps);
    const rows = await reconcile();
    const onLevel = await t.deps.db
      .selectFrom('device')
      .select('sn')
      .where('licence_level', '<>', 'BASE')
      .execute();
    expect(onLevel).toEqual([]);
    expect(rows.filter((r) => r.movement === 'expiry').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.movement === 'refund').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.movement === 'renewal').length).toBeGreaterThan(0);
    // No key posted twice: one operation per key, each with its rows.
    const keys = await t.deps.db
      .selectFrom('licence_operation')
      .select('idempotency_key')
      .where('idempotency_key', 'is not', null)
      .execute();
    expect(new Set(keys.map((k) => k.idempotency_key)).size).toBe(keys.length);
  }, 300_000);
});
