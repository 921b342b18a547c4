import type {
  CustomReport,
  Report,
  ReportField,
  ReportFrequency,
  ReportGeneration,
  ReportKind,
  ReportRun,
  ReportRunState,
  ReportTargets,
} from '@fleetport/contract';
import { type Selectable, sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { usageDeltas } from '../devices/device-usage.ts';
import type { ReportTables } from './reports.tables.ts';

/**
 * SQL of reports, custom reports and runs. People's reads take the caller's scope (every company of
 * it), writes the scope's owning company; the run job and the schedule act for the report's company.
 */

const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

type CustomRow = Selectable<ReportTables['custom_report']>;
type ReportRow = Selectable<ReportTables['report']>;

export function toCustomReport(r: CustomRow): CustomReport {
  return {
    customReportId: Number(r.id),
    name: r.name,
    description: r.description,
    type: r.type as ReportKind,
    fields: json<ReportField[]>(r.fields),
    createdAt: new Date(r.created_at).getTime(),
  };
}

export async function listCustomReports(db: DbOrTx, scope: CompanyScope, type?: ReportKind) {
  let q = db
    .selectFrom('custom_report')
    .selectAll()
    .where(({ eb }) => eb('company_id', 'in', scopedCompanyIds(scope)));
  if (type) q = q.where('type', '=', type);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toCustomReport);
}

export async function findCustomReport(db: DbOrTx, scope: CompanyScope, id: number) {
  const row = await db
    .selectFrom('custom_report')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return row ? toCustomReport(row) : undefined;
}

