import { PassThrough } from 'node:stream';
import {
  ErrorCode,
  EXPORT_MAX_RECORDS,
  exportFileExpiresAt,
  LINK_RECORD_KEEP_MONTHS,
  XLSX_MIME_TYPE,
} from '@fleetport/contract';
import { companyScope } from '../../platform/auth/actor.ts';
import { defineJob, defineSchedule, type JobContext, JobTimeoutError } from '../../platform/jobs/index.ts';
import { streamedSheet } from './export-source.ts';
import { exportSourceOf } from './export-sources.ts';
import { EXPORT_JOB_ATTEMPTS, EXPORT_JOB_KIND, type ExportDeps } from './exports.service.ts';
import {
  deleteOldRecords,
  type ExportJobRequest,
  failOverdue,
  findExpiredFiles,
  findRecordForJob,
  markExpired,
  markFailed,
  markReady,
  saveRowsDone,
} from './exports.store.ts';

/** Rows read per query: the list's query, one window at a time. */
const BATCH_ROWS = 1000;
const RETENTION_KIND = 'exports.retention';

/**
 * Writes one export's .xlsx into the file store: the record's filter through its source's query,
 * batch by batch, streamed. Running it again (a node died mid-run) writes the file anew.
 */
async function writeExport(deps: ExportDeps, ctx: JobContext<{ recordId: number }>): Promise<void> {
  const { recordId } = ctx.payload;
  const record = await findRecordForJob(deps.db, recordId);
  if (record?.state !== 'generating') return;
  if (record.deadline_at <= deps.clock.now()) {
    await markFailed(deps.db, recordId, ErrorCode.COMMAND_TIMEOUT, deps.clock.now());
    return;
  }
  const source = exportSourceOf(record.source);
  if (!source) throw new Error(`no export source ${record.source}`);
  const request = record.request as ExportJobRequest;
  const filter = source.filter.parse(request.filter);
  const reader = { lang: request.lang, utcOffsetMinutes: request.utcOffsetMinutes };
  const columns = request.fields.map((field) => source.columns.find((c) => c.field === field)!);
  const companyId = Number(record.company_id);

  const out = new PassThrough();
  const sheet = streamedSheet(
    out,
    source.sheetName[reader.lang],
    columns.map((c) => c.header[reader.lang]),
  );
  const saving = deps.files.save({
    companyId,
    kind: 'export',
    name: record.file_name,
    contentType: XLSX_MIME_TYPE,
    source: out,
    createdBy: Number(record.user_id),
    // No expiry of its own: the record decides (24 hours, longer while a share link needs it), and
    // `sweepExports` removes the file with the record's keeping.
    expiresAt: null,
  });
  // Seen below; a store that fails early must not leave the promise unobserved meanwhile.
  saving.catch(() => {});
  let done = 0;
  try {
    for (;;) {
      ctx.signal.throwIfAborted();
      const want = Math.min(BATCH_ROWS, EXPORT_MAX_RECORDS - done);
      // The job acts for the record's company, the one it was started in.
      const batch = await source.rows(deps.db, companyScope(companyId), filter, done, want);
      for (const row of batch) sheet.add(columns.map((c) => source.cell(row, c.field, reader)));
      done += batch.length;
      await saveRowsDone(deps.db, recordId, done);
      await ctx.progress(done, Math.max(done, record.total_rows));
      if (batch.length < want || done >= EXPORT_MAX_RECORDS) break;
    }
    await sheet.finish();
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
  const file = await saving;
  const now = deps.clock.now();
  const ready = await markReady(deps.db, recordId, {
    fileId: file.id,
    size: file.size,
    rows: done,
    at: now,
    fileExpiresAt: new Date(exportFileExpiresAt(now.getTime(), source.history === true)),
  });
  // Deleted (or failed by the sweep) while it was written: nobody will fetch the file.
  if (!ready) await deps.files.remove(companyId, file.id);
}

/**
 * Files past keeping go (24 hours, or while a share link needs them); records and links older than
 * three months go (core §9); a record whose job never finished fails.
 */
export async function sweepExports(deps: ExportDeps): Promise<void> {
  const now = deps.clock.now();
  for (const r of await findExpiredFiles(deps.db, now)) {
    if (r.file_id !== null) await deps.files.remove(Number(r.company_id), Number(r.file_id));
    await markExpired(deps.db, Number(r.id));
  }
  // A minute's grace: the job itself fails the record at its deadline when it still runs.
  await failOverdue(deps.db, new Date(now.getTime() - 60_000), ErrorCode.COMMAND_TIMEOUT, now);
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - LINK_RECORD_KEEP_MONTHS);
  for (const r of await deleteOldRecords(deps.db, before)) {
    if (r.file_id !== null) await deps.files.remove(Number(r.company_id), Number(r.file_id));
  }
}

/** The exports area's job kinds and schedule, for the worker every node runs. */
export function exportJobs(deps: ExportDeps) {
  return {
    handlers: [
      defineJob<{ recordId: number }>({
        kind: EXPORT_JOB_KIND,
        maxAttempts: EXPORT_JOB_ATTEMPTS,
        async run(ctx) {
          try {
            await writeExport(deps, ctx);
          } catch (error) {
            const timedOut = ctx.signal.reason instanceof JobTimeoutError;
            if (timedOut || ctx.attempt >= EXPORT_JOB_ATTEMPTS)
              await markFailed(
                deps.db,
                ctx.payload.recordId,
                timedOut ? ErrorCode.COMMAND_TIMEOUT : ErrorCode.INTERNAL_ERROR,
                deps.clock.now(),
              );
            throw error;
          }
        },
      }),
      defineJob({ kind: RETENTION_KIND, run: () => sweepExports(deps) }),
    ],
    schedules: [
      defineSchedule({ name: RETENTION_KIND, every: 10 * 60_000, kind: RETENTION_KIND, runAtStart: true }),
    ],
  };
}
