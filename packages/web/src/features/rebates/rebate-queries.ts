import {
  type CallInput,
  myRebateRuleCall,
  type RebateExportFilter,
  type RebatePeriod,
  rebateTotalsCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

/** The platform's rates for the signed-in distributor (the list kit keeps the rebate list's pages). */
export function useMyRebateRule() {
  return useQuery({ queryKey: [myRebateRuleCall.id], queryFn: () => apiCall(myRebateRuleCall, {}) });
}

export const REBATE_TOTALS_PAGE_SIZE = 12;

/**
 * The totals card: the rebate list's filters (which the address holds) summed per period. Its own
 * period and page stay in the card, so one address write moves both the list and the totals.
 */
export function useRebateTotals(filters: RebateExportFilter, period: RebatePeriod, pageNum: number) {
  const input: CallInput<typeof rebateTotalsCall> = {
    ...filters,
    period,
    pageNum,
    pageSize: REBATE_TOTALS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: [rebateTotalsCall.id, input],
    queryFn: ({ signal }) => apiCall(rebateTotalsCall, input, { signal }),
    placeholderData: keepPreviousData,
  });
}
