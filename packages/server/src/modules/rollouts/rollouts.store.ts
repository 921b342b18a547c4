import type {
  RolloutCounts,
  RolloutDeviceState,
  RolloutSettings,
  RolloutState,
  RolloutTarget,
} from '@fleetport/contract';
import { ACTIVE_ROLLOUT_DEVICE_STATES } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { RolloutStage, StopReason } from './rollouts.tables.ts';

/**
 * SQL of rollouts. Reads for people take the caller's scope; the engine (a job, acting for the
 * rollout's company) reads by rollout id after the rollout itself was found.
 */

export interface RolloutRow {
  id: number;
  companyId: number;
  name: string;
  versionId: number | null;
  kind: 'firmware' | 'app' | 'config';
  sections: Record<string, unknown> | null;
  confirmSeconds: number | null;
  /** A staged change's later stages (apps, then a configuration); empty for one version. */
  stages: RolloutStage[];
  target: RolloutTarget;
  settings: RolloutSettings;
  state: RolloutState;
  stopReason: StopReason | null;
  acceptedBatch: number;
  origin: string;
  createdBy: string | null;
  createdById: number | null;
  createdAt: Date;
  finishedAt: Date | null;
  packageName: string;
  version: string;
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function rolloutQuery(db: DbOrTx) {
  return db
    .selectFrom('rollout as r')
    .leftJoin('app_package_version as v', 'v.id', 'r.version_id')
    .leftJoin('app_package as p', 'p.id', 'v.package_id')
    .leftJoin('app_user as u', 'u.id', 'r.created_by')
    .select([
      'r.id',
      'r.company_id as companyId',
      'r.name',
      'r.version_id as versionId',
      'r.kind',
      'r.sections',
      'r.confirm_seconds as confirmSeconds',
      'r.stages',
      'r.target',
      'r.settings',
      'r.state',
      'r.stop_reason as stopReason',
      'r.accepted_batch as acceptedBatch',
      'r.origin',
      'u.login_account as createdBy',
      'r.created_by as createdById',
      'r.created_at as createdAt',
      'r.finished_at as finishedAt',
      sql<string>`coalesce(p.package_name, '')`.as('packageName'),
      sql<string>`coalesce(v.version, '')`.as('version'),
    ]);
}

function rolloutRow(row: Record<string, unknown>): RolloutRow {
  return {
    ...(row as unknown as RolloutRow),
    id: Number(row.id),
    companyId: Number(row.companyId),
    versionId: row.versionId === null ? null : Number(row.versionId),
    createdById: row.createdById === null ? null : Number(row.createdById),
    sections: json<Record<string, unknown> | null>(row.sections),
    stages: json<RolloutStage[]>(row.stages),
    acceptedBatch: Number(row.acceptedBatch),
    target: json<RolloutTarget>(row.target),
    settings: json<RolloutSettings>(row.settings),
    stopReason: json<StopReason | null>(row.stopReason),
  };
}

export async function findRollout(db: DbOrTx, scope: CompanyScope, id: number): Promise<RolloutRow | null> {
  const row = await rolloutQuery(db)
    .where('r.id', '=', id)
    .where('r.company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return row ? rolloutRow(row) : null;
}

/** The engine's read: the rollout as it is now, whatever company. */
export async function rolloutById(db: DbOrTx, id: number): Promise<RolloutRow | null> {
  const row = await rolloutQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? rolloutRow(row) : null;
}

export async function listRollouts(
  db: DbOrTx,
  scope: CompanyScope,
  query: { search: string; states: readonly RolloutState[]; offset: number; limit: number },
): Promise<{ total: number; rows: RolloutRow[] }> {
  let base = rolloutQuery(db).where('r.company_id', 'in', scopedCompanyIds(scope));
  if (query.states.length > 0) base = base.where('r.state', 'in', [...query.states]);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('r.name', 'ilike', like),
        eb('p.package_name', 'ilike', like),
        eb('v.version', 'ilike', like),
      ]),
    );
  }
  const [count, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    base.orderBy('r.id', 'desc').offset(query.offset).limit(query.limit).execute(),
  ]);
  return { total: Number(count.n), rows: rows.map(rolloutRow) };
}

export interface NewRollout {
  companyId: number;
  name: string;
  versionId: number | null;
  kind: 'firmware' | 'app' | 'config';
  sections?: Record<string, unknown> | null;
  confirmSeconds?: number | null;
  stages?: RolloutStage[];
  target: RolloutTarget;
  settings: RolloutSettings;
  origin: string;
  createdBy: number | null;
  at: Date;
}

