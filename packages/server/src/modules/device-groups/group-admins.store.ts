import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** Administrators of device groups (core §6): members of the company named on one of its groups. */

export async function setGroupAdmin(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  userId: number,
  admin: boolean,
): Promise<void> {
  if (admin) {
    await db
      .insertInto('group_admin')
      .values({ company_id: owningCompany(scope), group_id: groupId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return;
  }
  await db
    .deleteFrom('group_admin')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

export async function groupAdminIds(db: DbOrTx, scope: CompanyScope, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_admin')
    .select('user_id')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('group_id', '=', groupId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** The administrators of a group, with their names; only people still in the group's company. */
export async function listGroupAdmins(db: DbOrTx, scope: CompanyScope, groupId: number) {
  const rows = await db
    .selectFrom('group_admin')
    .innerJoin('app_user', 'app_user.id', 'group_admin.user_id')
    // Someone who left the company is no administrator of its groups.
    .innerJoin('company_user', (join) =>
      join
        .onRef('company_user.user_id', '=', 'group_admin.user_id')
        .onRef('company_user.company_id', '=', 'group_admin.company_id'),
    )
    .select(['app_user.id', 'app_user.user_name', 'app_user.login_account'])
    .where('group_admin.company_id', 'in', scopedCompanyIds(scope))
    .where('group_admin.group_id', '=', groupId)
    .orderBy('app_user.user_name')
    .execute();
  return rows.map((r) => ({ userId: Number(r.id), userName: r.user_name, loginAccount: r.login_account }));
}

/** True when the person administers any device group of the scope: they cannot be altered (14025). */
export async function isGroupAdmin(db: DbOrTx, scope: CompanyScope, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('group_admin')
    .select('group_id')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
