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

/**
 * The licence product a device level draws from the pool (core §3 lists levels and products apart).
 * Basic is free: no product. Essential Plus, the elevator products and the packages are products that
 * no device level draws (elevators and data pools have their own licences).
 */
export const LEVEL_PRODUCT = {
  ESSENTIALS: 'ESSENTIAL',
  ADVANCED: 'ADVANCED',
  CAPTIVE_PORTAL_PRO: 'CAPTIVE_PORTAL_PRO',
  EXTENSION: 'EXTENSION',
} as const satisfies Record<Exclude<LicenceLevel, 'BASE'>, LicenceProduct>;
export type LevelProduct = (typeof LEVEL_PRODUCT)[keyof typeof LEVEL_PRODUCT];
/** The products a device level can be assigned from, in the order the licences page shows them. */
export const DEVICE_LICENCE_PRODUCTS = [
  'ESSENTIAL',
  'ADVANCED',
  'CAPTIVE_PORTAL_PRO',
  'EXTENSION',
] as const satisfies readonly LevelProduct[];

/** The device level a product gives, or null for products no device level draws. */
export function levelOfProduct(product: LicenceProduct): LicenceLevel | null {
  const entry = Object.entries(LEVEL_PRODUCT).find(([, p]) => p === product);
  return entry ? (entry[0] as LicenceLevel) : null;
}

/**
 * Movements of the licence ledger (issue 13): the sign is what the row does to its company's unused
 * balance. An assignment down the chain is two rows (out of the upstream, into the downstream), as is a
 * reduction (out of the downstream, back into the upstream). A rebate moves no licences (quantity 0): it
 * carries the money the platform owes a distributor for a purchase in its tree (docs/decisions.md "Rebates").
 */
export const LICENCE_MOVEMENTS = [
  'purchase',
  'assignmentIn',
  'assignmentOut',
  'reductionIn',
  'reductionOut',
  'consumption',
  'renewal',
  'expiry',
  'refund',
  'rebate',
] as const;
export type LicenceMovement = (typeof LICENCE_MOVEMENTS)[number];
export const LICENCE_MOVEMENT_LABELS: Labels<LicenceMovement> = {
  purchase: { en: 'Purchase', cn: '购买' },
  assignmentIn: { en: 'Assigned to us', cn: '分配获得' },
  assignmentOut: { en: 'Assigned to customer', cn: '分配给客户' },
  reductionIn: { en: 'Taken back from customer', cn: '从客户收回' },
  reductionOut: { en: 'Taken back by partner', cn: '被合作伙伴收回' },
  consumption: { en: 'Assigned to device', cn: '分配给设备' },
  renewal: { en: 'Renewal', cn: '续期' },
  expiry: { en: 'Expired', cn: '已过期' },
  refund: { en: 'Refund of an unstarted period', cn: '退还未开始的周期' },
  rebate: { en: 'Rebate on a customer purchase', cn: '客户购买返利' },
};

/** Billing record types (features §2 "Billing history"). */
export const BILLING_TYPES = ['purchase', 'consumption', 'assignment', 'rebate'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Labels<BillingType> = {
  purchase: { en: 'Purchase', cn: '购买' },
  consumption: { en: 'Consumption', cn: '消费' },
  assignment: { en: 'Assignment', cn: '分配' },
  rebate: { en: 'Rebate', cn: '返利' },
};

/** The billing type (features §2) each ledger movement is listed under. */
export const MOVEMENT_BILLING_TYPE: Readonly<Record<LicenceMovement, BillingType>> = {
  purchase: 'purchase',
  assignmentIn: 'assignment',
  assignmentOut: 'assignment',
  reductionIn: 'assignment',
  reductionOut: 'assignment',
  consumption: 'consumption',
  renewal: 'consumption',
  expiry: 'consumption',
  refund: 'consumption',
  rebate: 'rebate',
};

/** Firmware and app target customers (core §3). */
export const TARGET_CUSTOMERS = ['all', 'distributorsOnly', 'chosen'] as const;
export type TargetCustomers = (typeof TARGET_CUSTOMERS)[number];
export const TARGET_CUSTOMER_LABELS: Labels<TargetCustomers> = {
  all: { en: 'All customers', cn: '所有客户' },
  distributorsOnly: { en: 'Distributors only', cn: '仅分销商' },
  chosen: { en: 'Selected customers', cn: '指定客户' },
};
