import type { ExportRecord, ExportState } from '@fleetport/contract';
import { type Selectable, sql } from 'kysely';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { ExportTables } from './exports.tables.ts';

/** SQL of export records and share links; every read and write names the company and the user. */

/**
 * Whose records: export records are a person's own, in one company (the limit of 10 counts there), so
 * they are keyed by the user and the scope's owning company, not read across a scope. A set of
 * companies has no one place to keep them (5); a partner console names the company first.
 */
export interface RecordOwner {
  companyId: number;
  userId: number;
}

export function recordOwner(actor: Pick<Actor, 'scope' | 'userId'>): RecordOwner {
  return { companyId: owningCompany(actor.scope), userId: actor.userId };
}

/**
 * The `source` of a report run's record (modules/reports): its file, share links and keeping are this
 * layer's, but it is listed on the reports page, not the export records page, and does not count toward
 * the 10 records of 120043 (docs/decisions.md "Reports").
 */
export const REPORT_RUN_SOURCE = 'reports.run';

/** What the job needs to write the file, stored with the record. */
export interface ExportJobRequest {
  filter: unknown;
  fields: string[];
  lang: 'en' | 'cn';
  utcOffsetMinutes: number;
}

type RecordRow = Selectable<ExportTables['export_record']>;

export function toExportRecord(r: RecordRow): ExportRecord & { jobId: number | null } {
  const ms = (d: Date | null) => (d ? new Date(d).getTime() : null);
  return {
    recordId: Number(r.id),
    fileName: r.file_name,
    module: r.module,
    state: r.state as ExportState,
    totalRows: r.total_rows,
    doneRows: r.done_rows,
    size: r.file_size === null ? null : Number(r.file_size),
    errorCode: r.error_code,
    createdAt: new Date(r.created_at).getTime(),
    finishedAt: ms(r.finished_at),
    fileExpiresAt: ms(r.file_expires_at),
    jobId: r.job_id === null ? null : Number(r.job_id),
  };
}

/**
 * Serialises a user's export starts (one transaction at a time per user), so two at once cannot both
 * see nine records and make twelve. An advisory lock: PGlite and PostgreSQL alike.
 */
export async function lockUserExports(tx: DbOrTx, owner: RecordOwner): Promise<void> {
  await sql`select pg_advisory_xact_lock(${owner.companyId}::int, ${owner.userId}::int)`.execute(tx);
}

