import { type DeviceGroup, ErrorCode } from '@fleetport/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';

/** Device groups live in company_group, under the company's root group (parent_id null). */

export async function rootGroupId(db: DbOrTx, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  return Number(row.id);
}

/** Every group but the root, with its device counts. */
export async function listGroups(db: DbOrTx, companyId: number): Promise<DeviceGroup[]> {
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
     where g.company_id = ${companyId} and g.parent_id is not null
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

/** A group of the company other than the root, or 1 (parameter error) as if it did not exist. */
export async function ensureGroup(db: DbOrTx, companyId: number, groupId: number): Promise<DeviceGroup> {
  const group = (await listGroups(db, companyId)).find((g) => g.groupId === groupId);
  if (!group) throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, `groupId: ${groupId}`);
  return group;
}

export async function groupNameTaken(
  db: DbOrTx,
  companyId: number,
  name: string,
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is not', null)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (except) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
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
