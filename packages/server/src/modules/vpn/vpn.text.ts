import type { Localized } from '@fleetport/contract';

/** The VPN exports' sheet names and the words of their cells (headers are the contract's). */
export const VPN_EXPORT_TEXT = {
  tunnelsSheet: { en: 'VPN devices', cn: 'VPN设备' },
  activitySheet: { en: 'VPN activity', cn: 'VPN活动日志' },
  device: { en: 'Router', cn: '路由器' },
  client: { en: 'Service client', cn: '服务客户端' },
} satisfies Record<string, Localized>;
