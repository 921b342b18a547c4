import {
  type DeviceListQuery,
  getDeviceCall,
  getTagsCall,
  listDevicesCall,
  queryGroupInformationCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { LIVE_KEYS } from '../../api/live.ts';

/** Query keys of the device console; everything under `devices` takes live presence updates. */
export const deviceKeys = {
  all: LIVE_KEYS.devices,
  list: (query: DeviceListFilter) => [...LIVE_KEYS.devices, 'list', query] as const,
  one: (sn: string) => [...LIVE_KEYS.devices, 'one', sn] as const,
  groups: ['deviceGroups'] as const,
  tags: ['deviceTags'] as const,
};

export type DeviceListFilter = Partial<DeviceListQuery> & { pageNum: number; pageSize: number };

export function useDevicePage(filter: DeviceListFilter) {
  return useQuery({
    queryKey: deviceKeys.list(filter),
    queryFn: () => apiCall(listDevicesCall, filter),
    placeholderData: keepPreviousData,
  });
}

export function useDevice(sn: string) {
  return useQuery({ queryKey: deviceKeys.one(sn), queryFn: () => apiCall(getDeviceCall, { sn }) });
}

export function useDeviceGroups() {
  return useQuery({
    queryKey: deviceKeys.groups,
    queryFn: () => apiCall(queryGroupInformationCall, { pageNum: 1, pageSize: 9999 }),
  });
}

export function useDeviceTags() {
  return useQuery({ queryKey: deviceKeys.tags, queryFn: () => apiCall(getTagsCall, {}) });
}
