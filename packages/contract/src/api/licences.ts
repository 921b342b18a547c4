import { z } from 'zod';
import {
  BILLING_TYPES,
  DEVICE_LICENCE_PRODUCTS,
  LICENCE_LEVELS,
  LICENCE_MOVEMENTS,
  LICENCE_PRODUCTS,
} from '../enums/licences.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EXPORT_MAX_RECORDS, LICENCE_DAYS, MAX_DEVICES_PER_ASSIGN } from '../limits.ts';
import { AutoRenewPeriodSchema } from '../rules/company.ts';
import { AmountSchema, numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';
import { BULK_MAX_DEVICES } from './devices.bulk.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

/**
 * Licences (issue 13; core §2 operation/licenses and billing, §3, §4, §7, §8, §9). Every movement is a row
 * of an append-only ledger; balances and each device's licence period are derived from it
 * (docs/decisions.md "Licences"). Quantities are licences; each gives a device LICENCE_DAYS (30) days.
 */

/**
 * Chosen by the caller for one operation (a dialog's submit). The same key sent again, after a time-out
 * or a double click, answers the first operation's result and posts nothing (per company).
 */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/);

/** Licence quantities of one operation: whole licences, at most a million. */
const QuantitySchema = z.number().int().min(1).max(1_000_000);

/** A device licence product (one a device level draws). */
const DeviceProductSchema = z.enum(DEVICE_LICENCE_PRODUCTS);

export const ProductBalanceSchema = z.object({
  product: z.enum(LICENCE_PRODUCTS),
  /** Unused plus assigned to devices now. */
  owned: z.number().int(),
  /** Devices of the company holding this product's level now. */
  assigned: z.number().int(),
  /** Unused: what an assignment can draw. */
  available: z.number().int(),
  /** Of the assigned devices, those whose licence ends within LICENCE_DAYS days. */
  expiringSoon: z.number().int(),
});
export type ProductBalance = z.infer<typeof ProductBalanceSchema>;

export const LicenceBalancesSchema = z.object({
  products: z.array(ProductBalanceSchema),
  /** The levels this environment offers (LICENCE_ENVIRONMENT: mainland China only Basic and Extension). */
  offeredLevels: z.array(z.enum(LICENCE_LEVELS)),
  /** Every offered or held level with the company's device count, Basic included (for the page's chart). */
  devicesByLevel: z.array(z.object({ level: z.enum(LICENCE_LEVELS), count: z.number().int() })),
});
export type LicenceBalances = z.infer<typeof LicenceBalancesSchema>;

export const getLicenceBalancesCall = defineCall({
  id: 'licences.balances',
  method: 'POST',
  path: '/gm/license/getLicenseBalances',
  input: z.strictObject({}),
  output: LicenceBalancesSchema,
  permission: 'licenses.view',
  summary: `The company's licences by product (owned, assigned, available, ending within ${LICENCE_DAYS} days) and its devices by level`,
});

/** A device follows the company's default, or has auto-renew on (with its own period) or off. */
export const AUTO_RENEW_MODES = ['company', 'on', 'off'] as const;
export type AutoRenewMode = (typeof AUTO_RENEW_MODES)[number];

/** Per-device auto-renew: `period` goes with mode `on` (the service refuses `on` without one, code 1). */
export const DeviceAutoRenewInputSchema = z.strictObject({
  mode: z.enum(AUTO_RENEW_MODES),
  period: AutoRenewPeriodSchema.optional(),
});

/** One device's licence after an assignment. Times are Unix ms; null on Basic. */
export const DeviceLicenceSchema = z.object({
  sn: z.string(),
  level: z.enum(LICENCE_LEVELS),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
});
export type DeviceLicence = z.infer<typeof DeviceLicenceSchema>;

export const AssignResultSchema = z.object({
  /** The operation's transaction number in the billing history. */
  transactionNo: z.string(),
  devices: z.array(DeviceLicenceSchema),
});
export type AssignResult = z.infer<typeof AssignResultSchema>;

