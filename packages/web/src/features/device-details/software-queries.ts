import {
  FINAL_UPDATE_STATES,
  getDeviceAppsCall,
  getDeviceUpdateHistoryCall,
  UPDATE_METHODS,
  type UpdateKind,
} from '@fleetport/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '../../api/client.ts';
import { onLiveMessage } from '../../api/live.ts';

/** Queries of the apps and firmware tabs (contract api/device-software.ts). */

export const SOFTWARE_KEYS = {
  apps: (sn: string) => ['deviceApps', sn] as const,
  history: (sn: string) => ['deviceUpdates', sn] as const,
};

export const HISTORY_PAGE_SIZE = 10;
/** While an update runs its progress is fetched this often (the device reports it as events). */
const PROGRESS_POLL_MS = 2000;

/** The apps the device lists; errors (offline 120023, unsupported 120090) are shown in the tab. */
export function useDeviceApps(sn: string) {
  return useQuery({
    queryKey: SOFTWARE_KEYS.apps(sn),
    queryFn: () => apiCall(getDeviceAppsCall, { sn }, { silent: true }),
    retry: false,
    staleTime: 30_000,
  });
}

/** One page of the device's firmware or app updates, refreshed while one of them runs. */
export function useUpdateHistory(sn: string, kind: UpdateKind, pageNum: number) {
  return useQuery({
    queryKey: [...SOFTWARE_KEYS.history(sn), kind, pageNum],
    queryFn: () => apiCall(getDeviceUpdateHistoryCall, { sn, kind, pageNum, pageSize: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((u) => !FINAL_UPDATE_STATES.includes(u.state)) ? PROGRESS_POLL_MS : false,
  });
}

/**
 * A live `rpc.state` event of an update of this device (a new one, or one that ended) refreshes the
 * history at once, so an update started elsewhere appears without waiting.
 */
export function useUpdateEvents(sn: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveMessage((message) => {
        if (message.type !== 'rpc.state' || message.sn !== sn) return;
        if (!(UPDATE_METHODS as readonly string[]).includes(message.method)) return;
        void queryClient.invalidateQueries({ queryKey: SOFTWARE_KEYS.history(sn) });
      }),
    [sn, queryClient],
  );
}
