import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { JobStateSchema } from '../live.ts';
import { defineCall } from './define.ts';

/**
 * Background jobs (server platform/jobs): the people a job belongs to see its state, progress and last
 * error. A job belongs to its company, and a job one person asked for (an export) to that person
 * only. Live changes arrive on the WebSocket as `job.progress`.
 */

export const JobSchema = z.object({
  id: z.number().int(),
  /** What the job does, e.g. `exports.devices`. */
  kind: z.string(),
  state: JobStateSchema,
  /** Attempts started; a job retries with a growing wait until its last attempt. */
  attempts: z.number().int(),
  progressDone: z.number(),
  /** Null while the job does not know how much there is to do. */
  progressTotal: z.number().nullable(),
  /** The last failed attempt's error (while retrying, or after failing for good). */
  lastError: z.string().nullable(),
  /** Unix ms. */
  createdAt: z.number().int(),
  /** Unix ms: not before this time (the first run or the next retry). */
  runAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const jobListCall = defineCall({
  id: 'jobs.list',
  method: 'POST',
  path: '/pl/job/getJobList',
  input: PageQuerySchema.extend({
    kind: z.string().trim().min(1).max(64).optional(),
    state: JobStateSchema.optional(),
  }).strict(),
  output: pageSchema(JobSchema),
  permission: 'session',
  paged: true,
  summary: "The caller's jobs in the current company (the company's and the caller's own), newest first",
});

export const jobGetCall = defineCall({
  id: 'jobs.get',
  method: 'POST',
  path: '/pl/job/getJob',
  input: z.strictObject({ jobId: z.number().int().positive() }),
  output: JobSchema,
  permission: 'session',
  summary: "One of the caller's jobs with its state, progress and last error (404 when not the caller's)",
});

export const JOB_CALLS = [jobListCall, jobGetCall] as const;
