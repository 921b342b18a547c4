import {
  assignDeviceLicencesCall,
  billingListCall,
  getAutoRenewCall,
  getLicenceBalancesCall,
  insufficientLicenceAlertsCall,
  listDevicesCall,
  setAutoRenewCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

/**
 * Query keys of the licences pages: an assignment refetches balances, billing and the device lists;
 * `licences.changed` on the live socket refetches everything under `all` (balances, banner).
 */
export const licenceKeys = {
  all: LIVE_KEYS.licences,
  balances: ['licences', 'balances'] as const,
  autoRenew: ['licences', 'autoRenew'] as const,
  insufficient: ['licences', 'insufficient'] as const,
  // The list kit keeps a list's pages under its call id.
  billing: [billingListCall.id] as const,
  deviceSearch: (search: string) => ['licences', 'deviceSearch', search] as const,
};

export function useLicenceBalances(enabled = true) {
  return useQuery({
    queryKey: licenceKeys.balances,
    queryFn: () => apiCall(getLicenceBalancesCall, {}),
    enabled,
  });
}

/** Devices whose SN or name holds `search`, for the assign dialog's picker (20 at a time). */
export function useDeviceSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: licenceKeys.deviceSearch(search),
    queryFn: () => apiCall(listDevicesCall, { pageNum: 1, pageSize: 20, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAssignLicences(onSuccess: (count: number) => void) {
  return useCallMutation(assignDeviceLicencesCall, {
    invalidates: [licenceKeys.all, licenceKeys.billing, LIVE_KEYS.devices],
    onSuccess: (result) => onSuccess(result.devices.length),
  });
}

/** The company's auto-renew default (licences page). */
export function useAutoRenew() {
  return useQuery({ queryKey: licenceKeys.autoRenew, queryFn: () => apiCall(getAutoRenewCall, {}) });
}

export function useSetAutoRenew(onSuccess: () => void) {
  return useCallMutation(setAutoRenewCall, { invalidates: [licenceKeys.all], onSuccess });
}

/** How often the banner asks again when no live event told it (another node's job, a lost socket). */
export const INSUFFICIENT_REFRESH_MS = 5 * 60_000;

/** Core §4 licence insufficiency flag: the products whose pool cannot renew what ends soon. */
export function useInsufficientLicences(enabled: boolean) {
  return useQuery({
    queryKey: licenceKeys.insufficient,
    queryFn: () => apiCall(insufficientLicenceAlertsCall, {}, { silent: true }),
    enabled,
    refetchInterval: INSUFFICIENT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
