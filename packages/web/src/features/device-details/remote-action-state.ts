import { type RemoteAction, remoteActionStatesCall } from '@fleetport/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

/** Remembers an action the console just started, so its card shows it before any event arrives. */
export function rememberAction(queryClient: QueryClient, action: RemoteAction): void {
  queryClient.setQueryData(LIVE_KEYS.remoteAction(action.rpcId), action);
}

/**
 * One remote action's state. The WebSocket's `rpc.state` events move it along and fetch the result
 * when it is final; a poll (faster while the socket is down) covers an event missed in between.
 */
export function useRemoteAction(rpcId: string | null, liveOpen: boolean) {
  return useQuery({
    queryKey: LIVE_KEYS.remoteAction(rpcId ?? ''),
    enabled: rpcId !== null,
    queryFn: async () =>
      (await apiCall(remoteActionStatesCall, { rpcIds: [rpcId as string] }, { silent: true }))[0] ?? null,
    staleTime: Number.POSITIVE_INFINITY,
    // Live events move the state at once; a slow poll covers an event that raced the first fetch.
    refetchInterval: (query) =>
      query.state.data?.state === 'inExecution' ? (liveOpen ? 5000 : 2000) : false,
  });
}
