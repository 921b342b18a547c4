import {
  type CustomReportInputSchema,
  ErrorCode,
  EXPORT_RANGE_MAX_MONTHS,
  REPORT_MAX_TARGETS,
  REPORT_PERIOD_DAYS,
  REPORT_SINGLE_MAX_DAYS,
  REPORTS_MAX,
  type Report,
  type ReportFrequency,
  type ReportInputSchema,
  type ReportRun,
} from '@fleetport/contract';
import type { z } from 'zod';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import type { Db, DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { appendEvent } from '../alerts/event-log.store.ts';
import type { ExportDeps } from '../exports/exports.service.ts';
import { downloadLink, newShareLink } from '../exports/exports.service.ts';
import {
  insertRecord,
  insertShareLink,
  keepFileUntil,
  REPORT_RUN_SOURCE,
  setRecordJob,
} from '../exports/exports.store.ts';
import {
  countReports,
  countTargetDevices,
  customReportInUse,
  deleteCustomReport,
  deleteReport,
  deleteRunShareLink,
  findCustomReport,
  findReport,
  findRun,
  insertCustomReport,
  insertReport,
  insertRun,
  lastRuns,
  listCustomReports,
  listReports,
  listRuns,
  type ReportValues,
  type StoredReport,
  toReportRun,
  updateReport,
} from './reports.store.ts';

/** What the reports area uses of the platform: the exports layer's parts (records, files, jobs). */
export type ReportDeps = ExportDeps;

/** The job kind that writes a run's file (reports.job.ts). */
export const REPORT_RUN_JOB_KIND = 'reports.run';

export const REPORT_RUN_ATTEMPTS = 2;
/** A run may take this long before its record fails (10,000 devices' telemetry of 30 days). */
export const REPORT_RUN_TIMEOUT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

// ---- custom reports ----------------------------------------------------------------------------

export function customReports(deps: ReportDeps, actor: Actor, type?: Report['type']) {
  return listCustomReports(deps.db, actor.scope, type);
}

export async function createCustomReport(
  deps: ReportDeps,
  actor: Actor,
  input: z.output<typeof CustomReportInputSchema>,
) {
  return insertCustomReport(deps.db, owningScope(actor.scope), {
    ...input,
    fields: [...input.fields],
    by: actor.userId,
    at: deps.clock.now(),
  });
}

export async function removeCustomReport(deps: ReportDeps, actor: Actor, id: number): Promise<null> {
  const scope = owningScope(actor.scope);
  if (!(await findCustomReport(deps.db, scope, id))) throw new AppError(ErrorCode.CUSTOM_REPORT_NOT_FOUND);
  if (await customReportInUse(deps.db, scope, id)) throw new AppError(ErrorCode.CUSTOM_REPORT_IN_USE);
  await deleteCustomReport(deps.db, scope, id);
  return null;
}

// ---- schedule ----------------------------------------------------------------------------------

/** UTC midnight of the day `at` falls in. */
export function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The first time of day `hhmm` (UTC) strictly after `after`. */
export function nextTimeOfDay(hhmm: string, after: Date): Date {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const today = dayStart(after).getTime() + (h * 60 + m) * 60_000;
  return new Date(today > after.getTime() ? today : today + DAY_MS);
}

/** A periodic report's cadence: every day, every 7 days, every 30 days (the days it covers). */
export function cadenceMs(frequency: ReportFrequency): number {
  return REPORT_PERIOD_DAYS[frequency] * DAY_MS;
}

/** The closed period a run starting at `at` covers: the whole days before today (today excluded). */
export function closedPeriod(frequency: ReportFrequency, at: Date) {
  const end = dayStart(at);
  return { start: new Date(end.getTime() - REPORT_PERIOD_DAYS[frequency] * DAY_MS), end };
}

// ---- reports -----------------------------------------------------------------------------------

type ReportInput = z.output<typeof ReportInputSchema>;

/** Checks a report's input against the company's data and turns it into what is stored. */
async function reportValues(deps: ReportDeps, actor: Actor, input: ReportInput): Promise<ReportValues> {
  const scope = owningScope(actor.scope);
  if (input.customReportId !== null) {
    const custom = await findCustomReport(deps.db, scope, input.customReportId);
    if (custom?.type !== input.type) throw new AppError(ErrorCode.CUSTOM_REPORT_NOT_FOUND);
  }
  const devices = await countTargetDevices(
    deps.db,
    owningCompany(scope),
    input.targets,
    REPORT_MAX_TARGETS + 1,
  );
  if (devices > REPORT_MAX_TARGETS)
    throw new AppError(ErrorCode.REPORT_TOO_MANY_DEVICES, { num: REPORT_MAX_TARGETS });
  const single = input.generation === 'single';
  if (single) {
    // Past three months it is the catalogue's range code (120098), as an export's; past 30 days 800063.
    const limit = new Date(input.startTime!);
    limit.setUTCMonth(limit.getUTCMonth() + EXPORT_RANGE_MAX_MONTHS);
    if (input.endTime! > limit.getTime()) throw new AppError(ErrorCode.RANGE_THREE_MONTHS);
    if (input.endTime! - input.startTime! > REPORT_SINGLE_MAX_DAYS * DAY_MS)
      throw new AppError(ErrorCode.REPORT_SPAN_TOO_LONG, { num: REPORT_SINGLE_MAX_DAYS });
  }
  const enabled = input.enabled;
  return {
    name: input.name,
    type: input.type,
    customReportId: input.customReportId,
    generation: input.generation,
    frequency: input.frequency,
    scheduleTime: input.scheduleTime,
    startTime: single ? new Date(input.startTime!) : null,
    endTime: single ? new Date(input.endTime!) : null,
    targets: input.targets,
    fileName: input.fileName,
    enabled,
    nextRunAt: !single && enabled ? nextTimeOfDay(input.scheduleTime, deps.clock.now()) : null,
  };
}

async function withLastRun(deps: ReportDeps, reports: StoredReport[]): Promise<Report[]> {
  const last = await lastRuns(
    deps.db,
    reports.map((r) => r.reportId),
  );
  return reports.map(({ companyId: _c, createdBy: _b, ...r }) => ({
    ...r,
    lastRun: last.get(r.reportId) ?? null,
  }));
}

export async function reports(deps: ReportDeps, actor: Actor, pageNum: number, pageSize: number) {
  const page = await listReports(deps.db, actor.scope, (pageNum - 1) * pageSize, pageSize);
  return { total: page.total, list: await withLastRun(deps, page.list) };
}

export async function createReport(deps: ReportDeps, actor: Actor, input: ReportInput): Promise<Report> {
  const scope = owningScope(actor.scope);
  if ((await countReports(deps.db, scope)) >= REPORTS_MAX)
    throw new AppError(ErrorCode.REPORT_LIMIT, { num: REPORTS_MAX });
  const values = await reportValues(deps, actor, input);
  const saved = await insertReport(deps.db, scope, values, actor.userId, deps.clock.now());
  return (await withLastRun(deps, [saved]))[0]!;
}

export async function editReport(deps: ReportDeps, actor: Actor, reportId: number, input: ReportInput) {
  const scope = owningScope(actor.scope);
  if (!(await findReport(deps.db, scope, reportId))) throw new AppError(ErrorCode.REPORT_NOT_FOUND);
  const values = await reportValues(deps, actor, input);
  const saved = await updateReport(deps.db, scope, reportId, values, deps.clock.now());
  if (!saved) throw new AppError(ErrorCode.REPORT_NOT_FOUND);
  return (await withLastRun(deps, [saved]))[0]!;
}

export async function removeReport(deps: ReportDeps, actor: Actor, reportId: number): Promise<null> {
  const scope = owningScope(actor.scope);
  const removed = await deps.db.transaction().execute((tx) => deleteReport(tx, scope, reportId));
  if (!removed) throw new AppError(ErrorCode.REPORT_NOT_FOUND);
  for (const r of removed) if (r.fileId !== null) await deps.files.remove(owningCompany(scope), r.fileId);
  return null;
}

/** `usage_20261127.xlsx`: the report's file name and the first day the run covers. */
function runFileName(report: StoredReport, start: Date): string {
  return `${report.fileName}_${start.toISOString().slice(0, 10).replaceAll('-', '')}.xlsx`;
}

/**
 * Starts a run: an export record (generating) owned by `userId`, the run and its job in one
 * transaction, and an event in the log. Report runs do not count toward the 10 export records of
 * 120043 (docs/decisions.md "Reports").
 */
export async function startRun(
  tx: DbOrTx,
  deps: Pick<ReportDeps, 'clock'>,
  report: StoredReport,
  r: { userId: number; start: Date; end: Date; scheduled: boolean },
) {
  const now = deps.clock.now();
  const record = await insertRecord(tx, {
    companyId: report.companyId,
    userId: r.userId,
    source: REPORT_RUN_SOURCE,
    module: 'robustlink/customReports',
    fileName: runFileName(report, r.start),
    request: { filter: { reportId: report.reportId }, fields: [], lang: 'en', utcOffsetMinutes: 0 },
    totalRows: 0,
    createdAt: now,
    deadlineAt: new Date(now.getTime() + REPORT_RUN_TIMEOUT_MS),
  });
  const runId = await insertRun(tx, {
    companyId: report.companyId,
    reportId: report.reportId,
    recordId: Number(record.id),
    start: r.start,
    end: r.end,
    scheduled: r.scheduled,
    at: now,
  });
  const job = await enqueueJob(tx, {
    kind: REPORT_RUN_JOB_KIND,
    payload: { runId },
    companyId: report.companyId,
    maxAttempts: REPORT_RUN_ATTEMPTS,
    timeoutMs: REPORT_RUN_TIMEOUT_MS,
    clock: deps.clock,
  });
  await setRecordJob(tx, Number(record.id), job.id);
  await appendEvent(
    tx,
    report.companyId,
    'report.generating',
    { reportId: report.reportId, reportName: report.name, runId, scheduled: r.scheduled },
    now,
  );
  return runId;
}

/** Runs a report now: a single report over its span, a periodic one over its last closed period. */
export async function generateReport(deps: ReportDeps, actor: Actor, reportId: number): Promise<ReportRun> {
  const scope = owningScope(actor.scope);
  const report = await findReport(deps.db, scope, reportId);
  if (!report) throw new AppError(ErrorCode.REPORT_NOT_FOUND);
  const period =
    report.generation === 'single'
      ? { start: new Date(report.startTime!), end: new Date(report.endTime!) }
      : closedPeriod(report.frequency, deps.clock.now());
  const runId = await deps.db
    .transaction()
    .execute((tx) => startRun(tx, deps, report, { userId: actor.userId, ...period, scheduled: false }));
  deps.jobs?.wake();
  const run = await findRun(deps.db, scope, runId);
  return toReportRun(run!);
}

export async function reportRuns(
  deps: ReportDeps,
  actor: Actor,
  reportId: number,
  pageNum: number,
  pageSize: number,
) {
  if (!(await findReport(deps.db, actor.scope, reportId))) throw new AppError(ErrorCode.REPORT_NOT_FOUND);
  return listRuns(deps.db, actor.scope, reportId, (pageNum - 1) * pageSize, pageSize);
}

async function ownRun(deps: ReportDeps, actor: Actor, runId: number) {
  const run = await findRun(deps.db, actor.scope, runId);
  if (!run) throw new AppError(ErrorCode.REPORT_RUN_NOT_FOUND);
  return run;
}

/** A run's file, through the exports layer (120008 while generating, 14065 once the file is gone). */
export async function downloadRun(deps: ReportDeps, actor: Actor, runId: number) {
  const run = await ownRun(deps, actor, runId);
  return downloadLink(
    deps,
    { companyId: Number(run.company_id), userId: Number(run.user_id) },
    Number(run.record_id),
  );
}

/** A share link of a ready run, valid 48 hours, on the exports layer's seeShareFile page. */
export async function shareRun(deps: ReportDeps, actor: Actor, runId: number) {
  const run = await ownRun(deps, { ...actor, scope: owningScope(actor.scope) }, runId);
  if (run.state === 'generating') throw new AppError(ErrorCode.DO_NOT_REPEAT);
  if (run.state !== 'ready' || run.file_id === null) throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  const now = deps.clock.now();
  const { shareId, expiresAt } = newShareLink(now);
  await deps.db.transaction().execute(async (tx) => {
    await insertShareLink(tx, {
      companyId: Number(run.company_id),
      userId: actor.userId,
      id: shareId,
      recordId: Number(run.record_id),
      createdAt: now,
      expiresAt,
    });
    await keepFileUntil(tx, Number(run.record_id), expiresAt);
  });
  return { shareId, expiresAt: expiresAt.getTime() };
}

export async function removeShare(deps: ReportDeps, actor: Actor, shareId: string): Promise<null> {
  if (!(await deleteRunShareLink(deps.db as Db, owningScope(actor.scope), shareId)))
    throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  return null;
}
