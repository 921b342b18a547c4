import { consoleBrandingCall, getBrandingCall, getMapKeysCall, getOemSettingCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

/** Query keys of partner branding: the partner's own settings, and what the console shows. */
export const brandingKeys = {
  own: [getBrandingCall.id] as const,
  shown: [consoleBrandingCall.id] as const,
  oem: [getOemSettingCall.id] as const,
  mapKeys: [getMapKeysCall.id] as const,
};

/** The company's own map keys, masked (the OEM page's map key dialog). */
export function useMapKeys() {
  return useQuery({ queryKey: brandingKeys.mapKeys, queryFn: () => apiCall(getMapKeysCall, {}) });
}

/** The company's own OEM settings (the operation console's OEM page). */
export function useOemSettings() {
  return useQuery({ queryKey: brandingKeys.oem, queryFn: () => apiCall(getOemSettingCall, {}) });
}

export function useOwnBranding() {
  return useQuery({ queryKey: brandingKeys.own, queryFn: () => apiCall(getBrandingCall, {}) });
}

/**
 * The nearest partner's logo and app name for the header and the browser title; none for a company
 * without a branded partner (and when the call fails: the console stays Fleetport's, silently).
 */
export function useConsoleBranding() {
  return useQuery({
    queryKey: brandingKeys.shown,
    queryFn: () => apiCall(consoleBrandingCall, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
}
