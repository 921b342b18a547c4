import {
  createDistributorCall,
  listPlatformCompaniesCall,
  listRetirementsCall,
  platformHealthCall,
  removeRetirementCall,
  saveRetirementCall,
  setCompanyDisabledCall,
  upcomingRetirementsCall,
} from '@fleetport/contract';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as admin from './super-admin.service.ts';

/** The Super Admin console's calls (permission `superAdmin`, checked before these run) and the banner's. */
export function superAdminRoutes(deps: admin.SuperAdminDeps) {
  return [
    bind(listPlatformCompaniesCall, async (ctx) => admin.listCompanies(deps, ctx.input)),
    bind(createDistributorCall, async (ctx) =>
      admin.createDistributor(deps, requireSession(ctx).userId, ctx.input, ctx.lang, ctx.request),
    ),
    bind(setCompanyDisabledCall, async (ctx) =>
      admin.setCompanyDisabled(deps, ctx.input.companyId, ctx.input.disabled),
    ),
    bind(listRetirementsCall, async () => admin.listRetirements(deps)),
    bind(saveRetirementCall, async (ctx) =>
      admin.saveRetirement(deps, ctx.input.feature, ctx.input.retireAt),
    ),
    bind(removeRetirementCall, async (ctx) => admin.removeRetirement(deps, ctx.input.feature)),
    bind(upcomingRetirementsCall, async (ctx) => admin.upcomingRetirements(deps, requireSession(ctx))),
    bind(platformHealthCall, async () => admin.platformHealth(deps)),
  ];
}
