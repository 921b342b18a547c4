import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  EXPORT_MAX_RECORDS,
  type ExportRecord,
  formatDateTime,
  type Lang,
  MAX_EXPORT_RECORDS_KEPT,
  SHARE_LINK_VALID_HOURS,
  type SharedFile,
} from '@fleetport/contract';
import { companyScope } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import type { Files } from '../../platform/files/files.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import type { ExportSource } from './export-source.ts';
import {
  countKeptRecords,
  deleteOwnRecord,
  findOwnRecord,
  findShareLink,
  insertRecord,
  insertShareLink,
  keepFileUntil,
  listRecords,
  lockUserExports,
  type RecordOwner,
  setRecordJob,
  toExportRecord,
} from './exports.store.ts';
import { shareSubjectOf } from './share-subjects.ts';

/** What the exports area uses of the platform. */
export interface ExportDeps {
  db: Db;
  clock: Clock;
  files: Files;
  /** This node's job worker, told to look for the new job at once. */
  jobs?: { wake(): void } | undefined;
}

/** The job kind that writes an export's file (exports.job.ts). */
export const EXPORT_JOB_KIND = 'exports.generate';
/** A failed attempt is tried once more; a node that died mid-run is picked up again regardless. */
export const EXPORT_JOB_ATTEMPTS = 2;
const HOUR_MS = 3_600_000;

/** The export request as the contract parses it (core §3). */
export interface ExportRequestInput {
  fileNamePrefix: string;
  exportConfig: { columns: { field: string }[] };
  dataSourceConfig: { filterParams: unknown };
  maxWaitMillisTimeOut: number;
}

export interface ExportCaller extends RecordOwner {
  lang: Lang;
  /** Minutes east of UTC (`timeZoneOffset`). */
  utcOffsetMinutes: number;
  /** `visibleModule` header. */
  module: string | undefined;
}

/** `devices_20261124_180501.xlsx`: the prefix and the start time in the caller's time zone. */
function fileNameOf(prefix: string, at: Date, utcOffsetMinutes: number): string {
  return `${prefix}_${formatDateTime(at, 'YYYYMMDD_HHmmss', { utcOffsetMinutes })}.xlsx`;
}

/**
 * Starts an export (core §7, §9): refuses more than 10000 rows (120116) and an 11th record that is
 * generating or ready (120043), then saves the record and enqueues its job in one transaction, so a
 * record never waits for a job that was not saved.
 */
export async function startExport<F>(
  deps: ExportDeps,
  caller: ExportCaller,
  source: ExportSource<F>,
  input: ExportRequestInput,
): Promise<ExportRecord> {
  const now = deps.clock.now();
  const given = input.dataSourceConfig.filterParams as F;
  const filter = source.bound ? source.bound(given, now) : given;
  // The rows the job will write: those of the record's company (exports.job.ts).
  const rows = await source.count(deps.db, companyScope(caller.companyId), filter, EXPORT_MAX_RECORDS + 1);
  if (rows > EXPORT_MAX_RECORDS) throw new AppError(ErrorCode.EXPORT_MAX);
  const record = await deps.db.transaction().execute(async (tx) => {
    await lockUserExports(tx, caller);
    if ((await countKeptRecords(tx, caller, now)) >= MAX_EXPORT_RECORDS_KEPT)
      throw new AppError(ErrorCode.EXPORT_RECORDS_LIMIT);
    const saved = await insertRecord(tx, {
      companyId: caller.companyId,
      userId: caller.userId,
      source: source.call.id,
      module: (caller.module?.trim() || source.module).slice(0, 64),
      fileName: fileNameOf(input.fileNamePrefix, now, caller.utcOffsetMinutes),
      request: {
        filter,
        fields: input.exportConfig.columns.map((c) => c.field),
        lang: caller.lang,
        utcOffsetMinutes: caller.utcOffsetMinutes,
      },
      totalRows: rows,
      createdAt: now,
      deadlineAt: new Date(now.getTime() + input.maxWaitMillisTimeOut),
    });
    const job = await enqueueJob(tx, {
      kind: EXPORT_JOB_KIND,
      payload: { recordId: Number(saved.id) },
      companyId: caller.companyId,
      userId: caller.userId,
      maxAttempts: EXPORT_JOB_ATTEMPTS,
      timeoutMs: input.maxWaitMillisTimeOut,
      clock: deps.clock,
    });
    return setRecordJob(tx, Number(saved.id), job.id);
  });
  deps.jobs?.wake();
  return toExportRecord(record);
}

