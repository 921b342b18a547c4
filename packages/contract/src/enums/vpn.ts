import type { Labels } from './labels.ts';

/** VPN group running state (core §4). */
export const VPN_GROUP_STATES = ['running', 'stopped'] as const;
export type VpnGroupState = (typeof VPN_GROUP_STATES)[number];
export const VPN_GROUP_STATE_LABELS: Labels<VpnGroupState> = {
  running: { en: 'Running', cn: '运行中' },
  stopped: { en: 'Stopped', cn: '已停止' },
};

/** A device's link inside a VPN group (core §4). */
export const VPN_DEVICE_STATES = ['connected', 'disconnected'] as const;
export type VpnDeviceState = (typeof VPN_DEVICE_STATES)[number];
export const VPN_DEVICE_STATE_LABELS: Labels<VpnDeviceState> = {
  connected: { en: 'Connected', cn: '已连接' },
  disconnected: { en: 'Disconnected', cn: '未连接' },
};

/** Site IP access types of a VPN group, with the labels /vpn/group/getSiteIpAccessTypes returns (core §3). */
export const SITE_IP_ACCESS_TYPES = [
  { value: 'VIRTUAL_IP_OVERLAY_REAL_IP', en: 'Virtual IP plus pushed Subnet', cn: '虚拟IP加推送子网' },
  { value: 'REAL_IP', en: 'Virtual IP only', cn: '仅虚拟IP' },
  { value: 'VIRTUAL_IP_MAPPING_REAL_IP', en: 'Virtual IP plus Mapped to Subnet', cn: '虚拟IP加映射子网' },
] as const;
export type SiteIpAccessType = (typeof SITE_IP_ACCESS_TYPES)[number]['value'];
export const SITE_IP_ACCESS_TYPE_VALUES = [
  'VIRTUAL_IP_OVERLAY_REAL_IP',
  'REAL_IP',
  'VIRTUAL_IP_MAPPING_REAL_IP',
] as const satisfies readonly SiteIpAccessType[];

/** Data limit cycle of a VPN group (core §9). */
export const DATA_LIMIT_CYCLES = ['day', 'week', 'month', 'single'] as const;
export type DataLimitCycle = (typeof DATA_LIMIT_CYCLES)[number];
export const DATA_LIMIT_CYCLE_LABELS: Labels<DataLimitCycle> = {
  day: { en: 'Every day', cn: '每天' },
  week: { en: 'Every week', cn: '每周' },
  month: { en: 'Every month', cn: '每月' },
  single: { en: 'Single-time limit', cn: '一次性限制' },
};

/** Service client types (core §5: a user-type client links only one group). */
export const SERVICE_CLIENT_TYPES = ['user', 'server'] as const;
export type ServiceClientType = (typeof SERVICE_CLIENT_TYPES)[number];
export const SERVICE_CLIENT_TYPE_LABELS: Labels<ServiceClientType> = {
  user: { en: 'User', cn: '用户' },
  server: { en: 'Server', cn: '服务器' },
};

/** Transport of a group's tunnels (OpenVPN `proto`). */
export const VPN_PROTOCOLS = ['udp', 'tcp'] as const;
export type VpnProtocol = (typeof VPN_PROTOCOLS)[number];

/**
 * Data-channel ciphers a group may use: the AEAD ciphers OpenVPN 2.6 negotiates (`data-ciphers`), the
 * first its default. CBC ciphers are refused by OpenVPN 2.6 unless listed by hand, and ARIA-GCM is in
 * no router firmware we target (docs/decisions.md "VPN ciphers").
 */
export const VPN_CIPHERS = ['AES-256-GCM', 'AES-128-GCM', 'AES-192-GCM', 'CHACHA20-POLY1305'] as const;
export type VpnCipher = (typeof VPN_CIPHERS)[number];

/** What the console says of the platform's VPN hub (GET /vpn/hub/getStatus). */
export const VPN_HUB_STATES = ['running', 'notAnswering', 'notInstalled', 'external'] as const;
export type VpnHubState = (typeof VPN_HUB_STATES)[number];
