import { ErrorCode, type Job, jobGetCall, jobListCall } from '@fleetport/contract';
import type { AppDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { bind } from '../../platform/http/calls.ts';
import {
  findVisibleJob,
  type JobRow,
  type JobViewer,
  listVisibleJobs,
} from '../../platform/jobs/jobs.store.ts';

function toJob(row: JobRow): Job {
  const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    progressDone: row.progress_done,
    progressTotal: row.progress_total,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).getTime(),
    runAt: new Date(row.run_at).getTime(),
    startedAt: ms(row.started_at),
    finishedAt: ms(row.finished_at),
  };
}

/** The jobs a person may see: their companies', and their own in them (never another person's). */
function viewerOf(ctx: Parameters<typeof companyActor>[0]): JobViewer {
  const { scope, userId } = companyActor(ctx);
  return { scope, userId };
}

export function jobRoutes(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  return [
    bind(jobListCall, async (ctx) => {
      const { pageNum, pageSize, kind, state } = ctx.input;
      const { rows, total } = await listVisibleJobs(db, viewerOf(ctx), {
        kind,
        state,
        limit: pageSize,
        offset: (pageNum - 1) * pageSize,
      });
      return { list: rows.map(toJob), total };
    }),
    bind(jobGetCall, async (ctx) => {
      const row = await findVisibleJob(db, viewerOf(ctx), ctx.input.jobId);
      // Another company's or another person's job answers as one that does not exist.
      if (!row) throw new AppError(ErrorCode.NOT_FOUND);
      return toJob(row);
    }),
  ];
}