export const assignDeviceLicencesCall = defineCall({
  id: 'licences.assignDevices',
  method: 'POST',
  path: '/gm/license/assignDeviceLicense',
  input: z.strictObject({
    // The service counts the devices, so more than 100 answers 17000 with the number, not code 1.
    sns: z.array(z.string().trim().min(1).max(64)).min(1).max(BULK_MAX_DEVICES),
    /**
     * The level to give. The same level as a valid licence renews it (30 days after its end); another
     * level starts now and refunds the old level's unstarted periods; BASE only refunds them.
     */
    level: z.enum(LICENCE_LEVELS),
    idempotencyKey: IdempotencyKeySchema,
    /** Also set the devices' auto-renew, in the same transaction (absent: left as it is). */
    autoRenew: DeviceAutoRenewInputSchema.optional(),
  }),
  output: AssignResultSchema,
  permission: 'licenses.apply',
  mutates: true,
  summary: `Give devices a licence level, one licence (${LICENCE_DAYS} days) each from the pool (at most ${MAX_DEVICES_PER_ASSIGN} devices, 17000; not enough licences, 190302)`,
});

/** The answer of a movement between companies. */
export const TransactionSchema = z.object({ transactionNo: z.string() });

const MovementInput = {
  /** The receiving (or, for a reduction, the giving) company. */
  companyId: z.number().int().positive(),
  product: z.enum(LICENCE_PRODUCTS),
  quantity: QuantitySchema,
  idempotencyKey: IdempotencyKeySchema,
};

export const grantLicencesCall = defineCall({
  id: 'licences.grant',
  method: 'POST',
  path: '/gm/license/grantLicenses',
  input: z.strictObject({
    ...MovementInput,
    /** USD per licence; absent for a free grant. */
    unitPrice: AmountSchema.optional(),
  }),
  output: TransactionSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: 'The platform sells or grants licences to a company (Super Admin; at most 999,999.99 USD, 190320)',
});

export const assignCustomerLicencesCall = defineCall({
  id: 'licences.assignCustomer',
  method: 'POST',
  path: '/gm/license/assignLicensesToCustomer',
  input: z.strictObject({ ...MovementInput, unitPrice: AmountSchema.optional() }),
  output: TransactionSchema,
  permission: 'customers.edit',
  mutates: true,
  summary:
    'Pass licences down to a customer (only a downstream company, 190306; not enough licences, 190302; at most 999,999.99 USD, 190320)',
});

export const reduceCustomerLicencesCall = defineCall({
  id: 'licences.reduceCustomer',
  method: 'POST',
  path: '/gm/license/reduceCustomerLicenses',
  input: z.strictObject(MovementInput),
  output: TransactionSchema,
  permission: 'customers.edit',
  mutates: true,
  summary:
    'Take licences back from a customer: never more than its unused licences (15006, with that number)',
});

/** One row of the billing history (features §3 "Billing record"). Money in USD, times in Unix ms. */
export const BillingRecordSchema = z.object({
  id: z.number().int(),
  transactionNo: z.string(),
  at: z.number().int(),
  movement: z.enum(LICENCE_MOVEMENTS),
  billingType: z.enum(BILLING_TYPES),
  /** Licences in (positive) or out (negative) of the company's unused balance; 0 for an expiry. */
  quantity: z.number().int(),
  product: z.enum(LICENCE_PRODUCTS),
  unitPrice: z.number().nullable(),
  total: z.number().nullable(),
  operator: z.string().nullable(),
  sn: z.string().nullable(),
  /** The other company of an assignment or reduction; the buying customer of a rebate. */
  counterparty: z.string().nullable(),
  /** USD the platform owes the distributor for a purchase in its tree (a rebate row); null on other rows. */
  rebateAmount: z.number().nullable(),
});
export type BillingRecord = z.infer<typeof BillingRecordSchema>;

