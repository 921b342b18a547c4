import { z } from 'zod';
import {
  REPORT_FIELDS,
  REPORT_FIELDS_BY_KIND,
  REPORT_FREQUENCIES,
  REPORT_GENERATIONS,
  REPORT_KINDS,
  REPORT_RUN_STATES,
  type ReportKind,
} from '../enums/reports.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { CUSTOM_REPORT_MAX_FIELDS, CUSTOM_REPORT_MIN_FIELDS, EXPORT_MAX_RECORDS } from '../limits.ts';
import { boundedText } from '../rules/rule.ts';
import { InstantMsSchema, startNotAfterEnd, TimeOfDaySchema } from '../rules/time.ts';
import { defineCall } from './define.ts';
import { DownloadLinkSchema, EXPORT_FILE_NAME_PATTERN, ShareIdSchema, ShareLinkSchema } from './exports.ts';

/**
 * Reports and custom reports (issue 16 "Reports"; core §2 robustlink customReports, §3 "Report" and
 * "Custom report", §4 report states, §5 custom report 1-30 fields). A report names its devices (a
 * group's, kept as the group so later members count, or chosen ones), its kind and its columns (a
 * custom report's fields, or every field of the kind); a run writes an .xlsx through the exports layer
 * (generating → ready | failed), downloadable and shareable for 48 h on the public seeShareFile/{id} page.
 */

const Id = z.number().int().positive();
const Sn = z.string().trim().min(1).max(64);

/** Longest span of a single report (issue 16: "a single report spans at most 30 days"; 800063). */
export const REPORT_SINGLE_MAX_DAYS = 30;
/** Devices one report may cover (refused on save, never truncated; 800062). */
export const REPORT_MAX_TARGETS = EXPORT_MAX_RECORDS;
/** Reports and custom reports per company. */
export const REPORTS_MAX = 200;
/** The UTC time a periodic report runs at when none is given: after the day it covers has closed. */
export const REPORT_DEFAULT_SCHEDULE_TIME = '00:10';

export const ReportTargetsSchema = z.discriminatedUnion('mode', [
  /** The devices of one group and its sub-groups, read when the report runs. */
  z.strictObject({ mode: z.literal('group'), groupId: Id }),
  z.strictObject({ mode: z.literal('devices'), sns: z.array(Sn).min(1).max(REPORT_MAX_TARGETS) }),
]);
export type ReportTargets = z.infer<typeof ReportTargetsSchema>;

/** Fields of one kind, each once, 1-30 of them; a field of another kind is refused naming it. */
function fieldsOfKind(input: { type: ReportKind; fields: readonly string[] }, ctx: z.RefinementCtx) {
  const allowed = REPORT_FIELDS_BY_KIND[input.type];
  const seen = new Set<string>();
  input.fields.forEach((field, i) => {
    if (!allowed.includes(field as never) || seen.has(field))
      ctx.addIssue({ code: 'custom', message: 'invalidValue', path: ['fields', i] });
    seen.add(field);
  });
}

export const CustomReportInputSchema = z
  .strictObject({
    name: boundedText(1, 50),
    description: boundedText(0, 200).default(''),
    type: z.enum(REPORT_KINDS),
    fields: z.array(z.enum(REPORT_FIELDS)).min(CUSTOM_REPORT_MIN_FIELDS).max(CUSTOM_REPORT_MAX_FIELDS),
  })
  .superRefine(fieldsOfKind);
export type CustomReportInput = z.input<typeof CustomReportInputSchema>;

export const CustomReportSchema = z.object({
  customReportId: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(REPORT_KINDS),
  fields: z.array(z.enum(REPORT_FIELDS)),
  createdAt: z.number().int(),
});
export type CustomReport = z.infer<typeof CustomReportSchema>;

export const ReportInputSchema = z
  .strictObject({
    name: boundedText(1, 50),
    type: z.enum(REPORT_KINDS),
    /** The columns: a custom report of the same kind, or none for every field of the kind. */
    customReportId: Id.nullable().default(null),
    generation: z.enum(REPORT_GENERATIONS),
    /** Periodic reports: daily covers the previous day, weekly the last 7 days, monthly the last 30. */
    frequency: z.enum(REPORT_FREQUENCIES).default('daily'),
    /** Periodic reports: the UTC time of day a run starts. */
    scheduleTime: TimeOfDaySchema.default(REPORT_DEFAULT_SCHEDULE_TIME),
    /** Single reports: the span, at most 30 days (800063). Unix ms. */
    startTime: InstantMsSchema.nullable().default(null),
    endTime: InstantMsSchema.nullable().default(null),
    targets: ReportTargetsSchema,
    /** The file's name before its date and `.xlsx`. */
    fileName: z.string().trim().min(1).max(64).regex(EXPORT_FILE_NAME_PATTERN),
    enabled: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.generation !== 'single') return;
    if (input.startTime === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['startTime'] });
    if (input.endTime === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['endTime'] });
    if (
      input.startTime !== null &&
      input.endTime !== null &&
      !startNotAfterEnd(input.startTime, input.endTime)
    )
      ctx.addIssue({ code: 'custom', message: 'startAfterEnd', path: ['startTime'] });
  });
export type ReportInput = z.input<typeof ReportInputSchema>;

