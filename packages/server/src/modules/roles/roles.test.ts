import {
  defaultFunCodes,
  ErrorCode,
  ROLE_TYPE,
  type RoleDetail,
  type RoleRow,
  type VisitApp,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let owner: SignedIn;
let admin: SignedIn;
let roles: Awaited<ReturnType<typeof defaultRoles>>;

beforeAll(async () => {
  t = await createTestApp();
  const { companyId } = await registerCompany(t, { companyName: 'Keel Marine', account: 'kai@keel.example' });
  roles = await defaultRoles(t, companyId);
  owner = await signIn(t, 'kai@keel.example');
  await addUser(owner, { account: 'ada@keel.example', userName: 'Ada', roleId: roles.administrator });
  admin = await signIn(t, 'ada@keel.example');
});
afterAll(async () => {
  await t.close();
});

const SUBSET = ['dashboard.view', 'devices.view', 'devices.edit'];
const create = (who: SignedIn, body: Record<string, unknown>) =>
  who.call<{ roleId: number }>('POST', '/pl/role/addRole', body);

describe('roles', () => {
  it('lists the default role of every type, highest first, with how many users hold each', async () => {
    const res = await admin.call<{ list: RoleRow[]; total: number }>('POST', '/pl/role/getRoleList', {
      pageSize: 50,
    });
    expect(res.body.code).toBe(0);
    expect(res.body.total).toBe(Object.keys(ROLE_TYPE).length);
    const rows = res.body.data?.list ?? [];
    expect(rows.map((r) => r.roleType)).toEqual(Object.values(ROLE_TYPE).sort((a, b) => b - a));
    expect(rows.every((r) => r.isDefault)).toBe(true);
    expect(rows.find((r) => r.roleType === ROLE_TYPE.owner)?.userCount).toBe(1);
    expect(rows.find((r) => r.roleType === ROLE_TYPE.administrator)).toMatchObject({
      roleName: 'Administrator',
      userCount: 1,
    });
  });

  it('makes custom roles only from Operator and Read-only (700003), with unique names (700001)', async () => {
    const made = await create(admin, {
      roleName: 'Field crew',
      roleType: ROLE_TYPE.operator,
      funCodes: SUBSET,
    });
    expect(made.body.code).toBe(0);
    const detail = await admin.call<RoleDetail>('POST', '/pl/role/getRoleById', {
      roleId: made.body.data?.roleId,
    });
    expect(detail.body.data).toMatchObject({
      roleName: 'Field crew',
      roleType: 1,
      isDefault: false,
      funCodes: SUBSET,
    });
    expect(detail.body.data?.grantable).toEqual(defaultFunCodes(ROLE_TYPE.operator));
    for (const roleType of [
      ROLE_TYPE.administrator,
      ROLE_TYPE.owner,
      ROLE_TYPE.installer,
      ROLE_TYPE.provisioner,
    ]) {
      expect(
        (await create(admin, { roleName: `Custom ${roleType}`, roleType, funCodes: [] })).body.code,
      ).toBe(ErrorCode.CUSTOM_ROLE_TYPE);
    }
    expect((await create(admin, { roleName: 'FIELD CREW', roleType: 0, funCodes: [] })).body.code).toBe(
      ErrorCode.ROLE_NAME_EXISTS,
    );
    expect(
      (await create(admin, { roleName: 'Viewer', roleType: 0, funCodes: ['nothing.view'] })).body.code,
    ).toBe(ErrorCode.PARAMETER_ERROR);
    // A read-only role cannot hold more than its type allows.
    expect(
      (await create(admin, { roleName: 'Viewer', roleType: 0, funCodes: ['devices.edit'] })).body.code,
    ).toBe(ErrorCode.NO_PERMISSION);
  });

  it("uses a role's stored privileges for the session: narrower menus, forbidden calls answer 5", async () => {
    const { roleId } = (
      await create(admin, { roleName: 'Watchers', roleType: ROLE_TYPE.readOnly, funCodes: ['devices.view'] })
    ).body.data!;
    await addUser(admin, { account: 'wes@keel.example', userName: 'Wes', roleId });
    const wes = await signIn(t, 'wes@keel.example');
    const menus = await wes.call<VisitApp[]>('POST', '/pl/user/getVisitMenus', { pageSize: 999 });
    const visible = (menus.body.data ?? []).flatMap((a) =>
      a.mfs.flatMap((g) => g.children.map((m) => m.menuCode)),
    );
    expect(visible).toEqual(['robustlink.allDevices']);
    expect((await wes.call('GET', '/pl/company/getCompanyAccount')).body.code).toBe(ErrorCode.NO_PERMISSION);

    // Widening the role takes effect on the next call.
    const widened = await admin.call('POST', '/pl/role/updateRole', {
      roleId,
      funCodes: ['devices.view', 'companyAccount.view'],
    });
    expect(widened.body.code).toBe(0);
    expect((await wes.call('GET', '/pl/company/getCompanyAccount')).body.code).toBe(0);
  });

  it("protects default roles (14023), one's own and equal roles (14026) and higher roles (14027)", async () => {
    const edit = (who: SignedIn, roleId: number, body: Record<string, unknown> = { funCodes: [] }) =>
      who.call('POST', '/pl/role/updateRole', { roleId, ...body });
    expect((await edit(admin, roles.owner)).body.code).toBe(ErrorCode.HIGHER_ROLE_PROTECTED);
    expect((await edit(admin, roles.administrator)).body.code).toBe(ErrorCode.OWN_ROLE_PERMISSIONS);
    expect((await edit(owner, roles.owner)).body.code).toBe(ErrorCode.OWN_ROLE_PERMISSIONS);
    expect((await edit(owner, roles.administrator)).body.code).toBe(ErrorCode.DEFAULT_ROLE_FIXED);
    expect((await edit(admin, roles.operator, { roleName: 'Renamed' })).body.code).toBe(
      ErrorCode.DEFAULT_ROLE_FIXED,
    );
    expect((await admin.call('POST', '/pl/role/deleteRole', { roleId: roles.owner })).body.code).toBe(
      ErrorCode.HIGHER_ROLE_PROTECTED,
    );
    expect((await admin.call('POST', '/pl/role/deleteRole', { roleId: roles.readOnly })).body.code).toBe(
      ErrorCode.DEFAULT_ROLE_FIXED,
    );
  });

  it('deletes a custom role only without users (14024)', async () => {
    const busy = (await create(admin, { roleName: 'Busy', roleType: 0, funCodes: [] })).body.data!.roleId;
    const userId = await addUser(admin, { account: 'bea@keel.example', userName: 'Bea', roleId: busy });
    expect((await admin.call('POST', '/pl/role/deleteRole', { roleId: busy })).body.code).toBe(
      ErrorCode.ROLE_HAS_USERS,
    );
    expect((await admin.call('POST', '/pl/user/deleteUser', { userId })).body.code).toBe(0);
    expect((await admin.call('POST', '/pl/role/deleteRole', { roleId: busy })).body.code).toBe(0);
    expect((await admin.call('POST', '/pl/role/getRoleById', { roleId: busy })).body.code).toBe(
      ErrorCode.ROLE_NOT_FOUND,
    );
  });

  it('answers 6 to non-administrators and 5 to operators, who hold no role functions', async () => {
    await addUser(owner, { account: 'rae@keel.example', userName: 'Rae', roleId: roles.readOnly });
    await addUser(owner, { account: 'oz@keel.example', userName: 'Oz', roleId: roles.operator });
    const rae = await signIn(t, 'rae@keel.example');
    const oz = await signIn(t, 'oz@keel.example');
    expect((await rae.call('POST', '/pl/role/getRoleList', {})).body.code).toBe(ErrorCode.NOT_ADMINISTRATOR);
    expect((await oz.call('POST', '/pl/role/getRoleList', {})).body.code).toBe(ErrorCode.NO_PERMISSION);
  });
});