const BillingFilterFields = {
  billingType: z.enum(BILLING_TYPES).optional(),
  movement: z.enum(LICENCE_MOVEMENTS).optional(),
  product: z.enum(LICENCE_PRODUCTS).optional(),
  /** Exactly this device. */
  sn: z.string().trim().min(1).max(64).optional(),
  transactionNo: z.string().trim().min(1).max(32).optional(),
  /** Unix ms, inclusive. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
};
export const BillingFilterSchema = PageQuerySchema.extend(BillingFilterFields).strict();
export type BillingFilter = z.output<typeof BillingFilterSchema>;

export const billingListCall = defineCall({
  id: 'licences.billing',
  method: 'POST',
  path: '/gm/license/getBillingList',
  input: BillingFilterSchema,
  output: pageSchema(BillingRecordSchema),
  permission: 'billing.view',
  paged: true,
  summary: "The company's licence transactions, newest first, filtered by type, product, device and time",
});

/** The billing history's filter without paging: what an export covers. */
export const BillingExportFilterSchema = z.strictObject(BillingFilterFields);
export type BillingExportFilter = z.output<typeof BillingExportFilterSchema>;

/** Columns a billing export can hold, in the console's order (features §2 "Billing history"). */
export const BILLING_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'transactionNo', header: { en: 'Transaction number', cn: '交易编号' } },
  { field: 'at', header: { en: 'Time', cn: '时间' } },
  { field: 'billingType', header: { en: 'Type', cn: '类型' } },
  { field: 'movement', header: { en: 'Movement', cn: '变动' } },
  { field: 'quantity', header: { en: 'Quantity', cn: '数量' } },
  { field: 'product', header: { en: 'Product', cn: '产品' } },
  { field: 'unitPrice', header: { en: 'Unit price (USD)', cn: '单价（美元）' } },
  { field: 'total', header: { en: 'Total (USD)', cn: '总价（美元）' } },
  { field: 'operator', header: { en: 'Operator', cn: '操作人' } },
  { field: 'sn', header: { en: 'Device SN', cn: '设备序列号' } },
  { field: 'counterparty', header: { en: 'Partner', cn: '合作伙伴' } },
  { field: 'rebateAmount', header: { en: 'Rebate amount (USD)', cn: '返利金额（美元）' } },
];

