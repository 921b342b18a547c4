import { getRolloutCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

/** Query keys of rollouts: all under the live key, so `rollouts.changed` refetches what is shown. */
export const ROLLOUT_KEYS = {
  all: LIVE_KEYS.rollouts,
  list: [...LIVE_KEYS.rollouts, 'list'] as const,
  devices: (id: number) => [...LIVE_KEYS.rollouts, 'devices', id] as const,
  detail: (id: number) => [...LIVE_KEYS.rollouts, 'detail', id] as const,
  /** The rollouts one device was in (its firmware tab). */
  ofDevice: (sn: string, page: number) => [...LIVE_KEYS.rollouts, 'ofDevice', sn, page] as const,
};

export function useRollout(id: number) {
  return useQuery({ queryKey: ROLLOUT_KEYS.detail(id), queryFn: () => apiCall(getRolloutCall, { id }) });
}
