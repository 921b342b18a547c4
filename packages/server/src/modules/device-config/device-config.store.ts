import type { ChangeSetSource, ChangeSetState, ConfigDifference, GroupProfile } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** Change-sets of remote configuration (migration 0280); every state change goes through `moveChangeSet`. */

export interface ChangeSetRow {
  id: string;
  company_id: number;
  sn: string;
  state: ChangeSetState;
  differences: ConfigDifference[];
  confirm_seconds: number;
  apply_command_id: string | null;
  confirm_command_id: string | null;
  reason: string | null;
  reason_code: number | null;
  checksum: string | null;
  rollback_of: string | null;
  source: ChangeSetSource;
  created_at: Date;
  finished_at: Date | null;
  created_by_name: string | null;
}

const OPEN: ChangeSetState[] = ['queued', 'applying'];

function selectRows(db: DbOrTx) {
  return db
    .selectFrom('device_change_set as c')
    .leftJoin('app_user as u', 'u.id', 'c.created_by')
    .select([
      'c.id',
      'c.company_id',
      'c.sn',
      'c.state',
      'c.differences',
      'c.confirm_seconds',
      'c.apply_command_id',
      'c.confirm_command_id',
      'c.reason',
      'c.reason_code',
      'c.checksum',
      'c.rollback_of',
      'c.source',
      'c.created_at',
      'c.finished_at',
      'u.user_name as created_by_name',
    ]);
}

