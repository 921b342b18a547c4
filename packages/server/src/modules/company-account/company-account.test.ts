import { COMPANY_TYPE, type CompanyAccount, ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { insertRelation } from './company-account.store.ts';

let t: TestApp;
let owner: SignedIn;
let companyId: number;
let otherId: number;
let roles: Awaited<ReturnType<typeof defaultRoles>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ companyId } = await registerCompany(t, {
    companyName: 'Anchor Freight',
    account: 'ana@anchor.example',
  }));
  ({ companyId: otherId } = await registerCompany(t, {
    companyName: 'Buoy Systems',
    account: 'ben@buoy.example',
  }));
  roles = await defaultRoles(t, companyId);
  owner = await signIn(t, 'ana@anchor.example');
});
afterAll(async () => {
  await t.close();
});

const account = (who: SignedIn) => who.call<CompanyAccount>('GET', '/pl/company/getCompanyAccount');
const update = (who: SignedIn, body: Record<string, unknown>) =>
  who.call('POST', '/pl/company/updateCompanyAccount', body);

describe('company account', () => {
  it('shows name, type, country, ID and the number of members', async () => {
    const res = await account(owner);
    expect(res.body.data).toMatchObject({
      companyId,
      name: 'Anchor Freight',
      type: COMPANY_TYPE.endCustomer,
      country: null,
      memberCount: 1,
      hasRelations: false,
    });
  });

  it('renames the company and sets its country; names are unique (10) and not only symbols (1)', async () => {
    expect((await update(owner, { name: 'Anchor Freight Co', country: 'Norway' })).body.code).toBe(0);
    expect((await account(owner)).body.data).toMatchObject({ name: 'Anchor Freight Co', country: 'Norway' });
    const info = await owner.call<{ companyName: string }>('GET', '/pl/sso/queryUserInfo');
    expect(info.body.data?.companyName).toBe('Anchor Freight Co');
    expect((await update(owner, { name: 'buoy systems' })).body.code).toBe(ErrorCode.COMPANY_EXISTS);
    const symbols = await update(owner, { name: '!!!***' });
    expect(symbols.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(symbols.body.msg).toContain('special symbols');
    expect((await update(owner, { name: 'x'.repeat(51) })).body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect((await update(owner, { type: 7 })).body.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it('changes the type only while no upstream or downstream relation exists (15002)', async () => {
    expect((await update(owner, { type: COMPANY_TYPE.distributor })).body.code).toBe(0);
    expect((await account(owner)).body.data?.type).toBe(COMPANY_TYPE.distributor);
    await insertRelation(t.deps.db, companyId, otherId);
    expect((await account(owner)).body.data?.hasRelations).toBe(true);
    expect((await update(owner, { type: COMPANY_TYPE.reseller })).body.code).toBe(
      ErrorCode.COMPANY_TYPE_LOCKED,
    );
    // The downstream side is locked too.
    const ben = await signIn(t, 'ben@buoy.example');
    expect((await update(ben, { type: COMPANY_TYPE.reseller })).body.code).toBe(
      ErrorCode.COMPANY_TYPE_LOCKED,
    );
    // Renaming is still allowed.
    expect(
      (await update(owner, { name: 'Anchor Freight Co', type: COMPANY_TYPE.distributor })).body.code,
    ).toBe(0);
  });

  it('lists the people who belong to it', async () => {
    await addUser(owner, { account: 'zed@anchor.example', userName: 'Zed', roleId: roles.operator });
    const res = await owner.call<{ list: { userName: string; roleName: string }[] }>(
      'POST',
      '/pl/company/getCompanyMembers',
      {},
    );
    expect(res.body.total).toBe(2);
    expect(res.body.data?.list.map((m) => [m.userName, m.roleName])).toEqual([
      ['Test Owner', 'Owner'],
      ['Zed', 'Operator'],
    ]);
  });

  it('answers 6 when a read-only user edits the company', async () => {
    await addUser(owner, { account: 'ro@anchor.example', userName: 'Reader', roleId: roles.readOnly });
    const reader = await signIn(t, 'ro@anchor.example');
    expect((await account(reader)).body.code).toBe(0);
    expect((await update(reader, { country: 'Chile' })).body.code).toBe(ErrorCode.NOT_ADMINISTRATOR);
  });
});

describe('membership', () => {
  it("sets a person's default company, which sign-in then lands in", async () => {
    // Ben joins Anchor; his default stays Buoy until he chooses Anchor.
    await addUser(owner, { account: 'cy@anchor.example', userName: 'Cy', roleId: roles.operator });
    await t.deps.db
      .insertInto('company_user')
      .values({
        company_id: otherId,
        user_id: (
          await t.deps.db
            .selectFrom('app_user')
            .select('id')
            .where('login_account', '=', 'cy@anchor.example')
            .executeTakeFirstOrThrow()
        ).id,
        role_id: (await defaultRoles(t, otherId)).operator,
      })
      .execute();
    let cy = await signIn(t, 'cy@anchor.example');
    expect((await cy.call('POST', '/pl/company/setDefaultCompany', { companyId: otherId })).body.code).toBe(
      0,
    );
    cy = await signIn(t, 'cy@anchor.example');
    const info = await cy.call<{ companyName: string }>('GET', '/pl/sso/queryUserInfo');
    expect(info.body.data?.companyName).toBe('Buoy Systems');
    expect((await cy.call('POST', '/pl/company/setDefaultCompany', { companyId: 999999 })).body.code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });

  it('lets a member leave (the session ends), but not the default user (14025)', async () => {
    expect((await owner.call('POST', '/pl/company/leaveCompany', {})).body.code).toBe(
      ErrorCode.DEFAULT_USER_FIXED,
    );
    const zed = await signIn(t, 'zed@anchor.example');
    expect((await zed.call('POST', '/pl/company/leaveCompany', {})).body.code).toBe(0);
    expect((await zed.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(ErrorCode.SESSION_EXPIRED);
    const members = await owner.call<{ list: { userName: string }[] }>(
      'POST',
      '/pl/company/getCompanyMembers',
      {},
    );
    expect(members.body.data?.list.map((m) => m.userName)).not.toContain('Zed');
  });
});
