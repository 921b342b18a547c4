import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { defineCall } from './define.ts';

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

export const ActivityFilterSchema = PageQuerySchema.extend({
  userId: z.coerce.number().int().positive().optional(),
  callId: z.string().trim().max(64).optional(),
  /** Part of the object, any case. */
  object: z.string().trim().max(128).optional(),
  result: z.enum(['success', 'failure']).optional(),
  /** Unix ms, inclusive. */
  startTime: z.coerce.number().int().nonnegative().optional(),
  endTime: z.coerce.number().int().nonnegative().optional(),
}).strict();

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

export const ACTIVITY_LOG_CALLS = [activityLogListCall] as const;
