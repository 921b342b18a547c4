import { getDeviceCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { deviceKeys } from './device-queries.ts';

/**
 * One device's details. Apart from device-queries.ts because only the device pages (loaded lazily)
 * read it: the details call's schemas stay out of the console's first load.
 */
export function useDevice(sn: string) {
  return useQuery({ queryKey: deviceKeys.one(sn), queryFn: () => apiCall(getDeviceCall, { sn }) });
}
