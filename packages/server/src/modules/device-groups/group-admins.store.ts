import type { DbOrTx } from '../../platform/db/open.ts';

/** Administrators of device groups (core §6): members of the company named on one of its groups. */

export async function setGroupAdmin(
  db: DbOrTx,
  companyId: number,
  groupId: number,
  userId: number,
  admin: boolean,
): Promise<void> {
  if (admin) {
    await db
      .insertInto('group_admin')
      .values({ company_id: companyId, group_id: groupId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return;
  }
  await db
    .deleteFrom('group_admin')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

export async function groupAdminIds(db: DbOrTx, companyId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('group_admin')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => Number(r.user_id));
}

/** True when the person administers any device group of the company: they cannot be altered (14025). */
export async function isGroupAdmin(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('group_admin')
    .select('group_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
