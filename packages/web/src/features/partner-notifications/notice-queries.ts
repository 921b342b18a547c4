import {
  alertEmailSettingsCall,
  listNoticesCall,
  noticeCustomersCall,
  receivedNoticesCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

/** Query keys of the partner notification pages; the list kit keeps a list's pages under its call id. */
export const partnerNoticeKeys = {
  notices: [listNoticesCall.id] as const,
  customers: ['partnerNotifications', 'customers'] as const,
  received: [receivedNoticesCall.id] as const,
  emailSettings: ['partnerNotifications', 'emailSettings'] as const,
};

export function useNoticeCustomers(enabled: boolean) {
  return useQuery({
    queryKey: partnerNoticeKeys.customers,
    queryFn: () => apiCall(noticeCustomersCall, {}),
    enabled,
  });
}

export function useAlertEmailSettings() {
  return useQuery({
    queryKey: partnerNoticeKeys.emailSettings,
    queryFn: () => apiCall(alertEmailSettingsCall, {}),
  });
}
