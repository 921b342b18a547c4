import {
  companyMembersCall,
  getCompanyAccountCall,
  leaveCompanyCall,
  setDefaultCompanyCall,
  updateCompanyAccountCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as service from './company-account.service.ts';

export function companyAccountRoutes(deps: ModuleDeps<'clock' | 'db'>) {
  return [
    bind(getCompanyAccountCall, async (ctx) => service.getCompanyAccount(deps, companyActor(ctx))),
    bind(updateCompanyAccountCall, async (ctx) => {
      await service.updateCompanyAccount(deps, companyActor(ctx), ctx.input);
      return null;
    }),
    bind(companyMembersCall, async (ctx) => service.listCompanyMembers(deps, companyActor(ctx), ctx.input)),
    bind(leaveCompanyCall, async (ctx) => {
      await service.leaveCompany(deps, companyActor(ctx));
      return null;
    }),
    bind(setDefaultCompanyCall, async (ctx) => {
      await service.chooseDefaultCompany(deps, requireSession(ctx).userId, ctx.input.companyId);
      return null;
    }),
  ];
}
