import { ErrorCode, type UserRow } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let owner: SignedIn;
let companyId: number;
let ownerId: number;
let roles: Awaited<ReturnType<typeof defaultRoles>>;

beforeAll(async () => {
  t = await createTestApp();
  ({ companyId, userId: ownerId } = await registerCompany(t, {
    companyName: 'Harbour Works',
    account: 'olga@harbour.example',
    userName: 'Olga',
  }));
  roles = await defaultRoles(t, companyId);
  owner = await signIn(t, 'olga@harbour.example');
});
afterAll(async () => {
  await t.close();
});

type UserPage = { list: UserRow[]; total: number };
const list = (who: SignedIn, body: Record<string, unknown> = {}) =>
  who.call<UserPage>('POST', '/pl/user/getUserList', body);

describe('creating and listing users', () => {
  it('creates a user with an initial password who must replace it, and lists them newest first', async () => {
    const userId = await addUser(owner, {
      account: 'Ahmed@Harbour.example',
      userName: 'Ahmed',
      roleId: roles.operator,
    });
    const ahmed = await signIn(t, 'ahmed@harbour.example');
    const info = await ahmed.call<{ initialPwd: number; roleType: number }>('GET', '/pl/sso/queryUserInfo');
    expect(info.body.data).toMatchObject({ initialPwd: 1, roleType: 1 });
    const res = await list(owner);
    expect(res.body.code).toBe(0);
    expect(res.body.total).toBe(2);
    expect(res.body.data?.list[0]).toMatchObject({
      userId,
      userName: 'Ahmed',
      loginAccount: 'ahmed@harbour.example',
      roleName: 'Operator',
      status: 1,
      isDelete: 1,
    });
    expect(res.body.data?.list[1]).toMatchObject({ userId: ownerId, isDelete: 0, roleType: 2 });
  });

  it('searches by name or account and pages', async () => {
    for (const n of [1, 2, 3])
      await addUser(owner, {
        account: `crew${n}@harbour.example`,
        userName: `Crew ${n}`,
        roleId: roles.readOnly,
      });
    const found = await list(owner, { keyword: 'CREW' });
    expect(found.body.total).toBe(3);
    const page = await list(owner, { keyword: 'crew', pageNum: 2, pageSize: 2 });
    expect(page.body.data?.list.map((u) => u.userName)).toEqual(['Crew 1']);
    expect(page.body).toMatchObject({ pageNum: 2, pageSize: 2, total: 3 });
    const byRole = await list(owner, { roleId: roles.operator });
    expect(byRole.body.data?.list.map((u) => u.userName)).toEqual(['Ahmed']);
  });

  it('refuses an account that exists (9) or is already a member (700005), and an unknown role (700002)', async () => {
    const member = await owner.call('POST', '/pl/user/addUser', {
      account: 'ahmed@harbour.example',
      userName: 'Again',
      roleId: roles.operator,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(member.body.code).toBe(ErrorCode.USER_ALREADY_MEMBER);
    await registerCompany(t, { companyName: 'Elsewhere Ltd', account: 'eli@elsewhere.example' });
    const elsewhere = await owner.call('POST', '/pl/user/addUser', {
      account: 'eli@elsewhere.example',
      userName: 'Eli',
      roleId: roles.operator,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(elsewhere.body.code).toBe(ErrorCode.ACCOUNT_EXISTS);
    const noRole = await owner.call('POST', '/pl/user/addUser', {
      account: 'nobody@harbour.example',
      userName: 'Nobody',
      roleId: 999999,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(noRole.body.code).toBe(ErrorCode.ROLE_NOT_FOUND);
  });

  it('applies the password rule to the initial password (code 1 naming the field)', async () => {
    const res = await owner.call('POST', '/pl/user/addUser', {
      account: 'weak@harbour.example',
      userName: 'Weak',
      roleId: roles.operator,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toContain('password');
  });
});

describe('editing, disabling and deleting', () => {
  let admin: SignedIn;
  let adminId: number;
  let targetId: number;
  beforeAll(async () => {
    adminId = await addUser(owner, {
      account: 'ada@harbour.example',
      userName: 'Ada',
      roleId: roles.administrator,
    });
    targetId = await addUser(owner, {
      account: 'tom@harbour.example',
      userName: 'Tom',
      roleId: roles.readOnly,
    });
    admin = await signIn(t, 'ada@harbour.example');
  });

  it("changes a user's name, role and password expiry", async () => {
    const now = t.clock.now().getTime();
    const res = await admin.call('POST', '/pl/user/updateUser', {
      userId: targetId,
      userName: 'Thomas',
      roleId: roles.operator,
      passwordExpiryDays: 30,
    });
    expect(res.body.code).toBe(0);
    const row = (await list(admin, { keyword: 'thomas' })).body.data?.list[0];
    expect(row).toMatchObject({ userName: 'Thomas', roleType: 1, passwordExpiryDays: 30 });
    expect(Math.abs((row?.passwordExpiresAt ?? 0) - (now + 30 * 86_400_000))).toBeLessThan(60_000);
  });

  it('makes a password expire per user: 14052 at sign-in once the days have passed', async () => {
    t.clock.advance(31 * 86_400_000);
    const res = await t.call('POST', '/pl/sso/login', {
      account: 'tom@harbour.example',
      password: TEST_PASSWORD,
    });
    expect(res.body.code).toBe(ErrorCode.PASSWORD_EXPIRED);
    // Sessions end after 4 hours: the administrators sign in again after the month has passed.
    admin = await signIn(t, 'ada@harbour.example');
    owner = await signIn(t, 'olga@harbour.example');
    const cleared = await admin.call('POST', '/pl/user/updateUser', {
      userId: targetId,
      passwordExpiryDays: null,
    });
    expect(cleared.body.code).toBe(0);
    await signIn(t, 'tom@harbour.example');
  });

  it('refuses to alter the default user (14025) or a higher role (14027), or to hand out a higher role', async () => {
    const fixed = await admin.call('POST', '/pl/user/updateUser', { userId: ownerId, userName: 'Renamed' });
    expect(fixed.body.code).toBe(ErrorCode.DEFAULT_USER_FIXED);
    expect(
      (await admin.call('POST', '/pl/user/updateUserStatus', { userId: ownerId, status: 0 })).body.code,
    ).toBe(ErrorCode.DEFAULT_USER_FIXED);
    expect((await admin.call('POST', '/pl/user/deleteUser', { userId: ownerId })).body.code).toBe(
      ErrorCode.DEFAULT_USER_FIXED,
    );
    const secondOwner = await addUser(owner, {
      account: 'otto@harbour.example',
      userName: 'Otto',
      roleId: roles.owner,
    });
    expect(
      (await admin.call('POST', '/pl/user/updateUser', { userId: secondOwner, userName: 'Otto Two' })).body
        .code,
    ).toBe(ErrorCode.HIGHER_ROLE_PROTECTED);
    expect(
      (await admin.call('POST', '/pl/user/updateUser', { userId: targetId, roleId: roles.owner })).body.code,
    ).toBe(ErrorCode.HIGHER_ROLE_PROTECTED);
    expect(
      (
        await admin.call('POST', '/pl/user/addUser', {
          account: 'boss@harbour.example',
          userName: 'Boss',
          roleId: roles.owner,
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
        })
      ).body.code,
    ).toBe(ErrorCode.HIGHER_ROLE_PROTECTED);
  });

  it('does not let users disable (14028) or delete (14029) themselves, or change their own role (14026)', async () => {
    expect(
      (await admin.call('POST', '/pl/user/updateUserStatus', { userId: adminId, status: 0 })).body.code,
    ).toBe(ErrorCode.CANNOT_DISABLE_SELF);
    expect((await admin.call('POST', '/pl/user/deleteUser', { userId: adminId })).body.code).toBe(
      ErrorCode.CANNOT_DELETE_SELF,
    );
    expect(
      (await admin.call('POST', '/pl/user/updateUser', { userId: adminId, roleId: roles.owner })).body.code,
    ).toBe(ErrorCode.OWN_ROLE_PERMISSIONS);
  });

  it('disables a user (their calls answer 14020) and enables them again', async () => {
    const tom = await signIn(t, 'tom@harbour.example');
    expect(
      (await admin.call('POST', '/pl/user/updateUserStatus', { userId: targetId, status: 0 })).body.code,
    ).toBe(0);
    expect((await tom.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(ErrorCode.USER_DISABLED);
    expect(
      (await t.call('POST', '/pl/sso/login', { account: 'tom@harbour.example', password: TEST_PASSWORD }))
        .body.code,
    ).toBe(ErrorCode.USER_DISABLED);
    expect((await list(admin, { status: 0 })).body.data?.list.map((u) => u.userId)).toEqual([targetId]);
    expect(
      (await admin.call('POST', '/pl/user/updateUserStatus', { userId: targetId, status: 1 })).body.code,
    ).toBe(0);
    expect((await tom.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
  });

  it('deletes a user: they leave the list, and a person with no company left is gone', async () => {
    expect((await admin.call('POST', '/pl/user/deleteUser', { userId: targetId })).body.code).toBe(0);
    expect((await list(admin, { keyword: 'thomas' })).body.total).toBe(0);
    const person = await t.deps.db
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', targetId)
      .executeTakeFirst();
    expect(person).toBeUndefined();
    expect((await admin.call('POST', '/pl/user/deleteUser', { userId: targetId })).body.code).toBe(
      ErrorCode.USER_NOT_FOUND,
    );
  });

  it('answers 6 to a read-only user and 5 to an operator, who hold no user functions', async () => {
    await addUser(owner, { account: 'rita@harbour.example', userName: 'Rita', roleId: roles.readOnly });
    const rita = await signIn(t, 'rita@harbour.example');
    expect((await list(rita)).body.code).toBe(ErrorCode.NOT_ADMINISTRATOR);
    const ahmed = await signIn(t, 'ahmed@harbour.example');
    expect((await list(ahmed)).body.code).toBe(ErrorCode.NO_PERMISSION);
  });
});
