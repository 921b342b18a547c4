import {
  activityLogExportCall,
  activityLogListCall,
  EXPORT_MAX_RECORDS,
  XLSX_MIME_TYPE,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { activityWorkbook } from './activity-log.export.ts';
import { activityPage } from './activity-log.query.ts';

/** The current company's activity, newest first: listed page by page, or exported as .xlsx. */
export function activityLogRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(activityLogListCall, async (ctx) => {
      const { companyId } = companyActor(ctx);
      const { pageNum, pageSize, ...filter } = ctx.input;
      return activityPage(deps.db, companyId, filter, (pageNum - 1) * pageSize, pageSize);
    }),
    bind(activityLogExportCall, async (ctx) => {
      const { companyId } = companyActor(ctx);
      const { total, list } = await activityPage(deps.db, companyId, ctx.input, 0, EXPORT_MAX_RECORDS);
      const offset = Number(ctx.request.headers.timezoneoffset);
      const content = await activityWorkbook(list, ctx.lang, Number.isFinite(offset) ? offset : 0);
      const day = deps.clock.now().toISOString().slice(0, 10);
      return {
        fileName: `activity-log-${day}.xlsx`,
        mimeType: XLSX_MIME_TYPE,
        content: content.toString('base64'),
        rows: list.length,
        total,
      };
    }),
  ];
}