export async function insertCustomReport(
  db: DbOrTx,
  scope: CompanyScope,
  r: { name: string; description: string; type: ReportKind; fields: string[]; by: number; at: Date },
) {
  const row = await db
    .insertInto('custom_report')
    .values({
      company_id: owningCompany(scope),
      name: r.name,
      description: r.description,
      type: r.type,
      fields: JSON.stringify(r.fields),
      created_by: r.by,
      created_at: r.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCustomReport(row);
}

/** Whether a report of the owning company uses the custom report. */
export async function customReportInUse(db: DbOrTx, scope: CompanyScope, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('report')
    .select('id')
    .where('company_id', '=', owningCompany(scope))
    .where('custom_report_id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteCustomReport(db: DbOrTx, scope: CompanyScope, id: number): Promise<boolean> {
  const done = await db
    .deleteFrom('custom_report')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

/** What a report holds, as the service saves it. */
export interface ReportValues {
  name: string;
  type: ReportKind;
  customReportId: number | null;
  generation: ReportGeneration;
  frequency: ReportFrequency;
  scheduleTime: string;
  startTime: Date | null;
  endTime: Date | null;
  targets: ReportTargets;
  fileName: string;
  enabled: boolean;
  nextRunAt: Date | null;
}

function reportColumns(v: ReportValues) {
  return {
    name: v.name,
    type: v.type,
    custom_report_id: v.customReportId,
    generation: v.generation,
    frequency: v.frequency,
    schedule_time: v.scheduleTime,
    start_time: v.startTime,
    end_time: v.endTime,
    targets: JSON.stringify(v.targets),
    file_name: v.fileName,
    enabled: v.enabled,
    next_run_at: v.nextRunAt,
  };
}

export interface StoredReport extends Omit<Report, 'lastRun'> {
  companyId: number;
  createdBy: number;
}

function toStoredReport(r: ReportRow): StoredReport {
  return {
    reportId: Number(r.id),
    companyId: Number(r.company_id),
    createdBy: Number(r.created_by),
    name: r.name,
    type: r.type as ReportKind,
    customReportId: r.custom_report_id === null ? null : Number(r.custom_report_id),
    generation: r.generation as ReportGeneration,
    frequency: r.frequency as ReportFrequency,
    scheduleTime: r.schedule_time,
    startTime: ms(r.start_time),
    endTime: ms(r.end_time),
    targets: json<ReportTargets>(r.targets),
    fileName: r.file_name,
    enabled: r.enabled,
    nextRunAt: ms(r.next_run_at),
    createdAt: new Date(r.created_at).getTime(),
  };
}

export async function countReports(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('report')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReport(db: DbOrTx, scope: CompanyScope, v: ReportValues, by: number, at: Date) {
  const row = await db
    .insertInto('report')
    .values({
      ...reportColumns(v),
      company_id: owningCompany(scope),
      created_by: by,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStoredReport(row);
}

export async function updateReport(db: DbOrTx, scope: CompanyScope, id: number, v: ReportValues, at: Date) {
  const row = await db
    .updateTable('report')
    .set({ ...reportColumns(v), updated_at: at })
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .returningAll()
    .executeTakeFirst();
  return row ? toStoredReport(row) : undefined;
}

export async function findReport(db: DbOrTx, scope: CompanyScope, id: number) {
  const row = await db
    .selectFrom('report')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return row ? toStoredReport(row) : undefined;
}

export async function listReports(db: DbOrTx, scope: CompanyScope, offset: number, limit: number) {
  const mine = db.selectFrom('report').where('company_id', 'in', scopedCompanyIds(scope));
  const [total, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(total.n), list: rows.map(toStoredReport) };
}

/** Deletes the report (its runs go with it); answers the export records of its runs, to remove them. */
export async function deleteReport(db: DbOrTx, scope: CompanyScope, id: number) {
  const runs = await db
    .selectFrom('report_run')
    .innerJoin('export_record', 'export_record.id', 'report_run.record_id')
    .select(['export_record.id', 'export_record.file_id'])
    .where('report_run.report_id', '=', id)
    .where('report_run.company_id', '=', owningCompany(scope))
    .execute();
  const done = await db
    .deleteFrom('report')
    .where('id', '=', id)
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  if (Number(done.numDeletedRows) !== 1) return undefined;
  if (runs.length)
    await db
      .deleteFrom('export_record')
      .where(
        'id',
        'in',
        runs.map((r) => Number(r.id)),
      )
      .execute();
  return runs.map((r) => ({ fileId: r.file_id === null ? null : Number(r.file_id) }));
}

const RUN_COLUMNS = [
  'report_run.id',
  'report_run.report_id',
  'report_run.record_id',
  'report_run.company_id',
  'report_run.period_start',
  'report_run.period_end',
  'report_run.scheduled',
  'report_run.devices',
  'report_run.created_at',
  'export_record.state',
  'export_record.file_name',
  'export_record.file_size',
  'export_record.error_code',
  'export_record.finished_at',
  'export_record.user_id',
  'export_record.file_id',
] as const;

interface RunRow {
  id: number;
  report_id: number;
  record_id: number;
  company_id: number;
  period_start: Date;
  period_end: Date;
  scheduled: boolean;
  devices: number;
  created_at: Date;
  state: string;
  file_name: string;
  file_size: number | null;
  error_code: number | null;
  finished_at: Date | null;
  user_id: number;
  file_id: number | null;
}

export function toReportRun(r: RunRow): ReportRun {
  return {
    runId: Number(r.id),
    reportId: Number(r.report_id),
    state: r.state as ReportRunState,
    fileName: r.file_name,
    periodStart: new Date(r.period_start).getTime(),
    periodEnd: new Date(r.period_end).getTime(),
    scheduled: r.scheduled,
    devices: Number(r.devices),
    size: r.file_size === null ? null : Number(r.file_size),
    errorCode: r.error_code,
    createdAt: new Date(r.created_at).getTime(),
    finishedAt: ms(r.finished_at),
  };
}

function runs(db: DbOrTx) {
  return db.selectFrom('report_run').innerJoin('export_record', 'export_record.id', 'report_run.record_id');
}

export async function listRuns(
  db: DbOrTx,
  scope: CompanyScope,
  reportId: number,
  offset: number,
  limit: number,
) {
  const mine = runs(db)
    .where('report_run.report_id', '=', reportId)
    .where('report_run.company_id', 'in', scopedCompanyIds(scope));
  const [total, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .select(RUN_COLUMNS)
      .orderBy('report_run.created_at', 'desc')
      .orderBy('report_run.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(total.n), list: rows.map((r) => toReportRun(r as unknown as RunRow)) };
}

/** The newest run of each report. */
export async function lastRuns(db: DbOrTx, reportIds: number[]): Promise<Map<number, ReportRun>> {
  if (!reportIds.length) return new Map();
  const rows = await runs(db)
    .select(RUN_COLUMNS)
    .where('report_run.report_id', 'in', reportIds)
    .where(
      'report_run.id',
      'in',
      db
        .selectFrom('report_run')
        .select((eb) => eb.fn.max('id').as('id'))
        .where('report_id', 'in', reportIds)
        .groupBy('report_id'),
    )
    .execute();
  return new Map(rows.map((r) => [Number(r.report_id), toReportRun(r as unknown as RunRow)]));
}

/** A run of the scope with its record's owner and file. */
export async function findRun(db: DbOrTx, scope: CompanyScope, runId: number) {
  const row = await runs(db)
    .select(RUN_COLUMNS)
    .where('report_run.id', '=', runId)
    .where('report_run.company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return row as unknown as RunRow | undefined;
}

/** The job's own read: the run it writes and its report, whatever the company. */
export async function findRunForJob(db: DbOrTx, runId: number) {
  const row = await runs(db)
    .innerJoin('report', 'report.id', 'report_run.report_id')
    .select([...RUN_COLUMNS, 'export_record.deadline_at', 'report.name as report_name'])
    .where('report_run.id', '=', runId)
    .executeTakeFirst();
  if (!row) return undefined;
  const report = await db
    .selectFrom('report')
    .selectAll()
    .where('id', '=', Number(row.report_id))
    .executeTakeFirst();
  return report
    ? { run: row as unknown as RunRow & { deadline_at: Date }, report: toStoredReport(report) }
    : undefined;
}

export async function insertRun(
  db: DbOrTx,
  r: {
    companyId: number;
    reportId: number;
    recordId: number;
    start: Date;
    end: Date;
    scheduled: boolean;
    at: Date;
  },
) {
  const row = await db
    .insertInto('report_run')
    .values({
      company_id: r.companyId,
      report_id: r.reportId,
      record_id: r.recordId,
      period_start: r.start,
      period_end: r.end,
      scheduled: r.scheduled,
      created_at: r.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function saveRunDevices(db: DbOrTx, runId: number, devices: number): Promise<void> {
  await db.updateTable('report_run').set({ devices }).where('id', '=', runId).execute();
}

/** Enabled periodic reports whose next run is due, locked for this sweep (another node skips them). */
export async function lockDueReports(db: DbOrTx, now: Date, limit: number) {
  const rows = await db
    .selectFrom('report')
    .selectAll()
    .where('next_run_at', '<=', now)
    .where('enabled', '=', true)
    .orderBy('next_run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map(toStoredReport);
}

export async function setNextRun(db: DbOrTx, reportId: number, next: Date | null): Promise<void> {
  await db.updateTable('report').set({ next_run_at: next }).where('id', '=', reportId).execute();
}

/** A share link of a run of the owning company; answers whether one was removed. */
export async function deleteRunShareLink(db: DbOrTx, scope: CompanyScope, shareId: string): Promise<boolean> {
  const done = await db
    .deleteFrom('export_share_link')
    .where('id', '=', shareId)
    .where('company_id', '=', owningCompany(scope))
    .where('record_id', 'in', db.selectFrom('report_run').select('record_id'))
    .executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

// ---- what a run reads: the devices and their aggregates --------------------------------------------

export interface ReportDevice {
  sn: string;
  name: string;
  model: string;
  groupName: string;
}

function targetWhere(companyId: number, targets: ReportTargets) {
  if (targets.mode === 'devices') return sql<boolean>`d.sn in (${sql.join(targets.sns)})`;
  // The company's root group is every device of the company, ungrouped ones (no group) too.
  return sql<boolean>`(d.group_id in (
    with recursive tree as (
      select id from company_group where company_id = ${companyId} and id = ${targets.groupId}
      union all
      select c.id from company_group c join tree on c.parent_id = tree.id
    ) select id from tree)
    or exists (select 1 from company_group r
                where r.id = ${targets.groupId} and r.company_id = ${companyId} and r.parent_id is null))`;
}

/** How many devices of the company the targets name now, counting no further than `limit`. */
export async function countTargetDevices(
  db: DbOrTx,
  companyId: number,
  targets: ReportTargets,
  limit: number,
): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from (
      select 1 from device d where d.company_id = ${companyId} and ${targetWhere(companyId, targets)} limit ${limit}
    ) x`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The company's devices the targets name, by SN. */
export async function targetDevices(db: DbOrTx, companyId: number, targets: ReportTargets, limit: number) {
  const { rows } = await sql<{
    sn: string;
    name: string | null;
    model: string | null;
    group_name: string | null;
  }>`
    select d.sn, d.name, d.model, g.name as group_name
      from device d left join company_group g on g.id = d.group_id and g.company_id = d.company_id
     where d.company_id = ${companyId} and ${targetWhere(companyId, targets)}
     order by d.sn limit ${limit}`.execute(db);
  return rows.map((r) => ({
    sn: r.sn,
    name: r.name ?? '',
    model: r.model ?? '',
    groupName: r.group_name ?? '',
  }));
}

export interface Period {
  start: Date;
  end: Date;
}

/**
 * Bytes per device and link over [start, end), counted as the dashboard counts them
 * (devices/device-usage.ts).
 */
export async function usageByLink(db: DbOrTx, companyId: number, sns: string[], period: Period) {
  if (!sns.length) return [];
  const { rows } = await sql<{ sn: string; link: string; rx: number; tx: number }>`
    ${usageDeltas(sql`t.company_id = ${companyId} and t.sn in (${sql.join(sns)})
      and t.at >= ${period.start} and t.at < ${period.end}`)}
    select sn, link, sum(rx) as rx, sum(tx) as tx from deltas group by sn, link`.execute(db);
  return rows.map((r) => ({ sn: r.sn, link: r.link, rx: Number(r.rx), tx: Number(r.tx) }));
}

export interface SignalAggregate {
  sn: string;
  samples: number;
  values: Record<string, number | null>;
}

const METRICS = ['rssi', 'rsrp', 'rsrq', 'sinr'] as const;

/** Signal per device over [start, end), every SIM together: average, minimum and 5th percentile. */
export async function signalByDevice(
  db: DbOrTx,
  companyId: number,
  sns: string[],
  period: Period,
): Promise<SignalAggregate[]> {
  if (!sns.length) return [];
  const aggregates = METRICS.map(
    (m) => sql`avg((s->>${m})::float8) as ${sql.ref(`${m}_avg`)},
      min((s->>${m})::float8) as ${sql.ref(`${m}_min`)},
      percentile_cont(0.05) within group (order by (s->>${m})::float8) as ${sql.ref(`${m}_p5`)}`,
  );
  const { rows } = await sql<Record<string, unknown> & { sn: string; samples: string }>`
    select t.sn, count(*) as samples, ${sql.join(aggregates)}
      from device_telemetry t, jsonb_array_elements(coalesce(t.data->'signal', '[]'::jsonb)) s
     where t.company_id = ${companyId} and t.sn in (${sql.join(sns)})
           and t.at >= ${period.start} and t.at < ${period.end}
     group by t.sn`.execute(db);
  return rows.map((r) => {
    const values: Record<string, number | null> = {};
    for (const m of METRICS)
      for (const agg of ['Avg', 'Min', 'P5']) {
        const v = r[`${m}_${agg.toLowerCase()}`];
        values[`${m}${agg}`] = v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;
      }
    return { sn: r.sn, samples: Number(r.samples), values };
  });
}

/** The language a person last signed in with: the language of the files made for them. */
export async function personLanguage(db: DbOrTx, userId: number): Promise<'en' | 'cn'> {
  const row = await db.selectFrom('app_user').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language === 'cn' ? 'cn' : 'en';
}
