import {
  type CallInput,
  downloadClientProfileCall,
  getVpnGroupCall,
  getVpnHubStatusCall,
  listUngroupedDevicesCall,
  listVpnGroupsCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { API_PREFIX, apiCall, queryString, requestHeaders } from '../../api/client.ts';

/** Query keys of the VPN console: one root, so a change refreshes every VPN list. */
export const vpnKeys = {
  all: ['vpn'] as const,
  groups: ['vpn', listVpnGroupsCall.id] as const,
  group: (id: number) => ['vpn', getVpnGroupCall.id, id] as const,
  hub: ['vpn', getVpnHubStatusCall.id] as const,
  ungrouped: ['vpn', listUngroupedDevicesCall.id] as const,
};

export function useHubStatus() {
  return useQuery({ queryKey: vpnKeys.hub, queryFn: () => apiCall(getVpnHubStatusCall, {}) });
}

export function useVpnGroup(id: number) {
  return useQuery({
    queryKey: vpnKeys.group(id),
    queryFn: () => apiCall(getVpnGroupCall, { vpnGroupId: id }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** Every group (the client form's choices); a company has at most 20. */
export function useAllVpnGroups() {
  return useQuery({
    queryKey: [...vpnKeys.groups, 'all'],
    queryFn: () => apiCall(listVpnGroupsCall, { pageNum: 1, pageSize: 100 }),
  });
}

export function useUngroupedChoices(keyword: string) {
  return useQuery({
    queryKey: [...vpnKeys.ungrouped, 'choices', keyword],
    queryFn: () =>
      apiCall(listUngroupedDevicesCall, { pageNum: 1, pageSize: 50, keyword: keyword || undefined }),
  });
}

/**
 * Saves a client's `.ovpn` profile. The answer is the file; a refusal is an envelope, which the
 * ordinary call then reports the usual way (toast with its code).
 */
export async function downloadClientProfile(
  input: CallInput<typeof downloadClientProfileCall>,
): Promise<void> {
  const res = await fetch(`${API_PREFIX}${downloadClientProfileCall.path}${queryString(input)}`, {
    headers: await requestHeaders(),
  });
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    await apiCall(downloadClientProfileCall, input).catch(() => {});
    return;
  }
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : 'profile.ovpn';
  a.click();
  URL.revokeObjectURL(url);
}
