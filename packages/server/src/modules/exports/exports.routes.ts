import {
  deleteExportRecordCall,
  downloadExportCall,
  listExportRecordsCall,
  seeShareFileCall,
  shareExportCall,
} from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { utcOffsetOf } from '../../platform/http/time-zone.ts';
import { EXPORT_SOURCES } from './export-sources.ts';
import {
  deleteRecord,
  downloadLink,
  type ExportDeps,
  exportRecords,
  seeSharedFile,
  shareRecord,
  startExport,
} from './exports.service.ts';
import { recordOwner } from './exports.store.ts';

function headerText(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** Each list's `forwardExport` call, and the export records page's calls. */
export function exportRoutes(deps: ExportDeps) {
  return [
    ...EXPORT_SOURCES.map((source) =>
      bind(source.call, async (ctx) => {
        const caller = {
          ...recordOwner(companyActor(ctx)),
          lang: ctx.lang,
          utcOffsetMinutes: utcOffsetOf(ctx.request),
          module: headerText(ctx.request, 'visibleModule'),
        };
        return startExport(deps, caller, source, ctx.input as never);
      }),
    ),
    bind(listExportRecordsCall, async (ctx) =>
      exportRecords(deps, recordOwner(companyActor(ctx)), ctx.input.pageNum, ctx.input.pageSize),
    ),
    bind(deleteExportRecordCall, async (ctx) =>
      deleteRecord(deps, recordOwner(companyActor(ctx)), ctx.input.recordId),
    ),
    bind(downloadExportCall, async (ctx) =>
      downloadLink(deps, recordOwner(companyActor(ctx)), ctx.input.recordId),
    ),
    bind(shareExportCall, async (ctx) =>
      shareRecord(deps, recordOwner(companyActor(ctx)), ctx.input.recordId),
    ),
    bind(seeShareFileCall, async (ctx) => seeSharedFile(deps, ctx.input.shareId)),
  ];
}
