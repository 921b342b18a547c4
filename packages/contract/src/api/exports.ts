import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import type { Localized } from '../i18n.ts';
import { EXPORT_WAIT_TIMEOUT_MS } from '../limits.ts';
import { defineCall } from './define.ts';

/**
 * Asynchronous exports (issue 10; core §3 "Export request", §7 "Asynchronous export", §9 exports and
 * link records). A list's export is a POST to the list's path with `forwardExport` inserted after
 * the area prefix; it creates an export record (generating), a job writes the .xlsx into the file
 * store (ready, or failed), and the user downloads or shares it from the export records page.
 */

/** The path segment that turns a list's path into its export's path (core §7). */
export const EXPORT_SEGMENT = 'forwardExport';

/** `/link/device/getDeviceList` -> `/link/forwardExport/device/getDeviceList`. */
export function exportPathOf<const P extends string>(listPath: P): ExportPathOf<P> {
  const [, area, ...rest] = listPath.split('/');
  return ['', area, EXPORT_SEGMENT, ...rest].join('/') as ExportPathOf<P>;
}

/** The export path of a list path, as a type: `/pl/x/list` → `/pl/forwardExport/x/list`. */
export type ExportPathOf<P extends string> = P extends `/${infer Area}/${infer Rest}`
  ? `/${Area}/${typeof EXPORT_SEGMENT}/${Rest}`
  : string;

/** The request header naming the console module an export was started from (core §7). */
export const VISIBLE_MODULE_HEADER = 'visibleModule';

/**
 * A record's state: `generating` until the job ends, then `ready` (the file can be downloaded for
 * EXPORT_FILE_KEEP_HOURS) or `failed`; a ready record whose file was removed is `expired`.
 */
export const EXPORT_STATES = ['generating', 'ready', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
/** States that count against MAX_EXPORT_RECORDS_KEPT (120043). */
export const EXPORT_STATES_KEPT: readonly ExportState[] = ['generating', 'ready'];

/** Hours an export's file is kept (core §9: history-log exports are kept 24 hours). */
export const EXPORT_FILE_KEEP_HOURS = 24;
/** Minutes past midnight UTC before which a history log's export must be fetched (core §9: 00:05 UTC). */
export const HISTORY_EXPORT_DEADLINE_UTC_MINUTES = 5;

/**
 * Until when an export's file can be fetched, from the moment it is ready: 24 hours; a history log's
 * (the activity log, the alert history) until the next 00:05 UTC if that comes first (core §9 keeps
 * history-log exports 24 hours and wants them fetched before 00:05 UTC). The next 00:05 UTC is always
 * within 24 hours, so a history export made at 00:04 UTC lasts one minute: the records page shows
 * the time, and docs/decisions.md "Exports" says why.
 */
export function exportFileExpiresAt(readyAtMs: number, history: boolean): number {
  const kept = readyAtMs + EXPORT_FILE_KEEP_HOURS * 3_600_000;
  if (!history) return kept;
  const day = new Date(readyAtMs);
  let deadline = Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    0,
    HISTORY_EXPORT_DEADLINE_UTC_MINUTES,
  );
  if (deadline <= readyAtMs) deadline += 24 * 3_600_000;
  return Math.min(kept, deadline);
}

/** One column a list can export: the row field and its header in both languages. */
export interface ExportColumnDef {
  field: string;
  header: Localized;
}