export async function insertChangeSet(
  db: DbOrTx,
  scope: CompanyScope,
  row: {
    id: string;
    sn: string;
    sections: Record<string, unknown>;
    differences: ConfigDifference[];
    xml: string;
    confirmSeconds: number;
    createdBy: number | null;
    at: Date;
    rollbackOf?: string | null;
    source: ChangeSetSource;
  },
): Promise<boolean> {
  // Another change-set of the device not yet ended (the partial unique index): nothing is inserted.
  const inserted = await db
    .insertInto('device_change_set')
    .values({
      id: row.id,
      company_id: owningCompany(scope),
      sn: row.sn,
      state: 'queued',
      sections: JSON.stringify(row.sections),
      differences: JSON.stringify(row.differences),
      xml: row.xml,
      confirm_seconds: row.confirmSeconds,
      created_by: row.createdBy,
      rollback_of: row.rollbackOf ?? null,
      source: row.source,
      created_at: row.at,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * A change made on the device itself and kept by a person (adopting a drift): in the history as an
 * applied change-set of source `local`, never sent (no command, no confirm window).
 */
export async function insertLocalChangeSet(
  db: DbOrTx,
  scope: CompanyScope,
  row: {
    id: string;
    sn: string;
    sections: Record<string, unknown>;
    differences: ConfigDifference[];
    xml: string;
    keptBy: number | null;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('device_change_set')
    .values({
      id: row.id,
      company_id: owningCompany(scope),
      sn: row.sn,
      state: 'applied',
      sections: JSON.stringify(row.sections),
      differences: JSON.stringify(row.differences),
      xml: row.xml,
      confirm_seconds: 0,
      created_by: row.keptBy,
      source: 'local',
      created_at: row.at,
      finished_at: row.at,
    })
    .execute();
}

/** The device's change-set that has not ended, if any. */
export async function findOpenChangeSet(db: DbOrTx, scope: CompanyScope, sn: string) {
  return selectRows(db)
    .where('c.company_id', 'in', scopedCompanyIds(scope))
    .where('c.sn', '=', sn)
    .where('c.state', 'in', OPEN)
    .executeTakeFirst() as Promise<ChangeSetRow | undefined>;
}

/** A change-set of the device, in the scope. */
export async function findDeviceChangeSet(db: DbOrTx, scope: CompanyScope, sn: string, id: string) {
  return selectRows(db)
    .where('c.company_id', 'in', scopedCompanyIds(scope))
    .where('c.sn', '=', sn)
    .where('c.id', '=', id)
    .executeTakeFirst() as Promise<ChangeSetRow | undefined>;
}

export async function findChangeSetById(db: DbOrTx, id: string) {
  return selectRows(db).where('c.id', '=', id).executeTakeFirst() as Promise<ChangeSetRow | undefined>;
}

/** The change-set a device's command belongs to (its `configApply` or its `configConfirm`). */
export async function findChangeSetByCommand(db: DbOrTx, commandId: string) {
  return selectRows(db)
    .where((eb) =>
      eb.or([eb('c.apply_command_id', '=', commandId), eb('c.confirm_command_id', '=', commandId)]),
    )
    .executeTakeFirst() as Promise<ChangeSetRow | undefined>;
}

export async function pageChangeSets(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: ChangeSetRow[]; total: number }> {
  const base = (q: ReturnType<typeof selectRows>) =>
    q.where('c.company_id', 'in', scopedCompanyIds(scope)).where('c.sn', '=', sn);
  const [list, count] = await Promise.all([
    base(selectRows(db))
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom('device_change_set')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', 'in', scopedCompanyIds(scope))
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: list as ChangeSetRow[], total: Number(count.n) };
}

export async function setCommandIds(
  db: DbOrTx,
  id: string,
  ids: { apply?: string; confirm?: string },
): Promise<void> {
  await db
    .updateTable('device_change_set')
    .set({
      ...(ids.apply ? { apply_command_id: ids.apply } : {}),
      ...(ids.confirm ? { confirm_command_id: ids.confirm } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a change-set on, only from the states given (a final state never changes again, so a late or
 * repeated answer is ignored); answers the row when it moved.
 */
export async function moveChangeSet(
  db: DbOrTx,
  id: string,
  from: readonly ChangeSetState[],
  to: ChangeSetState,
  fields: {
    reason?: string | null;
    reasonCode?: number | null;
    checksum?: string | null;
    at: Date;
    sn?: string;
  },
): Promise<ChangeSetRow | undefined> {
  const final = to !== 'queued' && to !== 'applying';
  const moved = await db
    .updateTable('device_change_set')
    .set({
      state: to,
      ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
      ...(fields.reasonCode !== undefined ? { reason_code: fields.reasonCode } : {}),
      ...(fields.checksum !== undefined ? { checksum: fields.checksum } : {}),
      ...(final ? { finished_at: fields.at } : {}),
    })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .$if(fields.sn !== undefined, (q) => q.where('sn', '=', fields.sn as string))
    .returning('id')
    .executeTakeFirst();
  return moved ? findChangeSetById(db, id) : undefined;
}

// ---- drift -------------------------------------------------------------------------------------------

export async function findDrift(db: DbOrTx, scope: CompanyScope, sn: string) {
  return db
    .selectFrom('device_config_drift')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .executeTakeFirst();
}

/** The device side: what the gateway files under the device's company, by SN. */
export async function findDriftOfDevice(db: DbOrTx, sn: string) {
  return db.selectFrom('device_config_drift').selectAll().where('sn', '=', sn).executeTakeFirst();
}

export async function saveDrift(
  db: DbOrTx,
  drift: { sn: string; companyId: number; detectedAt: Date; baselineXml: string },
): Promise<void> {
  await db
    .insertInto('device_config_drift')
    .values({
      sn: drift.sn,
      company_id: drift.companyId,
      detected_at: drift.detectedAt,
      baseline_xml: drift.baselineXml,
    })
    .onConflict((oc) => oc.column('sn').doNothing())
    .execute();
}

export async function deleteDrift(db: DbOrTx, sn: string): Promise<void> {
  await db.deleteFrom('device_config_drift').where('sn', '=', sn).execute();
}

/** Whether the device has a change-set not yet ended (the device side, by SN). */
export async function hasOpenChangeSet(db: DbOrTx, sn: string): Promise<boolean> {
  const row = await db
    .selectFrom('device_change_set')
    .select('id')
    .where('sn', '=', sn)
    .where('state', 'in', OPEN)
    .executeTakeFirst();
  return row !== undefined;
}

/** A group's profile for one series, of the scope's company. */
export async function findGroupProfile(
  db: DbOrTx,
  scope: CompanyScope,
  groupId: number,
  series: string,
): Promise<GroupProfile | null> {
  const row = await db
    .selectFrom('device_group_profile as p')
    .leftJoin('app_user as u', 'u.id', 'p.updated_by')
    .select(['p.group_id', 'p.series', 'p.sections', 'p.updated_at', 'u.login_account'])
    .where('p.company_id', 'in', scopedCompanyIds(scope))
    .where('p.group_id', '=', groupId)
    .where('p.series', '=', series)
    .executeTakeFirst();
  if (!row) return null;
  return {
    groupId: Number(row.group_id),
    series: row.series,
    sections: (typeof row.sections === 'string' ? JSON.parse(row.sections) : row.sections) as Record<
      string,
      unknown
    >,
    updatedBy: row.login_account ?? null,
    updatedAt: row.updated_at.getTime(),
  };
}

export async function saveGroupProfileRow(
  db: DbOrTx,
  profile: {
    companyId: number;
    groupId: number;
    series: string;
    sections: Record<string, unknown>;
    updatedBy: number;
    at: Date;
  },
): Promise<void> {
  const values = {
    sections: JSON.stringify(profile.sections),
    updated_by: profile.updatedBy,
    updated_at: profile.at,
  };
  await db
    .insertInto('device_group_profile')
    .values({ group_id: profile.groupId, series: profile.series, company_id: profile.companyId, ...values })
    .onConflict((oc) => oc.columns(['group_id', 'series']).doUpdateSet(values))
    .execute();
}

/**
 * The differences of the device's applied change-sets that a person made for it (source `user`),
 * oldest first: folded, they are the device's own settings, which win over its group's profile.
 */
export async function ownChangeDifferences(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
): Promise<OwnChange[]> {
  const rows = await db
    .selectFrom('device_change_set')
    .select(['differences', 'source'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .where('source', 'in', ['user', 'cleared', 'local'])
    .where('state', '=', 'applied')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    cleared: r.source === 'cleared',
    differences:
      typeof r.differences === 'string' ? JSON.parse(r.differences) : (r.differences as ConfigDifference[]),
  }));
}

/** An applied change-set that makes or clears the device's own settings. */
export interface OwnChange {
  cleared: boolean;
  differences: ConfigDifference[];
}

/**
 * The profiles for the device's series of the device's group and each group above it, the farthest
 * first (the nearest group's values then win).
 */
export async function deviceProfileLayers(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
): Promise<{ groupId: number; groupName: string; sections: Record<string, unknown> }[]> {
  const { rows } = await sql<{ id: string; name: string; sections: unknown }>`
    with recursive chain (id, parent_id, name, depth, company_id) as (
      select g.id, g.parent_id, g.name, 0, g.company_id
        from device d join company_group g on g.id = d.group_id and g.company_id = d.company_id
       where d.sn = ${sn} and d.company_id = any(${scopedCompanyIds(scope)}::bigint[])
      union all
      select g.id, g.parent_id, g.name, c.depth + 1, g.company_id
        from company_group g join chain c on g.id = c.parent_id
    )
    select c.id, c.name, p.sections
      from chain c
      join device_group_profile p on p.group_id = c.id and p.company_id = c.company_id
      join device d on d.sn = ${sn} and d.company_id = c.company_id and lower(d.series) = lower(p.series)
     order by c.depth desc`.execute(db);
  return rows.map((r) => ({
    groupId: Number(r.id),
    groupName: r.name,
    sections: (typeof r.sections === 'string' ? JSON.parse(r.sections) : r.sections) as Record<
      string,
      unknown
    >,
  }));
}
