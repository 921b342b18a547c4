import type { Labels } from './labels.ts';

/** Portal client MAC state; blocking applies to all devices of the template (features §4). */
export const PORTAL_CLIENT_STATES = ['normal', 'blocked'] as const;
export type PortalClientState = (typeof PORTAL_CLIENT_STATES)[number];
export const PORTAL_CLIENT_STATE_LABELS: Labels<PortalClientState> = {
  normal: { en: 'Normal', cn: '正常' },
  blocked: { en: 'Blocked', cn: '已阻止' },
};

/** Redirection URL types (core §3). */
export const REDIRECTION_URL_TYPES = ['http', 'https'] as const;
export type RedirectionUrlType = (typeof REDIRECTION_URL_TYPES)[number];

/** Portal template update delivery: pushed to online devices, offline ones update on coming online. */
export const PORTAL_UPDATE_STATES = ['pending', 'updated'] as const;
export type PortalUpdateState = (typeof PORTAL_UPDATE_STATES)[number];
export const PORTAL_UPDATE_STATE_LABELS: Labels<PortalUpdateState> = {
  pending: { en: 'Waiting for the device to come online', cn: '等待设备上线' },
  updated: { en: 'Updated', cn: '已更新' },
};
