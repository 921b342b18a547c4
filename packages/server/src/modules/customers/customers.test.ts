import {
  addCustomerCall,
  assignCustomerLicencesCall,
  assignDeviceLicencesCall,
  billingListCall,
  customerDevicesCall,
  customerLicencesCall,
  ErrorCode,
  type ExportRecord,
  exportCustomersCall,
  getCompanyAccountCall,
  getCustomerCall,
  grantLicencesCall,
  leaveCompanyCall,
  listCustomersCall,
  reduceCustomerLicencesCall,
  transferCustomerDevicesCall,
  updateCustomerCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { downloaded, exportBody } from '../exports/export-test-kit.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';

/**
 * My customers (issue 13): adding customers by company type (15014, 15018, 15019), names (10, 15015),
 * the owner's invitation, editing, and what a partner reaches of a customer (devices, licences, device
 * transfers of at most 100, all or none) and never of a sibling's, its parent's or a grandchild's company.
 */

let t: TestApp;
let admin: SignedIn;
let delta: Owner; // distributor
let sigma: Owner; // another distributor: delta's sibling under the platform
let plain: Owner; // an end customer registered on its own
let reseller: Owner; // delta's re-seller, signed in after accepting its invitation
let acmeId: number; // delta's end customer
let grandchildId: number; // the re-seller's end customer

const setType = (owner: Owner, type: number) =>
  t.deps.db.updateTable('company').set({ type }).where('id', '=', owner.companyId).execute();

async function lastMailTo(email: string) {
  return t.deps.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

const add = (who: Owner, name: string, type: number, ownerEmail: string, country?: string) =>
  who.run(addCustomerCall, { name, type, ownerEmail, ...(country ? { country } : {}) });

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  const created = await ensureSuperAdmin(t.deps);
  admin = await signIn(t, created!.account, created!.password);
  delta = await companyOwner(t, 'Delta Distribution', 'owner@delta-customers.test');
  sigma = await companyOwner(t, 'Sigma Supply', 'owner@sigma-customers.test');
  plain = await companyOwner(t, 'Plain Plumbing', 'owner@plain-customers.test');
  await setType(delta, 1);
  await setType(sigma, 1);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('adding a customer', () => {
  it('creates a re-seller under a distributor and invites its owner, who signs in to it', async () => {
    const res = await add(delta, 'Riverside Resale', 2, 'Rita@Riverside.test', 'Norway');
    expect(res.code).toBe(0);
    const mail = await lastMailTo('rita@riverside.test');
    expect(mail.subject).toContain('Riverside Resale');
    const token = /\/emailToLogin\?token=([\w-]+)/.exec(mail.text_body)![1]!;
    const accepted = await t.call('POST', '/pl/invitation/acceptInvitation', {
      token,
      userName: 'Rita',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(accepted.body.data).toMatchObject({ companyId: res.data!.companyId, accountCreated: true });
    expect(accepted.body.code).toBe(0);
    reseller = asOwner(await signIn(t, 'rita@riverside.test'), {
      companyId: res.data!.companyId,
      userId: 0,
      account: 'rita@riverside.test',
    });
    const account = await reseller.run(getCompanyAccountCall, {});
    // The invited owner is the new company's default user, as a registering owner is: it cannot leave.
    expect((await reseller.run(leaveCompanyCall, {})).code).toBe(ErrorCode.DEFAULT_USER_FIXED);
    expect(account.data).toMatchObject({
      name: 'Riverside Resale',
      type: 2,
      country: 'Norway',
      hasRelations: true,
    });
  });

  it('creates an end customer, listed beside the re-seller with its type and country', async () => {
    const res = await add(delta, 'Acme End', 0, 'ann@acme-end.test');
    expect(res.code).toBe(0);
    acmeId = res.data!.companyId;
    const list = await delta.run(listCustomersCall, { pageNum: 1, pageSize: 10 });
    expect(list.data?.total).toBe(2);
    // Newest first.
    expect(list.data?.list.map((c) => [c.name, c.type, c.country, c.deviceCount])).toEqual([
      ['Acme End', 0, null, 0],
      ['Riverside Resale', 2, 'Norway', 0],
    ]);
  });

  it('refuses a distributor as a customer (15019), a re-seller adding partners (15014), an end customer adding any (15018)', async () => {
    expect((await add(delta, 'Delta Two', 1, 'x@delta-two.test')).code).toBe(
      ErrorCode.DISTRIBUTOR_CUSTOMER_TYPE,
    );
    expect((await add(reseller, 'Sub Resale', 2, 'x@sub.test')).code).toBe(ErrorCode.RESELLER_CUSTOMER_TYPE);
    expect((await add(reseller, 'Sub Distribution', 1, 'x@sub.test')).code).toBe(
      ErrorCode.RESELLER_CUSTOMER_TYPE,
    );
    const refused = await plain.run(addCustomerCall, {
      name: 'Plain Child',
      type: 0,
      ownerEmail: 'x@child.test',
    });
    expect(refused.code).toBe(ErrorCode.END_CUSTOMER_NO_DOWNSTREAM);
    expect(refused.msg).toBe('End customers cannot have downstream companies');
    const cn = await plain.run(
      addCustomerCall,
      { name: 'Plain Child', type: 0, ownerEmail: 'x@child.test' },
      'cn',
    );
    expect(cn.msg).toBe('终端客户不能拥有下游公司');
    // A re-seller's own end customer is allowed: a grandchild of the distributor.
    const child = await add(reseller, 'Grandchild Garage', 0, 'gus@grandchild.test');
    expect(child.code).toBe(0);
    grandchildId = child.data!.companyId;
  });

  it('refuses a name one of its customers has (15015) or any company has (10), and a bad e-mail naming the field', async () => {
    expect((await add(delta, 'ACME END', 0, 'y@acme.test')).code).toBe(ErrorCode.CUSTOMER_EXISTS);
    expect((await add(delta, 'sigma supply', 0, 'y@sigma.test')).code).toBe(ErrorCode.COMPANY_EXISTS);
    const bad = await add(delta, 'Fresh Farm', 0, 'not-an-email');
    expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(bad.msg).toContain('ownerEmail');
    const list = await delta.run(listCustomersCall, { pageNum: 1, pageSize: 10 });
    expect(list.data?.total).toBe(2);
  });
});

describe('the customer list', () => {
  it('searches by name, filters by type, sorts by name and pages', async () => {
    const search = await delta.run(listCustomersCall, { pageNum: 1, pageSize: 10, search: 'acme' });
    expect(search.data?.list.map((c) => c.name)).toEqual(['Acme End']);
    const resellers = await delta.run(listCustomersCall, { pageNum: 1, pageSize: 10, type: 2 });
    expect(resellers.data?.list.map((c) => c.name)).toEqual(['Riverside Resale']);
    const byName = await delta.run(listCustomersCall, {
      pageNum: 2,
      pageSize: 1,
      sortField: 'name',
      sortOrder: 'asc',
    });
    expect(byName.data).toMatchObject({ total: 2, list: [{ name: 'Riverside Resale' }] });
  });

  it('holds only direct customers: the grandchild is the re-seller’s, and a sibling sees none of them', async () => {
    const deltas = await delta.run(listCustomersCall, { pageNum: 1, pageSize: 10 });
    expect(deltas.data?.list.map((c) => c.companyId)).not.toContain(grandchildId);
    const resellers = await reseller.run(listCustomersCall, { pageNum: 1, pageSize: 10 });
    expect(resellers.data?.list.map((c) => c.name)).toEqual(['Grandchild Garage']);
    expect((await sigma.run(listCustomersCall, { pageNum: 1, pageSize: 10 })).data).toEqual({
      list: [],
      total: 0,
    });
  });
});

describe('editing a customer', () => {
  it('renames it and sets its country; a taken name is 10', async () => {
    const res = await delta.run(updateCustomerCall, {
      companyId: acmeId,
      name: 'Acme Ends',
      country: 'Chile',
    });
    expect(res.data).toMatchObject({ companyId: acmeId, name: 'Acme Ends', country: 'Chile' });
    const taken = await delta.run(updateCustomerCall, { companyId: acmeId, name: 'SIGMA SUPPLY' });
    expect(taken.code).toBe(ErrorCode.COMPANY_EXISTS);
  });

  it('is 5 for a sibling’s customer, a grandchild, its own partner or its own company', async () => {
    for (const [who, companyId] of [
      [sigma, acmeId],
      [delta, grandchildId],
      [reseller, delta.companyId],
      [delta, delta.companyId],
    ] as const) {
      const res = await who.run(updateCustomerCall, { companyId, name: 'Hijacked' });
      expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    }
    expect((await delta.run(getCustomerCall, { companyId: acmeId })).data?.name).toBe('Acme Ends');
  });
});

describe("a customer's devices and licences", () => {
  beforeAll(async () => {
    await seedDevices(t, acmeId, [{ sn: 'ACME0001', online: true }, { sn: 'ACME0002' }]);
    await seedDevices(t, sigma.companyId, [{ sn: 'SIGMA0001' }]);
    await seedDevices(t, delta.companyId, [{ sn: 'DELTA0001' }, { sn: 'DELTA0002' }, { sn: 'DELTA0003' }]);
  });

  it('lists the customer’s devices, searched, and counts them on the customer’s row', async () => {
    const all = await delta.run(customerDevicesCall, { companyId: acmeId, pageNum: 1, pageSize: 10 });
    expect(all.data?.list.map((d) => d.sn).sort()).toEqual(['ACME0001', 'ACME0002']);
    const online = await delta.run(customerDevicesCall, {
      companyId: acmeId,
      pageNum: 1,
      pageSize: 10,
      online: 'online',
    });
    expect(online.data?.list.map((d) => d.sn)).toEqual(['ACME0001']);
    expect((await delta.run(getCustomerCall, { companyId: acmeId })).data?.deviceCount).toBe(2);
  });

  it('gives a sibling, a child reading its parent and a stranger 5, never a device', async () => {
    for (const [who, companyId] of [
      [sigma, acmeId],
      [delta, sigma.companyId],
      [reseller, delta.companyId],
      [reseller, acmeId],
      [sigma, grandchildId],
    ] as const) {
      const devices = await who.run(customerDevicesCall, { companyId, pageNum: 1, pageSize: 10 });
      expect(devices.code).toBe(ErrorCode.NO_PERMISSION);
      expect(devices.data ?? null).toBeNull();
      expect((await who.run(customerLicencesCall, { companyId })).code).toBe(ErrorCode.NO_PERMISSION);
    }
  });

  it('shows licences the partner assigned, on the customer’s balances and row, and what a reduction took back', async () => {
    const granted = await admin.call('POST', grantLicencesCall.path, {
      companyId: delta.companyId,
      product: 'ESSENTIAL',
      quantity: 20,
      idempotencyKey: operationKey(),
    });
    expect(granted.body.code).toBe(0);
    const assign = {
      companyId: acmeId,
      product: 'ESSENTIAL',
      quantity: 8,
      idempotencyKey: operationKey(),
    } as const;
    expect((await delta.run(assignCustomerLicencesCall, assign)).code).toBe(0);
    const reduce = { ...assign, quantity: 3, idempotencyKey: operationKey() };
    expect((await delta.run(reduceCustomerLicencesCall, reduce)).code).toBe(0);
    const balances = await delta.run(customerLicencesCall, { companyId: acmeId });
    expect(balances.data?.products.find((p) => p.product === 'ESSENTIAL')).toMatchObject({
      available: 5,
      assigned: 0,
    });
    const row = await delta.run(getCustomerCall, { companyId: acmeId });
    expect(row.data?.licences).toEqual([{ product: 'ESSENTIAL', unused: 5, assigned: 0 }]);
  });
});

describe('the company tree below a distributor', () => {
  beforeAll(async () => {
    await seedDevices(t, grandchildId, [{ sn: 'GRAND0001', online: true }]);
  });

  it('lists a re-seller’s customers, read-only, naming their partner; outside the tree it is 5', async () => {
    const below = await delta.run(listCustomersCall, {
      pageNum: 1,
      pageSize: 10,
      partnerCompanyId: reseller.companyId,
    });
    expect(below.data?.list).toMatchObject([
      {
        companyId: grandchildId,
        name: 'Grandchild Garage',
        direct: false,
        partner: { companyId: reseller.companyId, name: 'Riverside Resale' },
      },
    ]);
    const own = await reseller.run(listCustomersCall, { pageNum: 1, pageSize: 10 });
    expect(own.data?.list).toMatchObject([{ companyId: grandchildId, direct: true }]);
    for (const [who, partnerCompanyId] of [
      [sigma, reseller.companyId],
      [reseller, delta.companyId],
      [delta, sigma.companyId],
    ] as const) {
      const res = await who.run(listCustomersCall, { pageNum: 1, pageSize: 10, partnerCompanyId });
      expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    }
  });

  it('reads the grandchild’s details, devices and licences, and changes nothing of it', async () => {
    const one = await delta.run(getCustomerCall, { companyId: grandchildId });
    expect(one.data).toMatchObject({ name: 'Grandchild Garage', direct: false, deviceCount: 1 });
    const devices = await delta.run(customerDevicesCall, {
      companyId: grandchildId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(devices.data?.list.map((d) => d.sn)).toEqual(['GRAND0001']);
    expect((await delta.run(customerLicencesCall, { companyId: grandchildId })).code).toBe(0);
    const move = await delta.run(transferCustomerDevicesCall, {
      companyId: grandchildId,
      direction: 'fromCustomer',
      sns: ['GRAND0001'],
    });
    expect(move.code).toBe(ErrorCode.NO_PERMISSION);
    const assign = await delta.run(assignCustomerLicencesCall, {
      companyId: grandchildId,
      product: 'ESSENTIAL',
      quantity: 1,
      idempotencyKey: operationKey(),
    });
    // Licences move only along one partner link, downwards (the licences area's own code).
    expect(assign.code).toBe(ErrorCode.LICENCE_NOT_DOWNSTREAM);
    const still = await reseller.run(customerDevicesCall, {
      companyId: grandchildId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(still.data?.list.map((d) => d.sn)).toEqual(['GRAND0001']);
  });
});

describe('transferring devices between partner and customer', () => {
  it('moves devices to the customer, leaving a licence with the partner that paid for it', async () => {
    await grantPool(t, delta.companyId, 'ADVANCED', 1);
    const licensed = await delta.run(assignDeviceLicencesCall, {
      sns: ['DELTA0001'],
      level: 'ADVANCED',
      idempotencyKey: operationKey(),
    });
    expect(licensed.code).toBe(0);
    const moved = await delta.run(transferCustomerDevicesCall, {
      companyId: acmeId,
      direction: 'toCustomer',
      sns: ['DELTA0001', 'DELTA0002'],
    });
    expect(moved).toMatchObject({ code: 0, data: { sns: ['DELTA0001', 'DELTA0002'] } });
    const acme = await delta.run(customerDevicesCall, {
      companyId: acmeId,
      pageNum: 1,
      pageSize: 10,
      search: 'DELTA',
    });
    expect(acme.data?.list.map((d) => [d.sn, d.licenceLevel])).toEqual(
      expect.arrayContaining([
        ['DELTA0001', 'BASE'],
        ['DELTA0002', 'BASE'],
      ]),
    );
    const billing = await delta.run(billingListCall, { pageNum: 1, pageSize: 5, sn: 'DELTA0001' });
    expect(billing.data?.list[0]).toMatchObject({ movement: 'expiry', sn: 'DELTA0001' });
  });

  it('moves them back from the customer', async () => {
    const back = await delta.run(transferCustomerDevicesCall, {
      companyId: acmeId,
      direction: 'fromCustomer',
      sns: ['DELTA0002'],
    });
    expect(back.code).toBe(0);
    const owned = await t.deps.db
      .selectFrom('device')
      .select('company_id')
      .where('sn', '=', 'DELTA0002')
      .executeTakeFirstOrThrow();
    expect(Number(owned.company_id)).toBe(delta.companyId);
  });

  it('moves none when one device is not the giving side’s (120002 naming it), and refuses over 100 (17000)', async () => {
    const mixed = await delta.run(transferCustomerDevicesCall, {
      companyId: acmeId,
      direction: 'toCustomer',
      sns: ['DELTA0003', 'SIGMA0001'],
    });
    expect(mixed.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect(mixed.data).toBe('SIGMA0001');
    const still = await t.deps.db
      .selectFrom('device')
      .select('company_id')
      .where('sn', '=', 'DELTA0003')
      .executeTakeFirstOrThrow();
    expect(Number(still.company_id)).toBe(delta.companyId);
    const many = Array.from({ length: 101 }, (_, i) => `MANY${i}`);
    const over = await delta.run(transferCustomerDevicesCall, {
      companyId: acmeId,
      direction: 'toCustomer',
      sns: many,
    });
    expect(over.code).toBe(ErrorCode.TRANSFER_LIMIT);
    expect(over.msg).toBe('At most 100 devices can be transferred at a time');
  });

  it('is 5 towards a company that is not the caller’s customer, and nothing moves', async () => {
    const res = await sigma.run(transferCustomerDevicesCall, {
      companyId: acmeId,
      direction: 'fromCustomer',
      sns: ['ACME0001'],
    });
    expect(res.code).toBe(ErrorCode.NO_PERMISSION);
    const up = await reseller.run(transferCustomerDevicesCall, {
      companyId: delta.companyId,
      direction: 'fromCustomer',
      sns: ['DELTA0003'],
    });
    expect(up.code).toBe(ErrorCode.NO_PERMISSION);
    const devices = await t.deps.db
      .selectFrom('device')
      .select(['sn', 'company_id'])
      .where('sn', 'in', ['ACME0001', 'DELTA0003'])
      .orderBy('sn')
      .execute();
    expect(devices.map((d) => Number(d.company_id))).toEqual([acmeId, delta.companyId]);
  });
});

describe('exporting the customer list', () => {
  it('writes the filtered list in the reader’s language through the export pipeline', async () => {
    const started = await delta.call<ExportRecord>(
      'POST',
      exportCustomersCall.path,
      exportBody(
        { sortField: 'name', sortOrder: 'asc' },
        ['name', 'type', 'country', 'deviceCount', 'licences'],
        'customers',
      ),
      { language: 'cn' },
    );
    expect(started.body.code).toBe(0);
    expect(started.body.data).toMatchObject({ totalRows: 2, module: 'distributorconsole/myCustomers' });
    await runDueJobs(t);
    const rows = await downloaded(t, delta, started.body.data!.recordId);
    expect(rows).toEqual([
      ['名称', '类型', '国家', '设备数', '许可证（未使用/已分配）'],
      ['Acme Ends', '终端客户', 'Chile', '3', '标准版 5 / 0'],
      ['Riverside Resale', '经销商', 'Norway', '0'],
    ]);
  });
});