export async function insertRollout(db: DbOrTx, values: NewRollout): Promise<number> {
  const row = await db
    .insertInto('rollout')
    .values({
      company_id: values.companyId,
      name: values.name,
      version_id: values.versionId,
      kind: values.kind,
      sections: JSON.stringify(values.sections ?? null),
      confirm_seconds: values.confirmSeconds ?? null,
      stages: JSON.stringify(values.stages ?? []),
      target: JSON.stringify(values.target),
      settings: JSON.stringify(values.settings),
      state: 'running',
      stop_reason: JSON.stringify(null),
      origin: values.origin,
      created_by: values.createdBy,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface NewRolloutDevice {
  sn: string;
  timeZone: string | null;
  fromVersion: string | null;
}

export async function insertRolloutDevices(
  db: DbOrTx,
  rolloutId: number,
  companyId: number,
  devices: readonly NewRolloutDevice[],
  at: Date,
): Promise<void> {
  // Chunks keep each statement's parameters well under PostgreSQL's 65,535.
  for (let i = 0; i < devices.length; i += 1000) {
    await db
      .insertInto('rollout_device')
      .values(
        devices.slice(i, i + 1000).map((d, j) => ({
          rollout_id: rolloutId,
          sn: d.sn,
          company_id: companyId,
          position: i + j,
          time_zone: d.timeZone,
          from_version: d.fromVersion,
          state: 'waiting' as const,
          updated_at: at,
        })),
      )
      .execute();
  }
}

/**
 * Moves the rollout from one of `from` to `to`; null when it was not in one of them (another person
 * or node moved it first).
 */
export async function moveRollout(
  db: DbOrTx,
  id: number,
  from: readonly RolloutState[],
  to: RolloutState,
  at: Date,
  extra: { stopReason?: StopReason | null; finished?: boolean | null; acceptBatch?: number } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('rollout')
    .set({
      state: to,
      updated_at: at,
      ...(extra.stopReason !== undefined ? { stop_reason: JSON.stringify(extra.stopReason) } : {}),
      ...(extra.finished === true
        ? { finished_at: at }
        : extra.finished === null
          ? { finished_at: null }
          : {}),
      ...(extra.acceptBatch !== undefined ? { accepted_batch: extra.acceptBatch } : {}),
    })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function emptyCounts(): RolloutCounts {
  return { total: 0, waiting: 0, running: 0, success: 0, failure: 0, timeout: 0, released: 0 };
}

export function addToCounts(counts: RolloutCounts, state: RolloutDeviceState, n: number): void {
  counts.total += n;
  if (state === 'waiting') counts.waiting += n;
  else if (ACTIVE_ROLLOUT_DEVICE_STATES.includes(state)) counts.running += n;
  else counts[state as 'success' | 'failure' | 'timeout' | 'released'] += n;
}

/** Devices per state of each rollout. */
export async function rolloutCounts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, RolloutCounts>> {
  const found = new Map<number, RolloutCounts>(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('rollout_device')
    .select(['rollout_id', 'state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('rollout_id', 'in', [...ids])
    .groupBy(['rollout_id', 'state'])
    .execute();
  for (const row of rows) {
    const counts = found.get(Number(row.rollout_id));
    if (counts) addToCounts(counts, row.state, Number(row.n));
  }
  return found;
}

export interface BatchCountRow {
  batch: number;
  state: RolloutDeviceState;
  n: number;
  startedAt: Date;
}

/** Devices per state of each started batch, and when the batch started. */
export async function batchCounts(db: DbOrTx, rolloutId: number): Promise<BatchCountRow[]> {
  const rows = await db
    .selectFrom('rollout_device')
    .select([
      'batch',
      'state',
      (eb) => eb.fn.countAll<string>().as('n'),
      (eb) => eb.fn.min('started_at').as('startedAt'),
    ])
    .where('rollout_id', '=', rolloutId)
    .where('batch', 'is not', null)
    .groupBy(['batch', 'state'])
    .orderBy('batch')
    .execute();
  return rows.map((r) => ({
    batch: Number(r.batch),
    state: r.state,
    n: Number(r.n),
    startedAt: new Date(r.startedAt as unknown as string),
  }));
}

export interface RolloutDeviceRow {
  sn: string;
  name: string;
  model: string;
  batch: number | null;
  /** 0: the rollout's version; then its stages. */
  stage: number;
  state: RolloutDeviceState;
  percent: number | null;
  fromVersion: string | null;
  currentVersion: string | null;
  reasonCode: number | null;
  reasonKind: 'catalogue' | 'update' | 'health' | 'vpnHealth' | 'config' | null;
  reasonText: string | null;
  /** A configuration's change-set: its end and the router's words (read, not copied). */
  changeSetState: string | null;
  changeSetReason: string | null;
  changeSetReasonCode: number | null;
  attempts: number;
  rpcId: string | null;
  updatedAt: Date;
}

/** Device rows of rollouts with what the lists show of each: the device's name and model, its change-set's end. */
function deviceRowsQuery(db: DbOrTx) {
  return db
    .selectFrom('rollout_device as rd')
    .innerJoin('rollout as r', 'r.id', 'rd.rollout_id')
    .leftJoin('device as d', (join) =>
      join.onRef('d.sn', '=', 'rd.sn').onRef('d.company_id', '=', 'rd.company_id'),
    )
    .leftJoin('device_change_set as cs', 'cs.id', 'rd.rpc_id');
}

function selectDeviceRow(query: ReturnType<typeof deviceRowsQuery>) {
  return query.select([
    'rd.rollout_id as rolloutId',
    'rd.sn',
    sql<string>`coalesce(d.name, '')`.as('name'),
    sql<string>`coalesce(d.model, '')`.as('model'),
    'rd.batch',
    'rd.stage',
    'rd.state',
    'rd.percent',
    'rd.from_version as fromVersion',
    // The version it runs now is the firmware's; an app's is not on the device row.
    sql<string | null>`case when r.kind = 'firmware' then d.firmware_version end`.as('currentVersion'),
    'rd.reason_code as reasonCode',
    'rd.reason_kind as reasonKind',
    'rd.reason_text as reasonText',
    'cs.state as changeSetState',
    'cs.reason as changeSetReason',
    'cs.reason_code as changeSetReasonCode',
    'rd.attempts',
    'rd.rpc_id as rpcId',
    'rd.updated_at as updatedAt',
  ]);
}

function deviceRow(r: Record<string, unknown>): RolloutDeviceRow & { rolloutId: number } {
  return {
    ...(r as unknown as RolloutDeviceRow),
    rolloutId: Number(r.rolloutId),
    batch: r.batch === null ? null : Number(r.batch),
    stage: Number(r.stage),
    attempts: Number(r.attempts),
  };
}

export async function listRolloutDevices(
  db: DbOrTx,
  rollout: Pick<RolloutRow, 'id'>,
  query: {
    search: string;
    states: readonly RolloutDeviceState[];
    batch?: number | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ total: number; rows: RolloutDeviceRow[] }> {
  let base = deviceRowsQuery(db).where('rd.rollout_id', '=', rollout.id);
  if (query.states.length > 0) base = base.where('rd.state', 'in', [...query.states]);
  if (query.batch !== undefined) base = base.where('rd.batch', '=', query.batch);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('rd.sn', 'ilike', like), eb('d.name', 'ilike', like)]));
  }
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    selectDeviceRow(base).orderBy('rd.position').offset(query.offset).limit(query.limit).execute(),
  ]);
  return { total: Number(count.n), rows: rows.map(deviceRow) };
}

/** One device's rows in the rollouts of the scope, newest rollout first (the device's page). */
export async function deviceRolloutRows(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: (RolloutDeviceRow & { rolloutId: number })[] }> {
  const base = deviceRowsQuery(db)
    .where('rd.company_id', 'in', scopedCompanyIds(scope))
    .where('rd.sn', '=', sn);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    selectDeviceRow(base).orderBy('rd.rollout_id', 'desc').offset(offset).limit(limit).execute(),
  ]);
  return { total: Number(count.n), rows: rows.map(deviceRow) };
}

