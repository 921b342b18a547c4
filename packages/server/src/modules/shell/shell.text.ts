/**
 * Core §3 OEM settings until a company brands its consoles (the OEM issue replaces these), in the
 * request's language: the header shows them as the console's name.
 */
export const DEFAULT_OEM_DISPLAY = {
  en: { logoResPath: null, rlinkDisplayName: 'Fleetport Device Manager', rvpnDisplayName: 'Fleetport VPN' },
  cn: { logoResPath: null, rlinkDisplayName: 'Fleetport 设备管理', rvpnDisplayName: 'Fleetport VPN' },
} as const;
