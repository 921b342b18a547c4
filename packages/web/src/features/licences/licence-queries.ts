import {
  assignDeviceLicencesCall,
  billingListCall,
  getLicenceBalancesCall,
  listDevicesCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

/** Query keys of the licences pages: an assignment refetches balances, billing and the device lists. */
export const licenceKeys = {
  all: ['licences'] as const,
  balances: ['licences', 'balances'] as const,
  // The list kit keeps a list's pages under its call id.
  billing: [billingListCall.id] as const,
  deviceSearch: (search: string) => ['licences', 'deviceSearch', search] as const,
};

export function useLicenceBalances() {
  return useQuery({ queryKey: licenceKeys.balances, queryFn: () => apiCall(getLicenceBalancesCall, {}) });
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
