import { getCustomerQuotaCall, getMyQuotaCall, setCustomerQuotaCall } from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as quotas from './quotas.service.ts';

/** The quotas area's calls: a partner's (or the Super Admin's) editor, and a company's own view. */
export function quotaRoutes(deps: quotas.QuotaDeps) {
  return [
    bind(getCustomerQuotaCall, async (ctx) =>
      quotas.customerQuota(deps, requireSession(ctx), ctx.input.companyId),
    ),
    bind(setCustomerQuotaCall, async (ctx) => quotas.setCustomerQuota(deps, requireSession(ctx), ctx.input)),
    bind(getMyQuotaCall, async (ctx) => quotas.myQuota(deps, companyActor(ctx))),
  ];
}
