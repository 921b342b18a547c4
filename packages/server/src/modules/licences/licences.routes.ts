import {
  assignCustomerLicencesCall,
  assignDeviceLicencesCall,
  billingListCall,
  getAutoRenewCall,
  getDeviceAutoRenewCall,
  getLicenceBalancesCall,
  grantLicencesCall,
  insufficientLicenceAlertsCall,
  reduceCustomerLicencesCall,
  setAutoRenewCall,
  setDeviceAutoRenewCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as autoRenew from './auto-renew.service.ts';
import { assignDeviceLicences } from './device-assignment.service.ts';
import * as licences from './licences.service.ts';

/** The licences area's calls: the actor from the session, the service, the answer. */
export function licenceRoutes(deps: licences.LicenceDeps) {
  return [
    bind(getLicenceBalancesCall, async (ctx) => licences.licenceBalances(deps, companyActor(ctx))),
    bind(assignDeviceLicencesCall, async (ctx) => assignDeviceLicences(deps, companyActor(ctx), ctx.input)),
    bind(grantLicencesCall, async (ctx) => licences.grantLicences(deps, requireSession(ctx), ctx.input)),
    bind(assignCustomerLicencesCall, async (ctx) =>
      licences.assignToCustomer(deps, companyActor(ctx), ctx.input),
    ),
    bind(reduceCustomerLicencesCall, async (ctx) =>
      licences.reduceCustomer(deps, companyActor(ctx), ctx.input),
    ),
    bind(billingListCall, async (ctx) => licences.billingHistory(deps, companyActor(ctx), ctx.input)),
    bind(insufficientLicenceAlertsCall, async (ctx) =>
      licences.insufficientLicences(deps, companyActor(ctx)),
    ),
    bind(getAutoRenewCall, async (ctx) => autoRenew.autoRenewSetting(deps, companyActor(ctx))),
    bind(setAutoRenewCall, async (ctx) => autoRenew.setAutoRenew(deps, companyActor(ctx), ctx.input)),
    bind(getDeviceAutoRenewCall, async (ctx) =>
      autoRenew.deviceAutoRenew(deps, companyActor(ctx), ctx.input),
    ),
    bind(setDeviceAutoRenewCall, async (ctx) =>
      autoRenew.setDeviceAutoRenew(deps, companyActor(ctx), ctx.input),
    ),
  ];
}
