import { getCustomerQuotaCall, getMyQuotaCall, setCustomerQuotaCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

/** Query keys of quotas: saving a customer's refetches it (and the partner's list of customers stays as it is). */
export const quotaKeys = {
  all: ['quotas'] as const,
  customer: (companyId: number) => ['quotas', 'customer', companyId] as const,
  mine: ['quotas', 'mine'] as const,
};

export function useCustomerQuota(companyId: number) {
  return useQuery({
    queryKey: quotaKeys.customer(companyId),
    queryFn: () => apiCall(getCustomerQuotaCall, { companyId }),
  });
}

export function useMyQuota() {
  return useQuery({ queryKey: quotaKeys.mine, queryFn: () => apiCall(getMyQuotaCall, {}) });
}

export const useSetCustomerQuota = (onSuccess: () => void) =>
  useCallMutation(setCustomerQuotaCall, { invalidates: [quotaKeys.all], onSuccess });
