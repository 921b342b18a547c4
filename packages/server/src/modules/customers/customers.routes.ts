import {
  addCustomerCall,
  customerDevicesCall,
  customerLicencesCall,
  getCustomerCall,
  listCustomersCall,
  transferCustomerDevicesCall,
  updateCustomerCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { customerDevices, customerLicences, transferCustomerDevices } from './customer-holdings.service.ts';
import * as customers from './customers.service.ts';

/** My customers: the actor from the session, the service, the answer. */
export function customerRoutes(deps: customers.CustomerDeps) {
  return [
    bind(listCustomersCall, async (ctx) => customers.listCustomers(deps, companyActor(ctx), ctx.input)),
    bind(getCustomerCall, async (ctx) => customers.getCustomer(deps, companyActor(ctx), ctx.input.companyId)),
    bind(addCustomerCall, async (ctx) =>
      customers.addCustomer(deps, companyActor(ctx), ctx.input, ctx.lang, ctx.request),
    ),
    bind(updateCustomerCall, async (ctx) => customers.updateCustomer(deps, companyActor(ctx), ctx.input)),
    bind(customerDevicesCall, async (ctx) => customerDevices(deps, companyActor(ctx), ctx.input)),
    bind(customerLicencesCall, async (ctx) => customerLicences(deps, companyActor(ctx), ctx.input.companyId)),
    bind(transferCustomerDevicesCall, async (ctx) =>
      transferCustomerDevices(deps, companyActor(ctx), ctx.input),
    ),
  ];
}
