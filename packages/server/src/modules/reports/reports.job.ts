import { PassThrough } from 'node:stream';
import {
  ErrorCode,
  LINK_RECORD_KEEP_MONTHS,
  REPORT_FIELD_LABELS,
  REPORT_FIELDS_BY_KIND,
  REPORT_KIND_LABELS,
  REPORT_MAX_TARGETS,
  type ReportField,
  spreadsheetText,
  XLSX_MIME_TYPE,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { companyScope } from '../../platform/auth/actor.ts';
import { defineJob, defineSchedule, type JobContext, JobTimeoutError } from '../../platform/jobs/index.ts';
import { appendEvent } from '../alerts/event-log.store.ts';
import { markFailed, markReady } from '../exports/exports.store.ts';
import {
  cadenceMs,
  closedPeriod,
  REPORT_RUN_ATTEMPTS,
  REPORT_RUN_JOB_KIND,
  type ReportDeps,
  startRun,
} from './reports.service.ts';
import {
  findCustomReport,
  findRunForJob,
  lockDueReports,
  personLanguage,
  type ReportDevice,
  saveRunDevices,
  setNextRun,
  signalByDevice,
  targetDevices,
  usageByLink,
} from './reports.store.ts';
import { REPORT_FILE_TEXT } from './reports.text.ts';

const SCHEDULE_KIND = 'reports.schedule';
/** Due reports one sweep starts; the rest wait for the next minute. */
const SWEEP_BATCH = 100;
const LINK_FIELDS: Partial<Record<ReportField, string>> = {
  wanBytes: 'wan',
  wan2Bytes: 'wan2',
  cellular1Bytes: 'cellular1',
  cellular2Bytes: 'cellular2',
  wifiBytes: 'wifi',
};

type Cell = string | number | null;

/** The file store refused a run's file (full, unwritable, unreachable): the run fails with 800067. */
class ReportFileNotStoredError extends Error {
  constructor(readonly storeError: unknown) {
    super(`report file not stored: ${storeError instanceof Error ? storeError.message : String(storeError)}`);
  }
}

/** One device's row values by field. */
async function deviceRows(
  deps: ReportDeps,
  companyId: number,
  type: 'dataUsage' | 'signalQuality',
  devices: ReportDevice[],
  period: { start: Date; end: Date },
): Promise<{ rows: Map<string, Record<string, Cell>>; totalBytes: number; withSignal: number }> {
  const sns = devices.map((d) => d.sn);
  const rows = new Map<string, Record<string, Cell>>(
    devices.map((d) => [d.sn, { sn: d.sn, deviceName: d.name, model: d.model, groupName: d.groupName }]),
  );
  let totalBytes = 0;
  let withSignal = 0;
  if (type === 'dataUsage') {
    for (const row of rows.values()) {
      row.totalBytes = 0;
      row.rxBytes = 0;
      row.txBytes = 0;
      for (const f of Object.keys(LINK_FIELDS)) row[f] = 0;
    }
    for (const u of await usageByLink(deps.db, companyId, sns, period)) {
      const row = rows.get(u.sn);
      if (!row) continue;
      const field = Object.entries(LINK_FIELDS).find(([, link]) => link === u.link)?.[0];
      row.rxBytes = Number(row.rxBytes) + u.rx;
      row.txBytes = Number(row.txBytes) + u.tx;
      row.totalBytes = Number(row.totalBytes) + u.rx + u.tx;
      if (field) row[field] = Number(row[field]) + u.rx + u.tx;
      totalBytes += u.rx + u.tx;
    }
  } else {
    for (const row of rows.values()) row.samples = 0;
    for (const s of await signalByDevice(deps.db, companyId, sns, period)) {
      const row = rows.get(s.sn);
      if (!row) continue;
      row.samples = s.samples;
      Object.assign(row, s.values);
      withSignal += 1;
    }
  }
  return { rows, totalBytes, withSignal };
}

const utc = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
const text = (c: Cell) => (typeof c === 'string' ? spreadsheetText(c) : (c ?? ''));

/**
 * Writes one run's .xlsx (exceljs' streaming writer) into the file store: a summary sheet, then one row
 * per device with the report's columns. Running it again (a node died mid-run) writes the file anew.
 */
async function writeRun(deps: ReportDeps, ctx: JobContext<{ runId: number }>): Promise<void> {
  const found = await findRunForJob(deps.db, ctx.payload.runId);
  if (found?.run.state !== 'generating') return;
  const { run, report } = found;
  const recordId = Number(run.record_id);
  const companyId = report.companyId;
  const lang = await personLanguage(deps.db, Number(run.user_id));
  const period = { start: new Date(run.period_start), end: new Date(run.period_end) };

  const devices = await targetDevices(deps.db, companyId, report.targets, REPORT_MAX_TARGETS + 1);
  if (devices.length > REPORT_MAX_TARGETS) {
    await failRun(deps, recordId, ErrorCode.REPORT_TOO_MANY_DEVICES, report, ctx.payload.runId);
    return;
  }
  await saveRunDevices(deps.db, ctx.payload.runId, devices.length);
  const custom =
    report.customReportId === null
      ? undefined
      : await findCustomReport(deps.db, companyScope(companyId), report.customReportId);
  const fields = custom?.fields ?? REPORT_FIELDS_BY_KIND[report.type];
  const { rows, totalBytes, withSignal } = await deviceRows(deps, companyId, report.type, devices, period);
  ctx.signal.throwIfAborted();

  const out = new PassThrough();
  const saving = deps.files.save({
    companyId,
    kind: 'export',
    name: run.file_name,
    contentType: XLSX_MIME_TYPE,
    source: out,
    createdBy: Number(run.user_id),
    expiresAt: null,
  });
  // The store's own failure, told apart from a failure of the writer (which also ends the upload).
  const refused = saving.then(
    () => null,
    (error: unknown) => error,
  );
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const summary = book.addWorksheet(REPORT_FILE_TEXT.summarySheet[lang]);
    summary.columns = [{ width: 28 }, { width: 40 }];
    const facts: [string, Cell][] = [
      [REPORT_FILE_TEXT.report[lang], report.name],
      [REPORT_FILE_TEXT.type[lang], REPORT_KIND_LABELS[report.type][lang]],
      [REPORT_FILE_TEXT.periodStart[lang], utc(period.start)],
      [REPORT_FILE_TEXT.periodEnd[lang], utc(period.end)],
      [REPORT_FILE_TEXT.devices[lang], devices.length],
      report.type === 'dataUsage'
        ? [REPORT_FILE_TEXT.totalBytes[lang], totalBytes]
        : [REPORT_FILE_TEXT.devicesWithSignal[lang], withSignal],
      [REPORT_FILE_TEXT.generatedAt[lang], utc(deps.clock.now())],
    ];
    for (const [k, v] of facts) summary.addRow([k, text(v)]).commit();
    summary.commit();
    const sheet = book.addWorksheet(REPORT_FILE_TEXT.devicesSheet[lang]);
    sheet.columns = fields.map((f) => ({ header: REPORT_FIELD_LABELS[f][lang], width: 20 }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for (const device of devices) {
      const row = rows.get(device.sn)!;
      sheet.addRow(fields.map((f) => text(row[f] ?? null))).commit();
    }
    sheet.commit();
    await book.commit();
  } catch (error) {
    out.destroy(error as Error);
    const storeError = await refused;
    throw storeError && storeError !== error ? new ReportFileNotStoredError(storeError) : error;
  }
  const storeError = await refused;
  if (storeError) throw new ReportFileNotStoredError(storeError);
  const file = await saving;
  const now = deps.clock.now();
  const keepUntil = new Date(new Date(run.created_at).getTime());
  keepUntil.setUTCMonth(keepUntil.getUTCMonth() + LINK_RECORD_KEEP_MONTHS);
  const ready = await deps.db.transaction().execute(async (tx) => {
    const done = await markReady(tx, recordId, {
      fileId: file.id,
      size: file.size,
      rows: devices.length,
      at: now,
      fileExpiresAt: keepUntil,
    });
    if (done)
      await appendEvent(
        tx,
        companyId,
        'report.ready',
        {
          reportId: report.reportId,
          reportName: report.name,
          runId: ctx.payload.runId,
          fileName: run.file_name,
          userId: Number(run.user_id),
        },
        now,
      );
    return done;
  });
  if (!ready) await deps.files.remove(companyId, file.id);
}

async function failRun(
  deps: ReportDeps,
  recordId: number,
  code: number,
  report: { reportId: number; name: string; companyId: number },
  runId: number,
) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    await markFailed(tx, recordId, code, now);
    await appendEvent(
      tx,
      report.companyId,
      'report.failed',
      { reportId: report.reportId, reportName: report.name, runId, errorCode: code },
      now,
    );
  });
}

