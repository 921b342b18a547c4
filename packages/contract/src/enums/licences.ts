import type { Labels } from './labels.ts';

/** Device licence levels (core §3 "Other enumerations"). */
export const LICENCE_LEVELS = ['BASE', 'ESSENTIALS', 'ADVANCED', 'CAPTIVE_PORTAL_PRO', 'EXTENSION'] as const;
export type LicenceLevel = (typeof LICENCE_LEVELS)[number];
export const LICENCE_LEVEL_LABELS: Labels<LicenceLevel> = {
  BASE: { en: 'Basic', cn: '基础版' },
  ESSENTIALS: { en: 'Essentials', cn: '标准版' },
  ADVANCED: { en: 'Advanced', cn: '高级版' },
  CAPTIVE_PORTAL_PRO: { en: 'Advanced Plus', cn: '高级增强版' },
  EXTENSION: { en: 'Extension', cn: '扩展版' },
};
/** In the mainland-China environment only these levels exist. */
export const CHINA_LICENCE_LEVELS = ['BASE', 'EXTENSION'] as const satisfies readonly LicenceLevel[];

export function licenceLevelsFor(china: boolean): readonly LicenceLevel[] {
  return china ? CHINA_LICENCE_LEVELS : LICENCE_LEVELS;
}

/** Licence products sold or assigned (core §3, features §3). */
export const LICENCE_PRODUCTS = [
  'BASIC',
  'ESSENTIAL',
  'ADVANCED',
  'EXTENSION',
  'ESSENTIAL_PLUS',
  'CAPTIVE_PORTAL_PRO',
  'ELEVATOR_IOT',
  'ELEVATOR_IOT_PRO',
  'OPERATIONS_CONSOLE',
  'DATA_PACKAGE',
  'MESSAGE_PACKAGE',
] as const;
export type LicenceProduct = (typeof LICENCE_PRODUCTS)[number];
export const LICENCE_PRODUCT_LABELS: Labels<LicenceProduct> = {
  BASIC: { en: 'Basic', cn: '基础版' },
  ESSENTIAL: { en: 'Essential', cn: '标准版' },
  ADVANCED: { en: 'Advanced', cn: '高级版' },
  EXTENSION: { en: 'Extension', cn: '扩展版' },
  ESSENTIAL_PLUS: { en: 'Essential Plus', cn: '标准增强版' },
  CAPTIVE_PORTAL_PRO: { en: 'Captive Portal PRO', cn: '强制门户专业版' },
  ELEVATOR_IOT: { en: 'Elevator IoT', cn: '电梯物联网' },
  ELEVATOR_IOT_PRO: { en: 'Elevator IoT PRO', cn: '电梯物联网专业版' },
  OPERATIONS_CONSOLE: { en: 'Operations Console', cn: '运维控制台' },
  DATA_PACKAGE: { en: 'Data package', cn: '流量包' },
  MESSAGE_PACKAGE: { en: 'Message package', cn: '短信包' },
};

/** Licence status (core §4). */
export const LICENCE_STATES = ['valid', 'expired'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
export const LICENCE_STATE_LABELS: Labels<LicenceState> = {
  valid: { en: 'Valid', cn: '有效' },
  expired: { en: 'Expired', cn: '已过期' },
};

/** Data-pool item states (core §4); expiring data is used first. */
export const DATA_POOL_STATES = ['valid', 'inUse', 'expired'] as const;
export type DataPoolState = (typeof DATA_POOL_STATES)[number];
export const DATA_POOL_STATE_LABELS: Labels<DataPoolState> = {
  valid: { en: 'Valid', cn: '有效' },
  inUse: { en: 'In use', cn: '使用中' },
  expired: { en: 'Expired', cn: '已过期' },
};

/** Installer console licence: the decrypted server state (core §3) and the business states (core §4). */
export const INSTALLER_LICENCE_STATES = ['USING', 'EXPIRED'] as const;
export type InstallerLicenceState = (typeof INSTALLER_LICENCE_STATES)[number];
export const INSTALLER_CONSOLE_STATES = ['freeTrial', 'active', 'expired'] as const;
export type InstallerConsoleState = (typeof INSTALLER_CONSOLE_STATES)[number];
export const INSTALLER_CONSOLE_STATE_LABELS: Labels<InstallerConsoleState> = {
  freeTrial: { en: 'Free trial', cn: '免费试用' },
  active: { en: 'Active', cn: '已激活' },
  expired: { en: 'Expired', cn: '已过期' },
};

/** Billing record types (features §2 "Billing history"). */
export const BILLING_TYPES = ['purchase', 'consumption', 'assignment'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Labels<BillingType> = {
  purchase: { en: 'Purchase', cn: '购买' },
  consumption: { en: 'Consumption', cn: '消费' },
  assignment: { en: 'Assignment', cn: '分配' },
};

/** Firmware and app target customers (core §3). */
export const TARGET_CUSTOMERS = ['all', 'distributorsOnly', 'chosen'] as const;
export type TargetCustomers = (typeof TARGET_CUSTOMERS)[number];
export const TARGET_CUSTOMER_LABELS: Labels<TargetCustomers> = {
  all: { en: 'All customers', cn: '所有客户' },
  distributorsOnly: { en: 'Distributors only', cn: '仅分销商' },
  chosen: { en: 'Selected customers', cn: '指定客户' },
};
