import { type DeviceGroup, ErrorCode } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * SQL of device groups: they live in company_group, under the company's root group (parent_id null).
 * Reads reach every company of the scope; a group is created under one owning company.
 */

export async function rootGroupId(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  return Number(row.id);
}

/** Every group but the roots, with its device counts. */
export async function listGroups(db: DbOrTx, scope: CompanyScope): Promise<DeviceGroup[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    parent_id: string;
    devices: string;
    online: string;
  }>`
    select g.id, g.name, g.parent_id,
           count(d.sn) as devices, count(d.sn) filter (where d.online) as online
      from company_group g
      left join device d on d.group_id = g.id and d.company_id = g.company_id
     where g.company_id = any(${scopedCompanyIds(scope)}::bigint[]) and g.parent_id is not null
     group by g.id, g.name, g.parent_id
     order by g.name`.execute(db);
  return rows.map((r) => ({
    groupId: Number(r.id),
    groupName: r.name,
    parentId: Number(r.parent_id),
    deviceCount: Number(r.devices),
    onlineCount: Number(r.online),
  }));
}

/** A group of the scope other than a root, or 1 (parameter error) as if it did not exist. */
export async function ensureGroup(db: DbOrTx, scope: CompanyScope, groupId: number): Promise<DeviceGroup> {
  const group = (await listGroups(db, scope)).find((g) => g.groupId === groupId);
  if (!group) throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, `groupId: ${groupId}`);
  return group;
}

/** Names are unique per company, in any case. */
export async function groupNameTaken(
  db: DbOrTx,
  scope: CompanyScope,
  name: string,
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where('parent_id', 'is not', null)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (except) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertGroup(db: DbOrTx, scope: CompanyScope, parentId: number, name: string) {
  const row = await db
    .insertInto('company_group')
    .values({ company_id: owningCompany(scope), parent_id: parentId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function renameGroup(db: DbOrTx, scope: CompanyScope, groupId: number, name: string) {
  await db
    .updateTable('company_group')
    .set({ name })
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', groupId)
    .execute();
}

/** Deletes the group and its subgroups (the foreign key cascades); their devices become ungrouped. */
export async function deleteGroupTree(tx: DbOrTx, scope: CompanyScope, groupId: number) {
  const ids = await subtreeIds(tx, groupId);
  await tx
    .updateTable('device')
    .set({ group_id: null })
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('group_id', 'in', ids)
    .execute();
  await tx
    .deleteFrom('company_group')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('id', '=', groupId)
    .execute();
}

/** The group and every group below it. */
export async function subtreeIds(db: DbOrTx, groupId: number): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive tree as (
      select id from company_group where id = ${groupId}
      union all
      select g.id from company_group g join tree t on g.parent_id = t.id
    ) select id from tree`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** All devices of the scope, and how many of them are in a group. */
export async function countGroupedDevices(db: DbOrTx, scope: CompanyScope) {
  const row = await db
    .selectFrom('device')
    .select([
      (eb) => eb.fn.countAll<string>().as('all'),
      (eb) => eb.fn.count<string>('group_id').as('grouped'),
    ])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), grouped: Number(row.grouped) };
}

/** Puts one device of the scope into a group (null: ungrouped). */
export async function setDeviceGroup(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  groupId: number | null,
  at: Date,
) {
  await db
    .updateTable('device')
    .set({ group_id: groupId, updated_at: at })
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .execute();
}
