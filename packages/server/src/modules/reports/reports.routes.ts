import {
  createCustomReportCall,
  createReportCall,
  deleteCustomReportCall,
  deleteReportCall,
  downloadReportRunCall,
  generateReportCall,
  listCustomReportsCall,
  listReportRunsCall,
  listReportsCall,
  removeReportShareCall,
  shareReportRunCall,
  updateReportCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as reports from './reports.service.ts';

/** The reports page's calls: the actor from the session, the service, the answer. */
export function reportRoutes(deps: reports.ReportDeps) {
  return [
    bind(listReportsCall, async (ctx) =>
      reports.reports(deps, companyActor(ctx), ctx.input.pageNum, ctx.input.pageSize),
    ),
    bind(createReportCall, async (ctx) => reports.createReport(deps, companyActor(ctx), ctx.input)),
    bind(updateReportCall, async (ctx) =>
      reports.editReport(deps, companyActor(ctx), ctx.input.reportId, ctx.input.report),
    ),
    bind(deleteReportCall, async (ctx) => reports.removeReport(deps, companyActor(ctx), ctx.input.reportId)),
    bind(generateReportCall, async (ctx) =>
      reports.generateReport(deps, companyActor(ctx), ctx.input.reportId),
    ),
    bind(listReportRunsCall, async (ctx) =>
      reports.reportRuns(deps, companyActor(ctx), ctx.input.reportId, ctx.input.pageNum, ctx.input.pageSize),
    ),
    bind(downloadReportRunCall, async (ctx) => reports.downloadRun(deps, companyActor(ctx), ctx.input.runId)),
    bind(shareReportRunCall, async (ctx) => reports.shareRun(deps, companyActor(ctx), ctx.input.runId)),
    bind(removeReportShareCall, async (ctx) =>
      reports.removeShare(deps, companyActor(ctx), ctx.input.shareId),
    ),
    bind(listCustomReportsCall, async (ctx) =>
      reports.customReports(deps, companyActor(ctx), ctx.input.type),
    ),
    bind(createCustomReportCall, async (ctx) =>
      reports.createCustomReport(deps, companyActor(ctx), ctx.input),
    ),
    bind(deleteCustomReportCall, async (ctx) =>
      reports.removeCustomReport(deps, companyActor(ctx), ctx.input.customReportId),
    ),
  ];
}
