import {
  type CallParsedInput,
  deviceNotificationListCall,
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

/**
 * The caller's unread count: the one source of the menu badge, the header bell, the notifications
 * page and the dashboard tile (a `notifications.new` or a mark-read refetches it for all of them).
 */
export function useUnreadNotifications(enabled = true) {
  return useQuery({
    queryKey: [...LIVE_KEYS.notifications, 'unread'],
    queryFn: () => apiCall(notificationUnreadCountCall, {}, { silent: true }),
    enabled,
  });
}

/** How many of the newest unread notifications the header bell lists. */
export const BELL_LATEST = 5;

/**
 * The header bell's newest unread notifications: the same list the notifications page pages through
 * (groups standing for their devices), so the bell, the badge and the page tell the same story.
 */
export function useLatestUnread(enabled: boolean) {
  return useQuery({
    queryKey: [...LIVE_KEYS.notifications, 'latestUnread'],
    queryFn: () =>
      apiCall(deviceNotificationListCall, { read: 'unread', pageSize: BELL_LATEST }, { silent: true }),
    enabled,
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
