import {
  activityLogListCall,
  createGroupCall,
  deleteUserCall,
  ErrorCode,
  errorMessage,
  setGroupAdminCall,
  setUserStatusCall,
  updateUserCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';

let t: TestApp;
let owner: Owner;
let other: Owner;
let groupId: number;
let otherGroupId: number;
let moId: number;
let readerAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await companyOwner(t, 'Quay Pumps', 'owner@quay-admins.test');
  other = await companyOwner(t, 'Far Pumps', 'owner@far-admins.test');
  const roles = await defaultRoles(t, owner.companyId);
  moId = await addUser(owner, { account: 'mo@quay-admins.test', userName: 'Mo', roleId: roles.operator });
  readerAccount = 'rae@quay-admins.test';
  await addUser(owner, { account: readerAccount, userName: 'Rae', roleId: roles.readOnly });
  groupId = (await owner.run(createGroupCall, { groupName: 'Harbour' })).data!.groupId;
  otherGroupId = (await other.run(createGroupCall, { groupName: 'Far' })).data!.groupId;
});
afterAll(async () => {
  await t.close();
});

const alterations = () => [
  owner.run(updateUserCall, { userId: moId, userName: 'Maurice' }),
  owner.run(setUserStatusCall, { userId: moId, status: 0 }),
  owner.run(deleteUserCall, { userId: moId }),
];

describe('group administrators', () => {
  it('names a user administrator of a group, who then cannot be edited, disabled or deleted (14025)', async () => {
    const set = await owner.run(setGroupAdminCall, { groupId, userId: moId, admin: true });
    expect(set.code).toBe(0);
    expect(set.data).toEqual({ userIds: [moId] });
    // Setting twice keeps one row.
    expect((await owner.run(setGroupAdminCall, { groupId, userId: moId, admin: true })).data).toEqual({
      userIds: [moId],
    });

    for (const res of await Promise.all(alterations())) {
      expect(res.code).toBe(ErrorCode.DEFAULT_USER_FIXED);
      expect(res.msg).toBe(errorMessage(ErrorCode.DEFAULT_USER_FIXED, 'en'));
    }
    const cn = await owner.run(deleteUserCall, { userId: moId }, 'cn');
    expect(cn.msg).toBe(errorMessage(ErrorCode.DEFAULT_USER_FIXED, 'cn'));
    // Mo is still there, unchanged and enabled.
    const mo = await signIn(t, 'mo@quay-admins.test');
    const info = await mo.call<{ userName: string }>('GET', '/pl/sso/queryUserInfo');
    expect(info.body.data?.userName).toBe('Mo');
  });

  it('can be altered again once no longer an administrator', async () => {
    const unset = await owner.run(setGroupAdminCall, { groupId, userId: moId, admin: false });
    expect(unset.data).toEqual({ userIds: [] });
    // The activity log names the person and the group.
    const log = await owner.run(activityLogListCall, { callId: setGroupAdminCall.id });
    expect(log.data?.list.map((r) => r.object)).toEqual(
      Array(3).fill('user=Mo (mo@quay-admins.test), group=Harbour'),
    );
    expect((await owner.run(updateUserCall, { userId: moId, userName: 'Maurice' })).code).toBe(0);
    expect((await owner.run(setUserStatusCall, { userId: moId, status: 0 })).code).toBe(0);
  });

  it("refuses another company's group (1) or person (700004), and roles without groups.edit (5)", async () => {
    expect(
      (await owner.run(setGroupAdminCall, { groupId: otherGroupId, userId: moId, admin: true })).code,
    ).toBe(ErrorCode.PARAMETER_ERROR);
    expect((await owner.run(setGroupAdminCall, { groupId, userId: other.userId, admin: true })).code).toBe(
      ErrorCode.USER_NOT_FOUND,
    );
    const reader = asOwner(await signIn(t, readerAccount), {
      companyId: owner.companyId,
      userId: 0,
      account: readerAccount,
    });
    expect((await reader.run(setGroupAdminCall, { groupId, userId: moId, admin: true })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});