/** The rollouts of the scope among `ids`. */
export async function findRollouts(
  db: DbOrTx,
  scope: CompanyScope,
  ids: readonly number[],
): Promise<RolloutRow[]> {
  if (ids.length === 0) return [];
  const rows = await rolloutQuery(db)
    .where('r.id', 'in', [...ids])
    .where('r.company_id', 'in', scopedCompanyIds(scope))
    .execute();
  return rows.map(rolloutRow);
}

/** Rollouts the engine has work on: running ones, and stopped ones whose started devices have not ended. */
export async function rolloutsWithWork(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectFrom('rollout as r')
    .select('r.id')
    .where((eb) =>
      eb.or([
        eb('r.state', '=', 'running'),
        eb.exists(
          eb
            .selectFrom('rollout_device as rd')
            .select(sql`1`.as('one'))
            .whereRef('rd.rollout_id', '=', 'r.id')
            .where('rd.state', 'in', [...ACTIVE_ROLLOUT_DEVICE_STATES]),
        ),
      ]),
    )
    .orderBy('r.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Whether a version is used by a rollout that has not ended (the app centre keeps it). */
export async function versionInOpenRollout(db: DbOrTx, versionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('rollout')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('version_id', '=', versionId),
        // A staged change's apps.
        sql<boolean>`stages @> ${JSON.stringify([{ versionId }])}::jsonb`,
      ]),
    )
    .where('state', 'in', ['running', 'paused', 'halted'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
