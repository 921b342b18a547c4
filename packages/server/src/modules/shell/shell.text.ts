/**
 * Core §3 OEM settings of a company that set none (nor any partner above it), in the request's
 * language: the header shows them as the console's name.
 */
export const DEFAULT_OEM_DISPLAY = {
  en: { logoResPath: null, rlinkDisplayName: 'Fleetport Device Manager', rvpnDisplayName: 'Fleetport VPN' },
  cn: { logoResPath: null, rlinkDisplayName: 'Fleetport 设备管理', rvpnDisplayName: 'Fleetport VPN' },
} as const;
