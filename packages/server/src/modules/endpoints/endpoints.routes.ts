import {
  createEndpointCall,
  deleteEndpointsCall,
  endpointImportTemplateCall,
  getEndpointCall,
  importEndpointsCall,
  listEndpointsCall,
  updateEndpointCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { endpointImportTemplate, importEndpoints } from './endpoint-import.service.ts';
import * as endpoints from './endpoints.service.ts';

/** The endpoint calls: the actor from the session, the service, the answer. */
export function endpointRoutes(deps: endpoints.EndpointDeps) {
  return [
    bind(listEndpointsCall, async (ctx) => endpoints.getEndpoints(deps, companyActor(ctx), ctx.input)),
    bind(getEndpointCall, async (ctx) => endpoints.getEndpoint(deps, companyActor(ctx), ctx.input.thingId)),
    bind(createEndpointCall, async (ctx) => endpoints.createEndpoint(deps, companyActor(ctx), ctx.input)),
    bind(updateEndpointCall, async (ctx) => endpoints.editEndpoint(deps, companyActor(ctx), ctx.input)),
    bind(deleteEndpointsCall, async (ctx) =>
      endpoints.removeEndpoints(deps, companyActor(ctx), ctx.input.thingIds),
    ),
    bind(importEndpointsCall, async (ctx) => importEndpoints(deps, companyActor(ctx), ctx.input, ctx.lang)),
    bind(endpointImportTemplateCall, async (ctx) => {
      companyActor(ctx);
      return endpointImportTemplate();
    }),
  ];
}
