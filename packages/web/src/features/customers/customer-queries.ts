import {
  addCustomerCall,
  assignCustomerLicencesCall,
  customerDevicesCall,
  customerLicencesCall,
  getCustomerCall,
  listCustomersCall,
  listDevicesCall,
  reduceCustomerLicencesCall,
  transferCustomerDevicesCall,
  updateCustomerCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';

/**
 * Query keys of my customers: a change to a customer refetches the list (kept by the list kit under the
 * call id), the customer, its devices and licences.
 */
export const customerKeys = {
  all: ['customers'] as const,
  list: [listCustomersCall.id] as const,
  devices: [customerDevicesCall.id] as const,
  customer: (companyId: number) => ['customers', 'one', companyId] as const,
  licences: (companyId: number) => ['customers', 'licences', companyId] as const,
  deviceSearch: (side: string, search: string) => ['customers', 'deviceSearch', side, search] as const,
};

/** The console the page is shown in (distributorconsole or resellerconsole): links stay inside it. */
export function usePartnerConsole(): string {
  const { pathname } = useLocation();
  return pathname.split('/')[1] ?? 'distributorconsole';
}

export function useCustomer(companyId: number) {
  return useQuery({
    queryKey: customerKeys.customer(companyId),
    queryFn: () => apiCall(getCustomerCall, { companyId }),
  });
}

export function useCustomerLicences(companyId: number) {
  return useQuery({
    queryKey: customerKeys.licences(companyId),
    queryFn: () => apiCall(customerLicencesCall, { companyId }),
  });
}

const CHANGED = [customerKeys.all, customerKeys.list, customerKeys.devices, LIVE_KEYS.devices];

export const useAddCustomer = (onSuccess: () => void) =>
  useCallMutation(addCustomerCall, { invalidates: [customerKeys.list], onSuccess });
export const useUpdateCustomer = (onSuccess: () => void) =>
  useCallMutation(updateCustomerCall, { invalidates: CHANGED, onSuccess });
export const useAssignToCustomer = (onSuccess: (transactionNo: string) => void) =>
  useCallMutation(assignCustomerLicencesCall, {
    invalidates: CHANGED,
    onSuccess: (r) => onSuccess(r.transactionNo),
  });
export const useReduceCustomer = (onSuccess: (transactionNo: string) => void) =>
  useCallMutation(reduceCustomerLicencesCall, {
    invalidates: CHANGED,
    onSuccess: (r) => onSuccess(r.transactionNo),
  });
export const useTransferDevices = (onSuccess: (count: number) => void) =>
  useCallMutation(transferCustomerDevicesCall, {
    invalidates: CHANGED,
    onSuccess: (r) => onSuccess(r.sns.length),
  });

/**
 * Devices to pick for a transfer, 20 at a time: the partner's own (to the customer) or the customer's
 * (back from it), whose SN or name holds `search`.
 */
export function useTransferPicker(companyId: number, side: 'partner' | 'customer', search: string) {
  const page = { pageNum: 1, pageSize: 20, ...(search ? { search } : {}) };
  return useQuery({
    queryKey: [...customerKeys.deviceSearch(side, search), companyId],
    queryFn: () =>
      side === 'partner'
        ? apiCall(listDevicesCall, page)
        : apiCall(customerDevicesCall, { ...page, companyId }),
    placeholderData: keepPreviousData,
  });
}
