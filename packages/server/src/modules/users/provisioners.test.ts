import {
  activityLogListCall,
  addDeviceCall,
  createUserCall,
  deleteUserCall,
  ErrorCode,
  getLicenceBalancesCall,
  getVisitMenusCall,
  inviteUserCall,
  listDevicesCall,
  placeOrderCall,
  ROLE_TYPE,
  roleListCall,
  switchCompanyCall,
  updateCompanyAccountCall,
  userListCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { operationKey } from '../licences/licence-test-kit.ts';
import { linkCustomer, makePartner } from '../partner-notifications/partner-test-kit.ts';

/**
 * Provisioners (issue 13; core §6, features §6): a customer invites a person of its distributor with the
 * Provisioner role; switched to the customer, that person adds and provisions routers and reaches
 * nothing else, never a sibling customer; the invitation, the acceptance and each device added are in
 * the customer's activity log under the person's name; removing them ends their access at once.
 */

let t: TestApp;
let dora: Owner; // distributor
let ella: Owner; // dora's end customer, which invites the provisioner
let sam: Owner; // dora's other end customer: ella's sibling
let stray: Owner; // a company with no partner link
let pat: Owner; // dora's person, ella's provisioner once switched
let provisionerRoleId: number;

const PAT = 'pat@dora-prov.test';

async function roleOfType(companyId: number, roleType: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('role')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role_type', '=', roleType)
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function lastToken(email: string): Promise<string> {
  const mail = await t.deps.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/emailToLogin\?token=([\w-]+)/.exec(mail.text_body)![1]!;
}

const log = async (owner: Owner) =>
  (await owner.run(activityLogListCall, { pageNum: 1, pageSize: 100 })).data!.list;

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  dora = await companyOwner(t, 'Dora Devices', 'owner@dora-prov.test');
  ella = await companyOwner(t, 'Ella Estates', 'owner@ella-prov.test');
  sam = await companyOwner(t, 'Sam Storage', 'owner@sam-prov.test');
  stray = await companyOwner(t, 'Stray Systems', 'owner@stray-prov.test');
  await makePartner(t, dora.companyId, 'distributor');
  await linkCustomer(t, dora.companyId, ella.companyId);
  await linkCustomer(t, dora.companyId, sam.companyId);
  const made = await dora.run(createUserCall, {
    account: PAT,
    userName: 'Pat Provisioner',
    roleId: await roleOfType(dora.companyId, ROLE_TYPE.operator),
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  });
  if (made.code !== 0) throw new Error(`pat: ${made.code} ${made.msg}`);
  pat = asOwner(await signIn(t, PAT), { companyId: dora.companyId, userId: made.data!.userId, account: PAT });
  provisionerRoleId = await roleOfType(ella.companyId, ROLE_TYPE.provisioner);
  await seedDevices(t, sam.companyId, [{ sn: '20261203000099' }]);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('inviting a provisioner', () => {
  it('refuses anyone but a person of a partner above the company (15055)', async () => {
    const stranger = await ella.run(inviteUserCall, {
      email: 'owner@stray-prov.test',
      roleId: provisionerRoleId,
    });
    expect(stranger.code).toBe(ErrorCode.PROVISIONER_NOT_PARTNER);
    expect(stranger.msg).toBe(
      'A provisioner must be a user of one of your partners (your distributor or re-seller)',
    );
    const nobody = await ella.run(
      inviteUserCall,
      { email: 'new@nowhere-prov.test', roleId: provisionerRoleId },
      'cn',
    );
    expect(nobody.msg).toBe('配置员必须是您的合作伙伴（分销商或经销商）的用户');
    const created = await ella.run(createUserCall, {
      account: 'fresh@ella-prov.test',
      userName: 'Fresh',
      roleId: provisionerRoleId,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(created.code).toBe(ErrorCode.PROVISIONER_NOT_PARTNER);
    // A company without a partner has nobody to invite as one.
    const alone = await stray.run(inviteUserCall, {
      email: PAT,
      roleId: await roleOfType(stray.companyId, ROLE_TYPE.provisioner),
    });
    expect(alone.code).toBe(ErrorCode.PROVISIONER_NOT_PARTNER);
  });

  it('invites the distributor’s person, who accepts; both are in the customer’s activity log', async () => {
    expect((await ella.run(inviteUserCall, { email: PAT, roleId: provisionerRoleId })).code).toBe(0);
    const accepted = await t.call('POST', '/pl/invitation/acceptInvitation', { token: await lastToken(PAT) });
    expect(accepted.body.code).toBe(0);
    const entries = await log(ella);
    expect(entries.find((e) => e.callId === 'users.invite')).toMatchObject({
      loginAccount: 'owner@ella-prov.test',
      object: `role=Provisioner, email=${PAT}`,
      resultCode: 0,
    });
    expect(entries.find((e) => e.callId === 'invitation.accept')).toMatchObject({
      userName: 'Pat Provisioner',
      loginAccount: PAT,
      object: 'role=Provisioner',
      resultCode: 0,
    });
  });
});

describe('a provisioner in the customer’s company', () => {
  it('adds routers there, logged under the provisioner’s name', async () => {
    expect((await pat.run(switchCompanyCall, { companyId: ella.companyId })).code).toBe(0);
    const added = await pat.run(addDeviceCall, { sn: '20261203000001', mac: '00:11:22:33:44:55' });
    expect(added.code).toBe(0);
    const list = await pat.run(listDevicesCall, { pageNum: 1, pageSize: 10 });
    expect(list.data?.list.map((d) => d.sn)).toEqual(['20261203000001']);
    const entry = (await log(ella)).find((e) => e.callId === 'devices.add');
    expect(entry).toMatchObject({ userName: 'Pat Provisioner', loginAccount: PAT, resultCode: 0 });
  });

  it('sees only the device and provisioning menus, and every other call is refused', async () => {
    const menus = await pat.run(getVisitMenusCall, {});
    const codes = new Set(
      menus.data!.flatMap((app) =>
        app.mfs.flatMap((g) => g.children.flatMap((m) => m.funList.map((f) => f.funCode))),
      ),
    );
    expect(codes).toContain('devices.create');
    for (const denied of ['users.view', 'roles.view', 'licenses.view', 'billing.view', 'checkout.view'])
      expect(codes).not.toContain(denied);
    expect((await pat.run(getLicenceBalancesCall, {})).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await pat.run(userListCall, { pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.NOT_ADMINISTRATOR,
    );
    expect((await pat.run(roleListCall, { pageNum: 1, pageSize: 10 })).code).not.toBe(0);
    const order = await pat.run(placeOrderCall, {
      product: 'ESSENTIAL',
      quantity: 12,
      idempotencyKey: operationKey(),
    });
    expect(order.code).toBe(ErrorCode.NO_PERMISSION);
    // Administrators' calls answer 6 before the permission is even looked at.
    expect((await pat.run(updateCompanyAccountCall, { country: 'Nowhere' })).code).toBe(
      ErrorCode.NOT_ADMINISTRATOR,
    );
  });

  it('never reaches a sibling customer of the same distributor', async () => {
    expect((await pat.run(switchCompanyCall, { companyId: sam.companyId })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    const list = await pat.run(listDevicesCall, { pageNum: 1, pageSize: 10 });
    expect(list.data?.list.map((d) => d.sn)).not.toContain('20261203000099');
  });

  it('loses the customer’s company with the very next call once removed', async () => {
    const removed = await ella.run(deleteUserCall, { userId: pat.userId });
    expect(removed.code).toBe(0);
    const after = await pat.run(addDeviceCall, { sn: '20261203000002', mac: '00:11:22:33:44:55' });
    expect(after.code).not.toBe(0);
    const left = await t.deps.db
      .selectFrom('device')
      .select('sn')
      .where('sn', '=', '20261203000002')
      .executeTakeFirst();
    expect(left).toBeUndefined();
  });
});