export const ReportRunSchema = z.object({
  runId: z.number().int(),
  reportId: z.number().int(),
  state: z.enum(REPORT_RUN_STATES),
  fileName: z.string(),
  /** The span the run covers, [start, end), Unix ms. */
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  /** Started by the schedule rather than a person. */
  scheduled: z.boolean(),
  devices: z.number().int(),
  size: z.number().int().nullable(),
  errorCode: z.number().int().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type ReportRun = z.infer<typeof ReportRunSchema>;

export const ReportSchema = z.object({
  reportId: z.number().int(),
  name: z.string(),
  type: z.enum(REPORT_KINDS),
  customReportId: z.number().int().nullable(),
  generation: z.enum(REPORT_GENERATIONS),
  frequency: z.enum(REPORT_FREQUENCIES),
  scheduleTime: z.string(),
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  targets: ReportTargetsSchema,
  fileName: z.string(),
  enabled: z.boolean(),
  /** Periodic and enabled: when the next run starts. */
  nextRunAt: z.number().int().nullable(),
  lastRun: ReportRunSchema.nullable(),
  createdAt: z.number().int(),
});
export type Report = z.infer<typeof ReportSchema>;

export const listReportsCall = defineCall({
  id: 'reports.list',
  method: 'POST',
  path: '/link/report/list',
  input: PageQuerySchema.strict(),
  output: pageSchema(ReportSchema),
  permission: 'reports.view',
  paged: true,
  summary: "The company's reports, newest first, each with its last run",
});

export const createReportCall = defineCall({
  id: 'reports.create',
  method: 'POST',
  path: '/link/report/add',
  input: ReportInputSchema,
  output: ReportSchema,
  permission: 'reports.create',
  mutates: true,
  summary:
    'Add a report (800061 unknown custom report or of another kind, 800062 over 10,000 devices, 800063 a single report over 30 days, 120098 a range over three months)',
});

export const updateReportCall = defineCall({
  id: 'reports.update',
  method: 'POST',
  path: '/link/report/edit',
  input: z.strictObject({ reportId: Id, report: ReportInputSchema }),
  output: ReportSchema,
  permission: 'reports.edit',
  mutates: true,
  summary: 'Change a report (800060 when it does not exist; the rules of add)',
});

export const deleteReportCall = defineCall({
  id: 'reports.delete',
  method: 'POST',
  path: '/link/report/delete',
  input: z.strictObject({ reportId: Id }),
  output: z.null(),
  permission: 'reports.remove',
  mutates: true,
  summary: 'Delete a report, its runs, their files and share links',
});

export const generateReportCall = defineCall({
  id: 'reports.generate',
  method: 'POST',
  path: '/link/report/generate',
  input: z.strictObject({ reportId: Id }),
  output: ReportRunSchema,
  permission: 'reports.export',
  mutates: true,
  summary:
    'Run a report now over its span (a periodic report: the last closed period); the run starts generating',
});

export const listReportRunsCall = defineCall({
  id: 'reports.runs',
  method: 'POST',
  path: '/link/report/runs',
  input: PageQuerySchema.extend({ reportId: Id }).strict(),
  output: pageSchema(ReportRunSchema),
  permission: 'reports.view',
  paged: true,
  summary: "A report's runs, newest first (kept three months)",
});

export const downloadReportRunCall = defineCall({
  id: 'reports.download',
  method: 'POST',
  path: '/link/report/downloadRun',
  input: z.strictObject({ runId: Id }),
  output: DownloadLinkSchema,
  permission: 'reports.view',
  summary: 'A signed download URL of a ready run (120008 while generating, 14065 once its file is gone)',
});

export const shareReportRunCall = defineCall({
  id: 'reports.share',
  method: 'POST',
  path: '/link/report/shareRun',
  input: z.strictObject({ runId: Id }),
  output: ShareLinkSchema,
  permission: 'reports.export',
  mutates: true,
  summary: 'A share link of a ready run (public seeShareFile/{id} page), valid 48 hours',
});

export const removeReportShareCall = defineCall({
  id: 'reports.removeShare',
  method: 'POST',
  path: '/link/report/removeShare',
  input: z.strictObject({ shareId: ShareIdSchema }),
  output: z.null(),
  permission: 'reports.export',
  mutates: true,
  summary: 'Remove a share link of a run: the seeShareFile page answers 14065 from then on',
});

export const listCustomReportsCall = defineCall({
  id: 'reports.customList',
  method: 'POST',
  path: '/link/customReport/list',
  input: z.strictObject({ type: z.enum(REPORT_KINDS).optional() }),
  output: z.array(CustomReportSchema),
  permission: 'reports.view',
  summary: "The company's custom reports, newest first",
});

export const createCustomReportCall = defineCall({
  id: 'reports.customCreate',
  method: 'POST',
  path: '/link/customReport/add',
  input: CustomReportInputSchema,
  output: CustomReportSchema,
  permission: 'reports.create',
  mutates: true,
  summary: 'Add a custom report: 1-30 fields of its kind, each once (0 or 31 fields: code 1 naming `fields`)',
});

export const deleteCustomReportCall = defineCall({
  id: 'reports.customDelete',
  method: 'POST',
  path: '/link/customReport/delete',
  input: z.strictObject({ customReportId: Id }),
  output: z.null(),
  permission: 'reports.remove',
  mutates: true,
  summary: 'Delete a custom report no report uses (800061 unknown, 800064 in use)',
});

export const REPORT_CALLS = [
  listReportsCall,
  createReportCall,
  updateReportCall,
  deleteReportCall,
  generateReportCall,
  listReportRunsCall,
  downloadReportRunCall,
  shareReportRunCall,
  removeReportShareCall,
  listCustomReportsCall,
  createCustomReportCall,
  deleteCustomReportCall,
] as const;
