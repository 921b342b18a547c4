import {
  applyPointTablesCall,
  createPointTableCall,
  deletePointTableCall,
  endpointValuesCall,
  endpointWriteCall,
  exportPointTableCall,
  getPointTableCall,
  importPointTableCall,
  listPointTablesCall,
  testReadPointTableCall,
  updatePointTableCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as polling from './endpoint-polling.service.ts';
import * as tables from './point-tables.service.ts';

/** The point table calls: the actor from the session, the service, the answer. */
export function pointTableRoutes(deps: tables.PointTableDeps) {
  return [
    bind(listPointTablesCall, async (ctx) => tables.getPointTables(deps, companyActor(ctx), ctx.input)),
    bind(getPointTableCall, async (ctx) =>
      tables.getPointTable(deps, companyActor(ctx), ctx.input.pointTableId),
    ),
    bind(createPointTableCall, async (ctx) => tables.createPointTable(deps, companyActor(ctx), ctx.input)),
    bind(updatePointTableCall, async (ctx) =>
      tables.editPointTable(deps, companyActor(ctx), ctx.input.pointTableId, ctx.input.table),
    ),
    bind(deletePointTableCall, async (ctx) =>
      tables.removePointTable(deps, companyActor(ctx), ctx.input.pointTableId),
    ),
    bind(testReadPointTableCall, async (ctx) =>
      tables.testReadPointTable(deps, companyActor(ctx), ctx.input),
    ),
    bind(exportPointTableCall, async (ctx) =>
      tables.exportPointTable(deps, companyActor(ctx), ctx.input.pointTableId),
    ),
    bind(importPointTableCall, async (ctx) =>
      tables.importPointTable(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(applyPointTablesCall, async (ctx) => polling.applyPointTables(deps, companyActor(ctx), ctx.input)),
    bind(endpointValuesCall, async (ctx) => polling.getEndpointValues(deps, companyActor(ctx), ctx.input)),
    bind(endpointWriteCall, async (ctx) =>
      polling.writeEndpointPoint(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
  ];
}