/** Records that count against the limit of 10 (120043): generating, or ready with the file kept. */
export async function countKeptRecords(db: DbOrTx, owner: RecordOwner, now: Date): Promise<number> {
  const row = await db
    .selectFrom('export_record')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('source', '!=', REPORT_RUN_SOURCE)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'generating'),
        eb.and([eb('state', '=', 'ready'), eb('file_expires_at', '>', now)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRecord(
  db: DbOrTx,
  r: RecordOwner & {
    source: string;
    module: string;
    fileName: string;
    request: ExportJobRequest;
    totalRows: number;
    createdAt: Date;
    deadlineAt: Date;
  },
): Promise<RecordRow> {
  return db
    .insertInto('export_record')
    .values({
      company_id: r.companyId,
      user_id: r.userId,
      source: r.source,
      module: r.module,
      file_name: r.fileName,
      request: JSON.stringify(r.request),
      state: 'generating',
      total_rows: r.totalRows,
      job_id: null,
      file_id: null,
      file_size: null,
      error_code: null,
      created_at: r.createdAt,
      deadline_at: r.deadlineAt,
      finished_at: null,
      file_expires_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setRecordJob(db: DbOrTx, recordId: number, jobId: number): Promise<RecordRow> {
  return db
    .updateTable('export_record')
    .set({ job_id: jobId })
    .where('id', '=', recordId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listRecords(db: DbOrTx, owner: RecordOwner, offset: number, limit: number) {
  const mine = db
    .selectFrom('export_record')
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('source', '!=', REPORT_RUN_SOURCE);
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
  return { total: Number(total.n), list: rows.map(toExportRecord) };
}

/** One of the user's records in the company, or undefined (another user's record is not theirs). */
export async function findOwnRecord(db: DbOrTx, owner: RecordOwner, recordId: number) {
  return db
    .selectFrom('export_record')
    .selectAll()
    .where('id', '=', recordId)
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
}

/** The job's own read: the record it writes, whatever its owner. */
export async function findRecordForJob(db: DbOrTx, recordId: number) {
  return db.selectFrom('export_record').selectAll().where('id', '=', recordId).executeTakeFirst();
}

export async function saveRowsDone(db: DbOrTx, recordId: number, done: number): Promise<void> {
  await db.updateTable('export_record').set({ done_rows: done }).where('id', '=', recordId).execute();
}

/** Ready, if still generating (a record deleted or failed meanwhile stays so); false otherwise. */
export async function markReady(
  db: DbOrTx,
  recordId: number,
  r: { fileId: number; size: number; rows: number; at: Date; fileExpiresAt: Date },
): Promise<boolean> {
  const updated = await db
    .updateTable('export_record')
    .set({
      state: 'ready',
      file_id: r.fileId,
      file_size: r.size,
      total_rows: r.rows,
      done_rows: r.rows,
      finished_at: r.at,
      file_expires_at: r.fileExpiresAt,
    })
    .where('id', '=', recordId)
    .where('state', '=', 'generating')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function markFailed(db: DbOrTx, recordId: number, code: number, at: Date): Promise<void> {
  await db
    .updateTable('export_record')
    .set({ state: 'failed', error_code: code, finished_at: at })
    .where('id', '=', recordId)
    .where('state', '=', 'generating')
    .execute();
}

export async function deleteOwnRecord(db: DbOrTx, owner: RecordOwner, recordId: number) {
  return db
    .deleteFrom('export_record')
    .where('id', '=', recordId)
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .returningAll()
    .executeTakeFirst();
}

/** Keeps a shared file at least until its link expires. */
export async function keepFileUntil(db: DbOrTx, recordId: number, until: Date): Promise<void> {
  await db
    .updateTable('export_record')
    .set({ file_expires_at: sql<Date>`greatest(file_expires_at, ${until})` })
    .where('id', '=', recordId)
    .execute();
}

export async function insertShareLink(
  db: DbOrTx,
  link: RecordOwner & { id: string; createdAt: Date; expiresAt: Date } & (
      | { recordId: number }
      | { subject: string; subjectId: number }
    ),
): Promise<void> {
  await db
    .insertInto('export_share_link')
    .values({
      id: link.id,
      company_id: link.companyId,
      user_id: link.userId,
      record_id: 'recordId' in link ? link.recordId : null,
      subject: 'subject' in link ? link.subject : null,
      subject_id: 'subject' in link ? link.subjectId : null,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      removed_at: null,
    })
    .execute();
}

/**
 * A share link with its record's file (an export or report run) or its support subject, or undefined
 * when no such link exists (or it was deleted with its record).
 */
export async function findShareLink(db: DbOrTx, shareId: string) {
  return db
    .selectFrom('export_share_link')
    .leftJoin('export_record', 'export_record.id', 'export_share_link.record_id')
    .select([
      'export_share_link.expires_at',
      'export_share_link.removed_at',
      'export_share_link.subject',
      'export_share_link.subject_id',
      'export_record.company_id',
      'export_record.state',
      'export_record.file_id',
      'export_record.file_name',
      'export_record.file_size',
      'export_record.file_expires_at',
    ])
    .where('export_share_link.id', '=', shareId)
    .executeTakeFirst();
}

/** Ready records whose file is past keeping (core §9: 24 hours, longer while a share link is valid). */
export async function findExpiredFiles(db: DbOrTx, now: Date) {
  return db
    .selectFrom('export_record')
    .select(['id', 'company_id', 'file_id'])
    .where('state', '=', 'ready')
    .where('file_expires_at', '<=', now)
    .execute();
}

/** The record's file is gone: it reads `expired` and can no longer be downloaded or shared. */
export async function markExpired(db: DbOrTx, recordId: number): Promise<void> {
  await db
    .updateTable('export_record')
    .set({ state: 'expired', file_id: null })
    .where('id', '=', recordId)
    .execute();
}

/** Generating records past their deadline: their job died or never ran. */
export async function failOverdue(db: DbOrTx, before: Date, code: number, at: Date): Promise<number> {
  const updated = await db
    .updateTable('export_record')
    .set({ state: 'failed', error_code: code, finished_at: at })
    .where('state', '=', 'generating')
    .where('deadline_at', '<', before)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** Records (and their links) older than the link-record keeping time; answers their files. */
export async function deleteOldRecords(db: DbOrTx, before: Date) {
  return db
    .deleteFrom('export_record')
    .where('created_at', '<', before)
    .returning(['id', 'company_id', 'file_id'])
    .execute();
}
