import {
  approveOrderCall,
  billingListCall,
  cancelOrderCall,
  checkoutOfferCall,
  customerOrdersCall,
  customerTermsCall,
  myOrdersCall,
  placeOrderCall,
  rejectOrderCall,
  setCustomerTermsCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

/**
 * Query keys of checkout. The list kit keeps a list's pages under its call id; a decision refetches
 * both sides' order lists, the terms, and the licences pages' balances and billing.
 */
export const checkoutKeys = {
  offer: ['checkout', 'offer'] as const,
  terms: (companyId: number) => ['checkout', 'terms', companyId] as const,
  myOrders: [myOrdersCall.id] as const,
  customerOrders: [customerOrdersCall.id] as const,
};
const LICENCE_KEYS = [['licences'], [billingListCall.id]];

export function useCheckoutOffer() {
  return useQuery({ queryKey: checkoutKeys.offer, queryFn: () => apiCall(checkoutOfferCall, {}) });
}

export function usePlaceOrder() {
  return useCallMutation(placeOrderCall, { invalidates: [checkoutKeys.myOrders] });
}

export function useCancelOrder() {
  return useCallMutation(cancelOrderCall, { invalidates: [checkoutKeys.myOrders] });
}

export function useApproveOrder() {
  return useCallMutation(approveOrderCall, { invalidates: [checkoutKeys.customerOrders, ...LICENCE_KEYS] });
}

export function useRejectOrder() {
  return useCallMutation(rejectOrderCall, { invalidates: [checkoutKeys.customerOrders] });
}

export function useCustomerTerms(companyId: number) {
  return useQuery({
    queryKey: checkoutKeys.terms(companyId),
    queryFn: () => apiCall(customerTermsCall, { companyId }),
    enabled: Number.isInteger(companyId) && companyId > 0,
  });
}

export function useSetCustomerTerms(companyId: number) {
  return useCallMutation(setCustomerTermsCall, { invalidates: [checkoutKeys.terms(companyId)] });
}
