import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EXPORT_MAX_RECORDS } from '../limits.ts';
import { numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

export * from './activity-actions.ts';
export * from './activity-details.ts';

/**
 * The activity log (issue 4): every call whose contract def has `mutates: true` is recorded with who
 * made it, in which company, which call and object, from which address, when, and the result code.
 */

export const ActivityRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  loginAccount: z.string().nullable(),
  /** Contract call id, e.g. `users.delete`; the console shows it in the reader's language. */
  callId: z.string(),
  /** What the call acted on, e.g. `userId=12`. */
  object: z.string().nullable(),
  remoteAddress: z.string().nullable(),
  /** Catalogue code of the answer; 0 success. */
  resultCode: z.number().int(),
  /** Unix ms. */
  at: z.number().int(),
});
export type ActivityRow = z.infer<typeof ActivityRowSchema>;

/**
 * Call areas (the part of a call id before the dot) of the device console: the device activity page
 * (core §2 robustlink/activity) shows these, and any entry that names a device.
 */
export const DEVICE_ACTIVITY_AREAS = [
  'devices',
  'deviceGroups',
  'deviceTags',
  'deviceDetails',
  'remoteActions',
  'deviceSoftware',
] as const;

export function isDeviceActivity(callId: string): boolean {
  return (DEVICE_ACTIVITY_AREAS as readonly string[]).includes(callId.split('.')[0] ?? '');
}

/** Call areas of the VPN console: its activity page (core §2 vpn/activity) shows these. */
export const VPN_ACTIVITY_AREAS = ['vpn', 'dataPool'] as const;

export function isVpnActivity(callId: string): boolean {
  return (VPN_ACTIVITY_AREAS as readonly string[]).includes(callId.split('.')[0] ?? '');
}

const ActivityFilterFields = {
  /**
   * `devices`: only what was done to devices (device console calls, or entries naming a device);
   * `vpn`: only VPN console calls (the VPN activity page's own call sets it).
   */
  scope: z.enum(['all', 'devices', 'vpn']).optional(),
  /** Entries that concern this device (its SN, exactly), bulk actions over it included. */
  sn: z.string().trim().min(1).max(64).optional(),
  userId: numberFilter(z.number().int().positive()),
  callId: z.string().trim().max(64).optional(),
  /** Part of the object, any case. */
  object: z.string().trim().max(128).optional(),
  result: z.enum(['success', 'failure']).optional(),
  /** Unix ms, inclusive. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
};

export const ActivityFilterSchema = PageQuerySchema.extend(ActivityFilterFields).strict();
/** The list's filter without paging: what an export covers. */
export const ActivityExportFilterSchema = z.strictObject(ActivityFilterFields);
export type ActivityExportFilter = z.output<typeof ActivityExportFilterSchema>;

export const activityLogListCall = defineCall({
  id: 'activityLog.list',
  method: 'POST',
  path: '/pl/activity/getActivityLogList',
  input: ActivityFilterSchema,
  output: pageSchema(ActivityRowSchema),
  permission: 'activity.view',
  paged: true,
  summary:
    'What changed in the current company, newest first, filtered by user, call, object, result and time',
});

/** The media type of every .xlsx file the platform hands out (exports, import templates). */
export const XLSX_MIME_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Columns an activity export can hold, in the console's order. */
export const ACTIVITY_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'at', header: { en: 'Time', cn: '时间' } },
  { field: 'userName', header: { en: 'User', cn: '用户' } },
  { field: 'loginAccount', header: { en: 'Login account', cn: '登录账号' } },
  { field: 'callId', header: { en: 'Action', cn: '操作' } },
  { field: 'object', header: { en: 'Object', cn: '对象' } },
  { field: 'remoteAddress', header: { en: 'Address', cn: '地址' } },
  { field: 'resultCode', header: { en: 'Result', cn: '结果' } },
];

export const activityLogExportCall = defineCall({
  id: 'activityLog.export',
  method: 'POST',
  path: exportPathOf(activityLogListCall.path),
  input: exportRequestSchema(ActivityExportFilterSchema, ACTIVITY_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'activity.export',
  mutates: true,
  summary: `The filtered activity log to .xlsx in the background, newest first, at most ${EXPORT_MAX_RECORDS} entries and three months`,
});

export const ACTIVITY_LOG_CALLS = [activityLogListCall, activityLogExportCall] as const;
