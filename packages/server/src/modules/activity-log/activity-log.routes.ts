import { activityLogListCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { activityPage } from './activity-log.query.ts';

/**
 * The current company's activity, newest first, page by page. Its export (`forwardExport`) is an
 * export source (activity-log.export.ts) served by the exports area.
 */
export function activityLogRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(activityLogListCall, async (ctx) => {
      const { scope } = companyActor(ctx);
      const { pageNum, pageSize, ...filter } = ctx.input;
      return activityPage(deps.db, scope, filter, (pageNum - 1) * pageSize, pageSize);
    }),
  ];
}
