import {
  myRebateRuleCall,
  rebateListCall,
  rebateRuleCall,
  rebateTotalsCall,
  setRebateRuleCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { utcOffsetOf } from '../../platform/http/time-zone.ts';
import * as rebates from './rebates.service.ts';

/** The rebates area's calls: the platform's rule per distributor, the distributor's rebate page. */
export function rebateRoutes(deps: rebates.RebateDeps) {
  return [
    bind(rebateRuleCall, async (ctx) => rebates.rebateRule(deps, ctx.input.companyId)),
    bind(setRebateRuleCall, async (ctx) => rebates.setRebateRule(deps, ctx.input)),
    bind(myRebateRuleCall, async (ctx) => rebates.myRebateRule(deps, companyActor(ctx))),
    bind(rebateListCall, async (ctx) => rebates.listRebates(deps, companyActor(ctx), ctx.input)),
    bind(rebateTotalsCall, async (ctx) =>
      rebates.totalRebates(deps, companyActor(ctx), ctx.input, utcOffsetOf(ctx.request)),
    ),
  ];
}
