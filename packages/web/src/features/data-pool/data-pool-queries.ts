import {
  addDataPackagesCall,
  dataPoolItemsCall,
  dataPoolSummaryCall,
  dataPoolUsageCall,
  saveDataPoolSettingsCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

/**
 * Query keys of the data pool tab, under the licences' key: `licences.changed` on the live socket (a
 * package added, a period credited, an item expired) refetches them with the balances.
 */
export const dataPoolKeys = {
  all: [...LIVE_KEYS.licences, 'dataPool'] as const,
  summary: [...LIVE_KEYS.licences, 'dataPool', 'summary'] as const,
  usage: (days: number) => [...LIVE_KEYS.licences, 'dataPool', 'usage', days] as const,
  // The list kit keeps a list's pages under its call id.
  items: [dataPoolItemsCall.id] as const,
};

/** The usage chart's window: a month, as the licence period. */
export const USAGE_DAYS = 30;

export function useDataPoolSummary() {
  return useQuery({ queryKey: dataPoolKeys.summary, queryFn: () => apiCall(dataPoolSummaryCall, {}) });
}

export function useDataPoolUsage() {
  return useQuery({
    queryKey: dataPoolKeys.usage(USAGE_DAYS),
    queryFn: () => apiCall(dataPoolUsageCall, { days: USAGE_DAYS }),
  });
}

export function useAddDataPackages(onSuccess: (count: number) => void) {
  return useCallMutation(addDataPackagesCall, {
    invalidates: [LIVE_KEYS.licences, dataPoolKeys.items],
    onSuccess: (result) => onSuccess(result.items.length),
  });
}

export function useSaveDataPoolSettings(onSuccess: () => void) {
  return useCallMutation(saveDataPoolSettingsCall, { invalidates: [dataPoolKeys.all], onSuccess });
}
