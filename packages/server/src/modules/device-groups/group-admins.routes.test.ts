import {
  createGroupCall,
  ErrorCode,
  getGroupAdminsCall,
  searchGroupAdminCandidatesCall,
  setGroupAdminCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';

/** What the console's "Administrators" control reads: a group's administrators and the candidates. */

let t: TestApp;
let owner: Owner;
let other: Owner;
let reader: Owner;
let groupId: number;
let otherGroupId: number;
let moId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await companyOwner(t, 'Dock Pumps', 'owner@dock-admins.test');
  other = await companyOwner(t, 'Distant Pumps', 'owner@distant-admins.test');
  const roles = await defaultRoles(t, owner.companyId);
  moId = await addUser(owner, {
    account: 'mo@dock-admins.test',
    userName: 'Mo Harbour',
    roleId: roles.operator,
  });
  await addUser(owner, { account: 'rae@dock-admins.test', userName: 'Rae', roleId: roles.readOnly });
  const otherRoles = await defaultRoles(t, other.companyId);
  await addUser(other, {
    account: 'mona@distant-admins.test',
    userName: 'Mona',
    roleId: otherRoles.operator,
  });
  reader = asOwner(await signIn(t, 'rae@dock-admins.test'), {
    companyId: owner.companyId,
    userId: 0,
    account: 'rae@dock-admins.test',
  });
  groupId = (await owner.run(createGroupCall, { groupName: 'Quay' })).data!.groupId;
  otherGroupId = (await other.run(createGroupCall, { groupName: 'Far' })).data!.groupId;
});
afterAll(async () => {
  await t.close();
});

describe('choosing group administrators', () => {
  it("finds the company's people by name or account, never another company's", async () => {
    const byName = await owner.run(searchGroupAdminCandidatesCall, { keyword: 'mo' });
    expect(byName.code).toBe(0);
    expect(byName.data).toEqual([
      { userId: moId, userName: 'Mo Harbour', loginAccount: 'mo@dock-admins.test' },
    ]);
    const all = (await owner.run(searchGroupAdminCandidatesCall, {})).data ?? [];
    expect(all.map((p) => p.loginAccount).sort()).toEqual([
      'mo@dock-admins.test',
      'owner@dock-admins.test',
      'rae@dock-admins.test',
    ]);
  });

  it('lists the administrators of a group with their names', async () => {
    expect((await owner.run(getGroupAdminsCall, { groupId })).data).toEqual([]);
    await owner.run(setGroupAdminCall, { groupId, userId: moId, admin: true });
    expect((await owner.run(getGroupAdminsCall, { groupId })).data).toEqual([
      { userId: moId, userName: 'Mo Harbour', loginAccount: 'mo@dock-admins.test' },
    ]);
    // A read-only user sees who administers the group but cannot search people to choose one (5).
    expect((await reader.run(getGroupAdminsCall, { groupId })).data?.map((a) => a.userId)).toEqual([moId]);
    expect((await reader.run(searchGroupAdminCandidatesCall, { keyword: 'mo' })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    await owner.run(setGroupAdminCall, { groupId, userId: moId, admin: false });
  });

  it("refuses another company's group and unknown fields", async () => {
    expect((await owner.run(getGroupAdminsCall, { groupId: otherGroupId })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    expect((await owner.run(searchGroupAdminCandidatesCall, { keyword: '', all: true } as never)).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
  });
});
