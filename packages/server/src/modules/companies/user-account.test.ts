// A person's own accounts (operation/userAccount): the limits of core §6 and leaving a company.
import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let owner: SignedIn;
const ids: Record<string, number> = {};

type Limits = { joined: number; max: number; oneCompanyPerAccount: boolean; joinRefusedWith: number | null };
type Item = { companyId: number; companyName: string; defaultAccount: boolean };

beforeAll(async () => {
  t = await createTestApp();
  ids.Pier = (
    await registerCompany(t, { companyName: 'Pier Logistics', account: 'olu@pier.example' })
  ).companyId;
  ids.Outside = (
    await registerCompany(t, { companyName: 'Outside Ltd', account: 'ove@outside.example' })
  ).companyId;
  owner = await signIn(t, 'olu@pier.example');
  const roles = await defaultRoles(t, ids.Pier);
  // Pia joins Pier as a user, then registers her own company with the same account.
  await addUser(owner, { account: 'pia@crew.example', userName: 'Pia', roleId: roles.operator });
  ids.Own = (
    await registerCompany(t, { companyName: 'Pia Own Works', account: 'pia@crew.example', userName: 'Pia' })
  ).companyId;
  await addUser(owner, { account: 'quinn@crew.example', userName: 'Quinn', roleId: roles.operator });
});
afterAll(async () => {
  await t.close();
});

const limits = (who: SignedIn) => who.call<Limits>('POST', '/pl/group/getMyCompanyLimits', {});
const leave = (who: SignedIn, companyId: number) =>
  who.call<{ signedOut: boolean }>('POST', '/pl/group/leaveCompany', { companyId });
const companies = async (who: SignedIn) =>
  (await who.call<{ list: Item[] }>('POST', '/pl/group/getCompanyListByUserIdAndCompanyName', {})).body.data
    ?.list ?? [];

describe('my company limits', () => {
  it('counts the companies a person belongs to against 100, and names the code that would refuse one more', async () => {
    const pia = await signIn(t, 'pia@crew.example');
    const res = await limits(pia);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({
      joined: 2,
      max: 100,
      oneCompanyPerAccount: false,
      joinRefusedWith: null,
    });

    await t.deps.db
      .insertInto('app_setting')
      .values({ key: 'oneCompanyPerAccount', value: 'true' })
      .execute();
    expect((await limits(pia)).body.data).toMatchObject({
      oneCompanyPerAccount: true,
      joinRefusedWith: ErrorCode.ONE_COMPANY_PER_ACCOUNT,
    });
    await t.deps.db.deleteFrom('app_setting').where('key', '=', 'oneCompanyPerAccount').execute();
  });

  it('says 14049 once a person belongs to 100 companies', async () => {
    const { userId } = await t.deps.db
      .selectFrom('app_user')
      .select('id as userId')
      .where('login_account', '=', 'ove@outside.example')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 99; i++) {
      const company = await t.deps.db
        .insertInto('company')
        .values({ name: `Filler ${i}`, type: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await t.deps.db
        .insertInto('role')
        .values({ company_id: company.id, name: 'Read only', role_type: 0, fun_codes: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.deps.db
        .insertInto('company_user')
        .values({ company_id: company.id, user_id: userId, role_id: role.id })
        .execute();
    }
    const ove = await signIn(t, 'ove@outside.example');
    expect((await limits(ove)).body.data).toMatchObject({
      joined: 100,
      joinRefusedWith: ErrorCode.COMPANY_LIMIT,
    });
  });
});

describe('leaving one of my companies', () => {
  it("refuses the company's default user (14025) and a company the person does not belong to (5)", async () => {
    const pia = await signIn(t, 'pia@crew.example');
    const own = await leave(pia, ids.Own!);
    expect(own.body.code).toBe(ErrorCode.DEFAULT_USER_FIXED);
    expect(own.body.msg).toBeTruthy();
    expect((await leave(pia, ids.Outside!)).body.code).toBe(ErrorCode.NO_PERMISSION);
    expect((await companies(pia)).map((c) => c.companyName).sort()).toEqual([
      'Pia Own Works',
      'Pier Logistics',
    ]);
  });

  it('leaves another company and keeps the session; the remaining company becomes the default', async () => {
    const pia = await signIn(t, 'pia@crew.example');
    expect((await pia.call('POST', '/pl/sso/switchCompany', { companyId: ids.Own })).body.code).toBe(0);
    const res = await leave(pia, ids.Pier!);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({ signedOut: false });
    expect((await pia.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
    expect(await companies(pia)).toEqual([
      expect.objectContaining({ companyName: 'Pia Own Works', defaultAccount: true }),
    ]);
  });

  it("ends the session when the person leaves the session's own company", async () => {
    const quinn = await signIn(t, 'quinn@crew.example');
    const res = await leave(quinn, ids.Pier!);
    expect(res.body.data).toEqual({ signedOut: true });
    expect((await quinn.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(ErrorCode.SESSION_EXPIRED);
  });

  it('names the field of a bad company id (code 1)', async () => {
    const res = await leave(owner, -3);
    expect(res.body.code).toBe(1);
    expect(JSON.stringify(res.body)).toContain('companyId');
  });
});