export function exportRecords(deps: ExportDeps, owner: RecordOwner, pageNum: number, pageSize: number) {
  return listRecords(deps.db, owner, (pageNum - 1) * pageSize, pageSize);
}

/** The caller's own record; another user's or company's reads as missing (5). */
async function ownRecord(deps: ExportDeps, owner: RecordOwner, recordId: number) {
  const record = await findOwnRecord(deps.db, owner, recordId);
  if (!record) throw new AppError(ErrorCode.NO_PERMISSION);
  return record;
}

/** A ready record's file; 120008 while it is generating, 14065 once its file is gone. */
async function readyFile(deps: ExportDeps, owner: RecordOwner, recordId: number) {
  const record = await ownRecord(deps, owner, recordId);
  if (record.state === 'generating') throw new AppError(ErrorCode.DO_NOT_REPEAT);
  const file =
    record.file_id === null
      ? undefined
      : await deps.files.find(companyScope(owner.companyId), record.file_id);
  if (record.state !== 'ready' || !file) throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  return { record, file };
}

export async function downloadLink(deps: ExportDeps, owner: RecordOwner, recordId: number) {
  const { record, file } = await readyFile(deps, owner, recordId);
  const link = await deps.files.link(file);
  return { fileName: record.file_name, url: link.url, size: Number(record.file_size ?? file.size) };
}

/** Deletes the record, its share links and its file; frees one of the 10 places. */
export async function deleteRecord(deps: ExportDeps, owner: RecordOwner, recordId: number): Promise<null> {
  const removed = await deleteOwnRecord(deps.db, owner, recordId);
  if (!removed) throw new AppError(ErrorCode.NO_PERMISSION);
  if (removed.file_id !== null) await deps.files.remove(owner.companyId, Number(removed.file_id));
  return null;
}

/** A new share link's id (32 url-safe characters, unguessable) and its end, 48 hours on (core §9). */
export function newShareLink(now: Date): { shareId: string; expiresAt: Date } {
  return {
    shareId: randomBytes(24).toString('base64url'),
    expiresAt: new Date(now.getTime() + SHARE_LINK_VALID_HOURS * HOUR_MS),
  };
}

/**
 * A share link valid 48 hours (core §9). The file is kept at least as long as the link: a file shared
 * on its 23rd hour still opens on the link's 47th.
 */
export async function shareRecord(deps: ExportDeps, owner: RecordOwner, recordId: number) {
  await readyFile(deps, owner, recordId);
  const now = deps.clock.now();
  const { shareId, expiresAt } = newShareLink(now);
  await deps.db.transaction().execute(async (tx) => {
    await insertShareLink(tx, { ...owner, id: shareId, recordId, createdAt: now, expiresAt });
    await keepFileUntil(tx, recordId, expiresAt);
  });
  return { shareId, expiresAt: expiresAt.getTime() };
}

/** How long a download link handed out by a share link lasts: no longer than the share link. */
function downloadSeconds(expiresAt: Date, now: Date): number {
  const seconds = Math.max(1, Math.floor((new Date(expiresAt).getTime() - now.getTime()) / 1000));
  return Math.min(seconds, 3600);
}

/**
 * The public seeShareFile/{id} page's call: what a valid link shares. An expired, removed or unknown
 * link all answer 14065, so a guessed id learns nothing.
 */
export async function seeSharedFile(deps: ExportDeps, shareId: string): Promise<SharedFile> {
  const link = await findShareLink(deps.db, shareId);
  const now = deps.clock.now();
  if (!link || link.removed_at !== null || link.expires_at <= now)
    throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  const expiresAt = new Date(link.expires_at).getTime();
  if (link.subject !== null) {
    const shared = await shareSubjectOf(link.subject)?.resolve(deps, Number(link.subject_id));
    if (!shared) throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
    const download = shared.file
      ? await deps.files.link(shared.file, downloadSeconds(link.expires_at, now))
      : null;
    return {
      fileName: shared.file?.name ?? null,
      url: download?.url ?? null,
      size: shared.file?.size ?? null,
      expiresAt,
      title: shared.title,
      text: shared.text,
    };
  }
  if (link.state !== 'ready' || link.file_id === null || link.company_id === null)
    throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  // The link names its record, the record its company: whoever opens it has no session.
  const file = await deps.files.find(companyScope(Number(link.company_id)), Number(link.file_id));
  if (!file) throw new AppError(ErrorCode.SHARE_LINK_EXPIRED);
  const download = await deps.files.link(file, downloadSeconds(link.expires_at, now));
  return {
    fileName: link.file_name,
    url: download.url,
    size: Number(link.file_size ?? file.size),
    expiresAt,
    title: null,
    text: null,
  };
}
