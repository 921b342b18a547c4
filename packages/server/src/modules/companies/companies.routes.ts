import {
  companyListCall,
  leaveMyCompanyCall,
  myCompanyLimitsCall,
  switchCompanyCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import { companyLimits, leaveCompanyOf, listCompanies, switchCompany } from './companies.service.ts';

export function companyRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(companyListCall, async (ctx) => listCompanies(deps, requireSession(ctx).userId, ctx.input)),
    bind(switchCompanyCall, async (ctx) => switchCompany(deps, requireSession(ctx), ctx.input.companyId)),
    bind(myCompanyLimitsCall, async (ctx) => companyLimits(deps, requireSession(ctx).userId)),
    bind(leaveMyCompanyCall, async (ctx) => leaveCompanyOf(deps, requireSession(ctx), ctx.input.companyId)),
  ];
}
