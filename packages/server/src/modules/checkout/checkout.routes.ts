import {
  approveOrderCall,
  approvePlatformOrderCall,
  cancelOrderCall,
  checkoutOfferCall,
  customerOrdersCall,
  customerTermsCall,
  myOrdersCall,
  placeOrderCall,
  platformOrdersCall,
  rejectOrderCall,
  rejectPlatformOrderCall,
  setCustomerTermsCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as checkout from './checkout.service.ts';

/** The checkout area's calls: the buyer's, the seller's and the platform's side of a purchase order. */
export function checkoutRoutes(deps: checkout.CheckoutDeps) {
  return [
    bind(checkoutOfferCall, async (ctx) => checkout.checkoutOffer(deps, companyActor(ctx))),
    bind(placeOrderCall, async (ctx) => checkout.placeOrder(deps, companyActor(ctx), ctx.input)),
    bind(myOrdersCall, async (ctx) => checkout.myOrders(deps, companyActor(ctx), ctx.input)),
    bind(cancelOrderCall, async (ctx) => checkout.cancelOrder(deps, companyActor(ctx), ctx.input.orderId)),
    bind(customerOrdersCall, async (ctx) => checkout.customerOrders(deps, companyActor(ctx), ctx.input)),
    bind(approveOrderCall, async (ctx) => checkout.approveCustomerOrder(deps, companyActor(ctx), ctx.input)),
    bind(rejectOrderCall, async (ctx) => checkout.rejectCustomerOrder(deps, companyActor(ctx), ctx.input)),
    bind(platformOrdersCall, async (ctx) => checkout.platformOrders(deps, ctx.input)),
    bind(approvePlatformOrderCall, async (ctx) =>
      checkout.approvePlatformOrder(deps, requireSession(ctx), ctx.input),
    ),
    bind(rejectPlatformOrderCall, async (ctx) =>
      checkout.rejectPlatformOrder(deps, requireSession(ctx), ctx.input),
    ),
    bind(customerTermsCall, async (ctx) =>
      checkout.customerTerms(deps, companyActor(ctx), ctx.input.companyId),
    ),
    bind(setCustomerTermsCall, async (ctx) => checkout.setCustomerTerms(deps, companyActor(ctx), ctx.input)),
  ];
}
