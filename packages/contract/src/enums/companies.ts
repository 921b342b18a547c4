import { COMPANY_TYPE, type CompanyType } from '../role-types.ts';
import type { Labels } from './labels.ts';

/** Company type values (COMPANY_TYPE in ../role-types.ts): 0 end customer, 1 distributor, 2 re-seller. */
export const COMPANY_TYPE_VALUES = [
  COMPANY_TYPE.endCustomer,
  COMPANY_TYPE.distributor,
  COMPANY_TYPE.reseller,
] as const satisfies readonly CompanyType[];
export const COMPANY_TYPE_LABELS: Labels<CompanyType> = {
  [COMPANY_TYPE.endCustomer]: { en: 'End customer', cn: '终端客户' },
  [COMPANY_TYPE.distributor]: { en: 'Distributor', cn: '分销商' },
  [COMPANY_TYPE.reseller]: { en: 'Re-seller', cn: '经销商' },
};

/** Invitation to administer another company (core §4, features §4); a refused one is removed. */
export const INVITATION_STATES = ['pending', 'accepted'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_STATE_LABELS: Labels<InvitationState> = {
  pending: { en: 'Pending', cn: '待接受' },
  accepted: { en: 'Accepted', cn: '已接受' },
};

/** User account status (core §3 "User"). */
export const USER_STATES = ['enabled', 'disabled'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Labels<UserState> = {
  enabled: { en: 'Enabled', cn: '已启用' },
  disabled: { en: 'Disabled', cn: '已禁用' },
};

/** Version badge chosen by host (core §4). */
export const VERSION_BADGES = ['beta', 'dev', 'test'] as const;
export type VersionBadge = (typeof VERSION_BADGES)[number];

/** Weekdays for access restrictions (core §3 "Access restriction"), Monday first. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Labels<Weekday> = {
  mon: { en: 'Monday', cn: '星期一' },
  tue: { en: 'Tuesday', cn: '星期二' },
  wed: { en: 'Wednesday', cn: '星期三' },
  thu: { en: 'Thursday', cn: '星期四' },
  fri: { en: 'Friday', cn: '星期五' },
  sat: { en: 'Saturday', cn: '星期六' },
  sun: { en: 'Sunday', cn: '星期日' },
};

/** Open API client kind (features §3 "Client API"). */
export const API_CLIENT_KINDS = ['internal', 'external'] as const;
export type ApiClientKind = (typeof API_CLIENT_KINDS)[number];

/** E-mail notification types (features §3). */
export const EMAIL_NOTIFICATION_TYPES = [
  'insufficientLicences',
  'vpnDataExhausted',
  'vpnDataLow',
  'elevatorIot',
] as const;
export type EmailNotificationType = (typeof EMAIL_NOTIFICATION_TYPES)[number];
export const EMAIL_NOTIFICATION_TYPE_LABELS: Labels<EmailNotificationType> = {
  insufficientLicences: { en: 'Insufficient licenses', cn: '许可证不足' },
  vpnDataExhausted: { en: 'VPN data exhausted', cn: 'VPN流量已用尽' },
  vpnDataLow: { en: 'VPN data low', cn: 'VPN流量不足' },
  elevatorIot: { en: 'Elevator IoT', cn: '电梯物联网' },
};
