import { unreadAlertCountCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

/**
 * Query keys of the alert centre. Everything under `alerts` refetches on a live `alerts.changed`
 * (api/live.ts), as does the dashboard's alert summary.
 */
export const alertKeys = {
  all: LIVE_KEYS.alerts,
  list: [...LIVE_KEYS.alerts, 'list'] as const,
  rules: [...LIVE_KEYS.alerts, 'rules'] as const,
  unread: [...LIVE_KEYS.alerts, 'unread'] as const,
};

/** The caller's unread firing alerts: the Alerts tab's badge. */
export function useUnreadAlerts(enabled = true) {
  return useQuery({
    queryKey: alertKeys.unread,
    queryFn: () => apiCall(unreadAlertCountCall, {}, { silent: true }),
    enabled,
  });
}
