import { ROLE_TYPE, type RoleTypeName } from '@fleetport/contract';
import { registerCompany, type SignedIn, signIn, TEST_PASSWORD } from './accounts.ts';
import type { TestApp } from './helpers.ts';

/**
 * Companies full of people for issue 4's tests: the owner registers through the real flow, then creates
 * one user of every further role type through /pl/user/addUser, each with the type's default role (the
 * provisioner's given in the table, see below).
 */

export const ROLE_TYPE_NAMES = Object.keys(ROLE_TYPE) as RoleTypeName[];

/** The default role of every role type in a company (registration creates them). */
export async function defaultRoles(t: TestApp, companyId: number): Promise<Record<RoleTypeName, number>> {
  const rows = await t.deps.db
    .selectFrom('role')
    .select(['id', 'role_type'])
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .execute();
  const roles = {} as Record<RoleTypeName, number>;
  for (const name of ROLE_TYPE_NAMES) {
    const row = rows.find((r) => Number(r.role_type) === ROLE_TYPE[name]);
    if (!row) throw new Error(`company ${companyId} has no default ${name} role`);
    roles[name] = Number(row.id);
  }
  return roles;
}

/** Creates a user through the API as `admin`; throws with the server's answer when refused. */
export async function addUser(
  admin: SignedIn,
  user: { account: string; userName?: string; roleId: number },
): Promise<number> {
  const res = await admin.call<{ userId: number }>('POST', '/pl/user/addUser', {
    account: user.account,
    userName: user.userName ?? 'Test User',
    roleId: user.roleId,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  });
  if (res.body.code !== 0 || !res.body.data)
    throw new Error(`addUser failed: ${res.body.code} ${res.body.msg}`);
  return res.body.data.userId;
}

export interface Member {
  userId: number;
  account: string;
  roleId: number;
  /** Absent for the VPN-client-only user, who cannot sign in to the web (14054). */
  session?: SignedIn;
}

export interface PopulatedCompany {
  companyId: number;
  name: string;
  roles: Record<RoleTypeName, number>;
  /** One person per role type; `owner` registered the company (the default user). */
  members: Record<RoleTypeName, Member>;
}

/** A company named `name` with one signed-in user of every role type, accounts `<type>@<domain>`. */
export async function companyWithEveryRole(
  t: TestApp,
  name: string,
  domain: string,
): Promise<PopulatedCompany> {
  const ownerAccount = `owner@${domain}`;
  const { companyId, userId } = await registerCompany(t, {
    companyName: name,
    account: ownerAccount,
    userName: `${name} Owner`,
  });
  const roles = await defaultRoles(t, companyId);
  const owner = await signIn(t, ownerAccount);
  const members = {
    owner: { userId, account: ownerAccount, roleId: roles.owner, session: owner },
  } as Record<RoleTypeName, Member>;
  for (const type of ROLE_TYPE_NAMES.filter((n) => n !== 'owner')) {
    const account = `${type.toLowerCase()}@${domain}`;
    // A provisioner is a partner's person the company lets in (15055 otherwise; users/provisioners.test.ts
    // walks that path): here only what the role reaches in this company matters, so the person is made
    // read-only and given the role straight in the table.
    const given = type === 'provisioner' ? roles.readOnly : roles[type];
    const memberId = await addUser(owner, { account, userName: `${name} ${type}`, roleId: given });
    if (given !== roles[type])
      await t.deps.db
        .updateTable('company_user')
        .set({ role_id: roles[type] })
        .where('company_id', '=', companyId)
        .where('user_id', '=', memberId)
        .execute();
    members[type] = { userId: memberId, account, roleId: roles[type] };
  }
  for (const type of ROLE_TYPE_NAMES.filter((n) => n !== 'owner' && n !== 'vpnClientOnly')) {
    members[type].session = await signIn(t, members[type].account);
  }
  return { companyId, name, roles, members };
}
