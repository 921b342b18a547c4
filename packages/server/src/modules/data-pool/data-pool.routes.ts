import {
  addDataPackagesCall,
  checkDataPoolCall,
  dataPoolItemsCall,
  dataPoolSummaryCall,
  dataPoolUsageCall,
  grantDataCall,
  saveDataPoolSettingsCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as pool from './data-pool.service.ts';

/** The data pool's calls: the actor from the session, the service, the answer. */
export function dataPoolRoutes(deps: pool.DataPoolDeps) {
  return [
    bind(dataPoolSummaryCall, async (ctx) => pool.poolSummary(deps, companyActor(ctx))),
    bind(dataPoolItemsCall, async (ctx) => pool.poolItems(deps, companyActor(ctx), ctx.input)),
    bind(dataPoolUsageCall, async (ctx) => pool.poolUsage(deps, companyActor(ctx), ctx.input)),
    bind(addDataPackagesCall, async (ctx) => pool.addDataPackages(deps, companyActor(ctx), ctx.input)),
    bind(saveDataPoolSettingsCall, async (ctx) => pool.saveSettings(deps, companyActor(ctx), ctx.input)),
    bind(checkDataPoolCall, async (ctx) => pool.checkData(deps, companyActor(ctx))),
    bind(grantDataCall, async (ctx) => pool.grantData(deps, requireSession(ctx), ctx.input)),
  ];
}