export const billingExportCall = defineCall({
  id: 'licences.exportBilling',
  method: 'POST',
  path: exportPathOf(billingListCall.path),
  input: exportRequestSchema(BillingExportFilterSchema, BILLING_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'billing.export',
  mutates: true,
  summary: `The filtered billing history to .xlsx in the background, newest first (up to ${EXPORT_MAX_RECORDS} transactions within three months)`,
});

/** A product whose unused licences cannot renew the devices whose licence ends soon (core §4, §7). */
export const InsufficientLicenceSchema = z.object({
  product: DeviceProductSchema,
  available: z.number().int(),
  /** Devices holding the product whose licence ends within LICENCE_DAYS days. */
  expiringDevices: z.number().int(),
  /** Licences renewing them all takes: a device with auto-renew on its period, any other one. */
  needed: z.number().int(),
  /** Of them, devices with auto-renew on: those the job cannot renew while the pool is short. */
  autoRenewDevices: z.number().int(),
  /** Licences missing: needed − available. */
  shortfall: z.number().int(),
});
export type InsufficientLicence = z.infer<typeof InsufficientLicenceSchema>;

export const insufficientLicenceAlertsCall = defineCall({
  id: 'licences.insufficientAlerts',
  method: 'GET',
  path: '/gm/license/getDeviceLicenseBalanceInsufficientAlertList',
  input: z.strictObject({}),
  output: z.array(InsufficientLicenceSchema),
  // Every console shows the banner (core §4), whoever is signed in.
  permission: 'session',
  summary:
    'Products whose unused licences are fewer than the devices whose licence ends soon; non-empty sets the licence banner',
});

// ---- auto-renew (core §5 period 1-500, §8 120080) -------------------------------------------------

/**
 * How long before a licence ends the auto-renew job renews it: a few days, so that a night or two of
 * downtime does not let a licence lapse; the renewal still starts at the old end, so nothing is lost.
 */
export const AUTO_RENEW_LEAD_DAYS = 3;

/** A company's default for its devices: on or off, and the licences (30 days each) one renewal draws. */
export const AutoRenewSettingSchema = z.object({
  enabled: z.boolean(),
  /** Licences one automatic renewal draws (each LICENCE_DAYS days): 1-500 (core §5). */
  period: AutoRenewPeriodSchema,
});
export type AutoRenewSetting = z.infer<typeof AutoRenewSettingSchema>;

export const getAutoRenewCall = defineCall({
  id: 'licences.autoRenew',
  method: 'POST',
  path: '/gm/license/getAutoRenewSetting',
  input: z.strictObject({}),
  output: AutoRenewSettingSchema,
  permission: 'licenses.view',
  summary: "The company's auto-renew default (off, period 1, until set)",
});

export const setAutoRenewCall = defineCall({
  id: 'licences.setAutoRenew',
  method: 'POST',
  path: '/gm/license/setAutoRenewSetting',
  input: z.strictObject({ enabled: z.boolean(), period: AutoRenewPeriodSchema }),
  output: AutoRenewSettingSchema,
  permission: 'licenses.apply',
  mutates: true,
  summary: `Set the company's auto-renew default: devices following it renew ${AUTO_RENEW_LEAD_DAYS} days before their licence ends`,
});

export const DeviceAutoRenewSchema = z.object({
  sn: z.string(),
  mode: z.enum(AUTO_RENEW_MODES),
  /** The device's own period when `mode` is on; null otherwise. */
  period: z.number().int().nullable(),
  /** What the job does for it now: the device's own setting, else the company's. */
  enabled: z.boolean(),
  effectivePeriod: z.number().int(),
});
export type DeviceAutoRenew = z.infer<typeof DeviceAutoRenewSchema>;

/** The devices of one auto-renew call; more than 100 answers 120080 with the number (counted by the service). */
const AutoRenewSnsSchema = z.array(z.string().trim().min(1).max(64)).min(1).max(BULK_MAX_DEVICES);

export const getDeviceAutoRenewCall = defineCall({
  id: 'licences.deviceAutoRenew',
  method: 'POST',
  path: '/gm/license/getDeviceAutoRenew',
  input: z.strictObject({ sns: AutoRenewSnsSchema }),
  output: z.array(DeviceAutoRenewSchema),
  permission: 'licenses.view',
  summary: `Each device's auto-renew setting and what applies to it (at most ${MAX_DEVICES_PER_ASSIGN} devices, 120080)`,
});

export const setDeviceAutoRenewCall = defineCall({
  id: 'licences.setDeviceAutoRenew',
  method: 'POST',
  path: '/gm/license/setDeviceAutoRenew',
  input: DeviceAutoRenewInputSchema.extend({ sns: AutoRenewSnsSchema }),
  output: z.array(DeviceAutoRenewSchema),
  permission: 'licenses.apply',
  mutates: true,
  summary: `Turn auto-renew on (with a period), off, or back to the company's default for devices (at most ${MAX_DEVICES_PER_ASSIGN}, 120080; a device not found, 120002)`,
});

export const LICENCE_CALLS = [
  getLicenceBalancesCall,
  assignDeviceLicencesCall,
  grantLicencesCall,
  assignCustomerLicencesCall,
  reduceCustomerLicencesCall,
  billingListCall,
  billingExportCall,
  insufficientLicenceAlertsCall,
  getAutoRenewCall,
  setAutoRenewCall,
  getDeviceAutoRenewCall,
  setDeviceAutoRenewCall,
] as const;