/** A file name on every system the file may land on: none of Windows' reserved characters. */
export const EXPORT_FILE_NAME_PATTERN = /^[^\\/:*?"<>|]+$/;
const FileNamePrefixSchema = z.string().trim().min(1).max(64).regex(EXPORT_FILE_NAME_PATTERN);

/**
 * core §3 "Export request" over one list: its filter (the list's, without paging) and its columns.
 * `maxWaitMillisTimeOut` is how long the export may run before its record fails (core §7 default).
 */
export function exportRequestSchema<F extends z.ZodType>(filter: F, columns: readonly ExportColumnDef[]) {
  const fields = columns.map((c) => c.field) as [string, ...string[]];
  return z.strictObject({
    fileNamePrefix: FileNamePrefixSchema,
    exportType: z.literal('EXCEL'),
    exportConfig: z.strictObject({
      /** The columns of the file, in order; each field at most once. */
      columns: z
        .array(z.strictObject({ field: z.enum(fields) }))
        .min(1)
        .max(fields.length)
        .refine((list) => new Set(list.map((c) => c.field)).size === list.length, 'each column once'),
    }),
    dataSourceType: z.literal('TABLE'),
    dataSourceConfig: z.strictObject({ filterParams: filter }),
    maxWaitMillisTimeOut: z
      .number()
      .int()
      .min(1000)
      .max(EXPORT_WAIT_TIMEOUT_MS)
      .default(EXPORT_WAIT_TIMEOUT_MS),
  });
}

/** One export record as the export records page shows it. Times are Unix ms. */
export const ExportRecordSchema = z.object({
  recordId: z.number().int(),
  /** The file's name: the request's prefix, the time and `.xlsx`. */
  fileName: z.string(),
  /** The console module it was started from (`visibleModule`). */
  module: z.string(),
  state: z.enum(EXPORT_STATES),
  /** Rows the filter matched when the export started; the file holds this many. */
  totalRows: z.number().int(),
  /** Rows written so far. */
  doneRows: z.number().int(),
  /** Bytes of the file once ready. */
  size: z.number().int().nullable(),
  /** Catalogue code of a failed export. */
  errorCode: z.number().int().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** When the file is removed (ready records). */
  fileExpiresAt: z.number().int().nullable(),
  /** The job writing the file: its live `job.progress` events carry this id. */
  jobId: z.number().int().nullable(),
});
export type ExportRecord = z.infer<typeof ExportRecordSchema>;

/** What an export call answers: the record it created (generating). */
export const ExportStartedSchema = ExportRecordSchema;

const RecordId = z.coerce.number().int().positive();

export const listExportRecordsCall = defineCall({
  id: 'exports.list',
  method: 'POST',
  path: '/pl/exportRecord/getExportRecordList',
  input: PageQuerySchema.strict(),
  output: pageSchema(ExportRecordSchema),
  permission: 'session',
  paged: true,
  summary: "The caller's export records in the current company, newest first",
});

export const deleteExportRecordCall = defineCall({
  id: 'exports.delete',
  method: 'POST',
  path: '/pl/exportRecord/deleteExportRecord',
  input: z.strictObject({ recordId: RecordId }),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'Deletes one of the caller’s export records and its file (frees a place of the 10)',
});

export const DownloadLinkSchema = z.object({
  fileName: z.string(),
  /** A signed, expiring URL of the file (HTTP Range supported). */
  url: z.string(),
  size: z.number().int(),
});

export const downloadExportCall = defineCall({
  id: 'exports.download',
  method: 'POST',
  path: '/pl/exportRecord/getDownloadUrl',
  input: z.strictObject({ recordId: RecordId }),
  output: DownloadLinkSchema,
  permission: 'session',
  summary: 'A signed download URL of a ready export of the caller',
});

/**
 * A share link's state (core §3 "Share or export link: valid, removed, expired"): valid until it
 * expires (48 hours), removed by its maker (or with what it shares), expired afterwards.
 */
export const SHARE_LINK_STATES = ['valid', 'removed', 'expired'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

/** A share link of an export: anyone holding it may download the file until it expires. */
export const ShareLinkSchema = z.object({
  shareId: z.string(),
  /** Unix ms; afterwards the link answers 14065. */
  expiresAt: z.number().int(),
});

export const shareExportCall = defineCall({
  id: 'exports.share',
  method: 'POST',
  path: '/pl/exportRecord/shareExportRecord',
  input: z.strictObject({ recordId: RecordId }),
  output: ShareLinkSchema,
  permission: 'session',
  mutates: true,
  summary: 'A share link (public seeShareFile/{id} page) of a ready export, valid 48 hours',
});

/** Share ids: 32 url-safe characters, unguessable. */
export const ShareIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/);

/**
 * What the public seeShareFile/{id} page shows: a file (exports, report runs, resources, an FAQ entry's
 * attachment) and, for support content, its title and text. An FAQ entry without an attachment has
 * no file: `fileName`, `url` and `size` are null.
 */
export const SharedFileSchema = z.object({
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  size: z.number().int().nullable(),
  /** Unix ms: the link answers 14065 from then on. */
  expiresAt: z.number().int(),
  /** A resource's name or an FAQ entry's question; null for exports and report runs. */
  title: z.string().nullable(),
  /** A resource's description or an FAQ entry's answer; null for exports and report runs. */
  text: z.string().nullable(),
});
export type SharedFile = z.infer<typeof SharedFileSchema>;

export const seeShareFileCall = defineCall({
  id: 'exports.seeShareFile',
  method: 'POST',
  path: '/pl/exportRecord/seeShareFile',
  input: z.strictObject({ shareId: ShareIdSchema }),
  output: SharedFileSchema,
  permission: 'public',
  summary:
    'What a share link shares (an export, a report run, a resource, an FAQ entry), without a session; ' +
    '14065 once the link has expired or was removed',
});

export const EXPORT_CALLS = [
  listExportRecordsCall,
  deleteExportRecordCall,
  downloadExportCall,
  shareExportCall,
  seeShareFileCall,
] as const;
