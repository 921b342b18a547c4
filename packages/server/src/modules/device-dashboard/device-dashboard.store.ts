import { UNGROUPED } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { type ReadCursors, unreadBy } from '../device-notifications/device-notifications.store.ts';

/** SQL of the device dashboard and the locations map, over the devices of the caller's companies. */

/** The scope's devices, all and online. */
export async function deviceTotals(
  db: DbOrTx,
  scope: CompanyScope,
): Promise<{ total: number; online: number }> {
  const row = await db
    .selectFrom('device')
    .select([
      (eb) => eb.fn.countAll<string>().as('total'),
      sql<string>`count(*) filter (where online)`.as('online'),
    ])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), online: Number(row.online) };
}

/** The 20 most common values of a device column, with their counts. */
export async function countDevicesBy(
  db: DbOrTx,
  scope: CompanyScope,
  column: 'model' | 'series' | 'firmware_version',
): Promise<{ key: string; count: number }[]> {
  const { rows } = await sql<{ key: string | null; count: string }>`
    select ${sql.ref(column)} as key, count(*) as count from device
     where company_id in (${sql.join(scopedCompanyIds(scope))}) group by 1 order by 2 desc, 1 limit 20`.execute(
    db,
  );
  return rows.map((r) => ({ key: r.key ?? '', count: Number(r.count) }));
}

/** Alert notifications the person has not read, per device group (null: ungrouped) and severity. */
export async function unreadAlertsByGroup(
  db: DbOrTx,
  scope: CompanyScope,
  cursors: ReadCursors,
): Promise<{ groupId: string | null; groupName: string | null; severity: string; count: number }[]> {
  const { rows } = await sql<{
    group_id: string | null;
    group_name: string | null;
    severity: string;
    n: string;
  }>`
    select d.group_id, g.name as group_name, n.severity, count(*) as n
      from device_notification n
      join device d on d.sn = n.sn and d.company_id = n.company_id
      left join company_group g on g.id = d.group_id
     where n.company_id in (${sql.join(scopedCompanyIds(scope))}) and n.biz_type = 'alert' and ${unreadBy(cursors)}
     group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({
    groupId: r.group_id,
    groupName: r.group_name,
    severity: r.severity,
    count: Number(r.n),
  }));
}

/** The status rows that carry a position (`modules`), of the scope's devices, optionally of one group. */
export async function deviceLocationRows(
  db: DbOrTx,
  scope: CompanyScope,
  modules: readonly string[],
  groupId: number | undefined,
) {
  let q = db
    .selectFrom('device_status')
    .innerJoin('device', 'device.sn', 'device_status.sn')
    .select([
      'device.sn',
      'device.name',
      'device.online',
      'device_status.module',
      'device_status.data',
      'device_status.updated_at',
    ])
    .where('device.company_id', 'in', scopedCompanyIds(scope))
    .where('device_status.module', 'in', [...modules]);
  if (groupId !== undefined)
    q =
      groupId === UNGROUPED
        ? q.where('device.group_id', 'is', null)
        : q.where('device.group_id', '=', groupId);
  return q.execute();
}
