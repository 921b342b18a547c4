import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let owner: SignedIn;
let reader: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const { companyId } = await registerCompany(t, {
    companyName: 'Column Co',
    account: 'cole@column.example',
  });
  owner = await signIn(t, 'cole@column.example');
  const roles = await defaultRoles(t, companyId);
  await addUser(owner, { account: 'rhea@column.example', userName: 'Rhea', roleId: roles.readOnly });
  reader = await signIn(t, 'rhea@column.example');
});
afterAll(async () => {
  await t.close();
});

const get = (who: SignedIn, pageName: string) =>
  who.call<{ pageName: string; columns: string[] | null }>('POST', '/pl/page/getPageColumnByName', {
    pageName,
  });

describe('page column preferences', () => {
  it('answers null until a user chooses, then the columns in order, per user', async () => {
    expect((await get(owner, 'userManager/user')).body.data).toEqual({
      pageName: 'userManager/user',
      columns: null,
    });
    const saved = await owner.call('POST', '/pl/page/updatePageColumns', {
      pageName: 'userManager/user',
      columns: ['userName', 'roleName', 'status'],
    });
    expect(saved.body.code).toBe(0);
    expect((await get(owner, 'userManager/user')).body.data?.columns).toEqual([
      'userName',
      'roleName',
      'status',
    ]);
    await owner.call('POST', '/pl/page/updatePageColumns', {
      pageName: 'userManager/user',
      columns: ['status'],
    });
    expect((await get(owner, 'userManager/user')).body.data?.columns).toEqual(['status']);
    // Another user of the same company keeps their own (none yet), and every role may keep one.
    expect((await get(reader, 'userManager/user')).body.data?.columns).toBeNull();
    expect(
      (
        await reader.call('POST', '/pl/page/updatePageColumns', {
          pageName: 'userManager/user',
          columns: ['a'],
        })
      ).body.code,
    ).toBe(0);
    expect((await get(owner, 'userManager/user')).body.data?.columns).toEqual(['status']);
  });

  it('refuses a missing page name (1)', async () => {
    const res = await owner.call('POST', '/pl/page/updatePageColumns', { columns: [] });
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toContain('pageName');
  });
});
