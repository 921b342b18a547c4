import {
  type CallParsedInput,
  type deviceNotificationListCall,
  markAllNotificationsReadCall,
  markNotificationsReadCall,
  notificationUnreadCountCall,
} from '@fleetport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

export type NotificationFilter = Omit<
  CallParsedInput<typeof deviceNotificationListCall>,
  'pageNum' | 'pageSize'
>;

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