/**
 * Starts the runs of periodic reports that are due: each covers the whole days before the day it starts
 * on (today excluded), and its next run is one cadence later. Reports are locked for the sweep, so two
 * nodes never start one run twice; a run missed while no node was up starts at the next sweep, once.
 */
export async function startDueReports(deps: ReportDeps): Promise<number> {
  const now = deps.clock.now();
  const started = await deps.db.transaction().execute(async (tx) => {
    const due = await lockDueReports(tx, now, SWEEP_BATCH);
    for (const report of due) {
      const period = closedPeriod(report.frequency, now);
      await startRun(tx, deps, report, { userId: report.createdBy, ...period, scheduled: true });
      let next = report.nextRunAt! + cadenceMs(report.frequency);
      while (next <= now.getTime()) next += cadenceMs(report.frequency);
      await setNextRun(tx, report.reportId, new Date(next));
    }
    return due.length;
  });
  if (started) deps.jobs?.wake();
  return started;
}

/** The reports area's job kinds and schedule, for the worker every node runs. */
export function reportJobs(deps: ReportDeps) {
  return {
    handlers: [
      defineJob<{ runId: number }>({
        kind: REPORT_RUN_JOB_KIND,
        maxAttempts: REPORT_RUN_ATTEMPTS,
        async run(ctx) {
          try {
            await writeRun(deps, ctx);
          } catch (error) {
            const timedOut = ctx.signal.reason instanceof JobTimeoutError;
            if (timedOut || ctx.attempt >= REPORT_RUN_ATTEMPTS) {
              const found = await findRunForJob(deps.db, ctx.payload.runId);
              if (found)
                await failRun(
                  deps,
                  Number(found.run.record_id),
                  timedOut
                    ? ErrorCode.COMMAND_TIMEOUT
                    : error instanceof ReportFileNotStoredError
                      ? ErrorCode.REPORT_FILE_NOT_STORED
                      : ErrorCode.INTERNAL_ERROR,
                  found.report,
                  ctx.payload.runId,
                );
            }
            throw error;
          }
        },
      }),
      defineJob({ kind: SCHEDULE_KIND, run: () => startDueReports(deps).then(() => undefined) }),
    ],
    schedules: [
      defineSchedule({ name: SCHEDULE_KIND, every: 60_000, kind: SCHEDULE_KIND, runAtStart: true }),
    ],
  };
}
