import { dashboardSummaryCall, getTagsCall, queryGroupInformationCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

/**
 * Query keys of the device console; everything under `devices` takes live presence updates (the device
 * list keeps its pages there too, through the list kit).
 */
export const deviceKeys = {
  all: LIVE_KEYS.devices,
  one: (sn: string) => [...LIVE_KEYS.devices, 'one', sn] as const,
  groups: ['deviceGroups'] as const,
  tags: ['deviceTags'] as const,
};

export function useDeviceGroups() {
  return useQuery({
    queryKey: deviceKeys.groups,
    queryFn: () => apiCall(queryGroupInformationCall, { pageNum: 1, pageSize: 9999 }),
  });
}

export function useDeviceTags() {
  return useQuery({ queryKey: deviceKeys.tags, queryFn: () => apiCall(getTagsCall, {}) });
}

/**
 * Online, offline and total devices of the company: the one source of the dashboard's counts and the
 * device list's, refetched on every presence event (api/live.ts), so they never disagree.
 */
export function useFleetCounts(enabled = true) {
  return useQuery({
    queryKey: [...LIVE_KEYS.dashboard, 'summary'],
    queryFn: () => apiCall(dashboardSummaryCall, {}),
    enabled,
  });
}
