import {
  type CallInput,
  deviceNotificationListCall,
  markAllNotificationsReadCall,
  markNotificationsReadCall,
  notificationUnreadCountCall,
} from '@fleetport/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, sendCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

export type NotificationFilter = Omit<CallInput<typeof deviceNotificationListCall>, 'pageNum' | 'pageSize'>;

/** One page of the company's notifications; a live `notifications.new` refetches it. */
export function useNotifications(filter: NotificationFilter, paging: { pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...LIVE_KEYS.notifications, 'list', filter, paging],
    queryFn: () => sendCall(deviceNotificationListCall, { ...paging, ...filter }),
    placeholderData: keepPreviousData,
  });
}

/** The caller's unread count (the badge). */
export function useUnreadNotifications() {
  return useQuery({
    queryKey: [...LIVE_KEYS.notifications, 'unread'],
    queryFn: () => apiCall(notificationUnreadCountCall, {}, { silent: true }),
  });
}

/** Mark read (some ids, or all up to the newest the user saw); the list, badge and dashboard follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: LIVE_KEYS.notifications });
    void queryClient.invalidateQueries({ queryKey: ['deviceDashboard'] });
  };
  const some = useMutation({
    mutationFn: (ids: number[]) => apiCall(markNotificationsReadCall, { ids }),
    onSuccess: settle,
  });
  const all = useMutation({
    mutationFn: (upToId: number | undefined) =>
      apiCall(markAllNotificationsReadCall, upToId === undefined ? {} : { upToId }),
    onSuccess: settle,
  });
  return { some, all };
}
