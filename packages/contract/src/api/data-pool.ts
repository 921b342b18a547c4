import { z } from 'zod';
import type { Labels } from '../enums/labels.ts';
import { DATA_POOL_STATES } from '../enums/licences.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import {
  DATA_PACKAGE_BYTES,
  DATA_PACKAGE_VALID_DAYS,
  DATA_POOL_LOW_PERCENT_DEFAULT,
  EXPORT_MAX_RECORDS,
  MAX_DATA_PACKAGES_PER_ADD,
} from '../limits.ts';
import { intBetween } from '../rules/numbers.ts';
import { DataPoolValidityDaysSchema } from '../rules/vpn.ts';
import { defineCall } from './define.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';
import { IdempotencyKeySchema, TransactionSchema } from './licences.ts';

/**
 * The VPN data pool (issue 13; core §3 "Data pool item", §4 valid/in use/expired, §5 validity days,
 * §9 data package 30 days from first use, expiring data used first, 5 GB Advanced and 10 MB Extension).
 * A company's pool holds items: data packages it moved in from its licence balance (product
 * DATA_PACKAGE, bought and passed down the chain like any licence), the VPN traffic its devices'
 * Advanced or Extension periods include, and data the platform grants. Usage (from the devices' VPN
 * counters until the VPN console reports it) is drawn from the item that expires first.
 * docs/decisions.md "Data pool".
 */

/** Where an item's data came from. */
export const DATA_POOL_SOURCES = ['package', 'licence', 'grant'] as const;
export type DataPoolSource = (typeof DATA_POOL_SOURCES)[number];
export const DATA_POOL_SOURCE_LABELS: Labels<DataPoolSource> = {
  package: { en: 'Data package', cn: '流量包' },
  licence: { en: 'Licence traffic', cn: '许可证流量' },
  grant: { en: 'Platform grant', cn: '平台赠送' },
};

/** Low: what remains is at most the company's share; exhausted: nothing remains. */
export const DATA_POOL_ALERTS = ['low', 'exhausted'] as const;
export type DataPoolAlert = (typeof DATA_POOL_ALERTS)[number];

export const DataPoolSummarySchema = z.object({
  /** Bytes of the items not expired (used or not). */
  totalBytes: z.number().int(),
  usedBytes: z.number().int(),
  remainingBytes: z.number().int(),
  /** VPN traffic that arrived while nothing remained: not covered by the pool, in total. */
  uncoveredBytes: z.number().int(),
  /** Unused data packages of the licence balance: what "add to pool" can move. */
  packagesAvailable: z.number().int(),
  /** The pool's state now: null, low or exhausted (what the notifications and e-mails said last). */
  alert: z.enum(DATA_POOL_ALERTS).nullable(),
  /** Low when remaining ≤ this percent of `totalBytes`. */
  lowPercent: z.number().int(),
  /** Items by state. */
  items: z.object({ valid: z.number().int(), inUse: z.number().int(), expired: z.number().int() }),
});
export type DataPoolSummary = z.infer<typeof DataPoolSummarySchema>;

export const dataPoolSummaryCall = defineCall({
  id: 'dataPool.summary',
  method: 'POST',
  path: '/gm/dataPool/getSummary',
  input: z.strictObject({}),
  output: DataPoolSummarySchema,
  permission: 'licenses.view',
  summary: "The company's VPN data pool: total, used and remaining data, its alert state and unused packages",
});

export const DataPoolItemSchema = z.object({
  id: z.number().int(),
  source: z.enum(DATA_POOL_SOURCES),
  /** The device whose licence period included the data (source licence). */
  sn: z.string().nullable(),
  /** Data from packages (core §3 "package data"). */
  packageBytes: z.number().int(),
  /** Data a licence included (core §3 "licence data"). */
  licenceBytes: z.number().int(),
  usedBytes: z.number().int(),
  remainingBytes: z.number().int(),
  /** Days the item stays valid from its first use (core §3 "expire days"). */
  expireDays: z.number().int(),
  state: z.enum(DATA_POOL_STATES),
  /** Unix ms. */
  createdAt: z.number().int(),
  firstUsedAt: z.number().int().nullable(),
  /** First use + expire days; null while unused. */
  expiresAt: z.number().int().nullable(),
});
export type DataPoolItem = z.infer<typeof DataPoolItemSchema>;

const ItemFilterFields = { state: z.enum(DATA_POOL_STATES).optional() };
export const DataPoolItemFilterSchema = PageQuerySchema.extend(ItemFilterFields).strict();
export type DataPoolItemFilter = z.output<typeof DataPoolItemFilterSchema>;

export const dataPoolItemsCall = defineCall({
  id: 'dataPool.items',
  method: 'POST',
  path: '/gm/dataPool/getItems',
  input: DataPoolItemFilterSchema,
  output: pageSchema(DataPoolItemSchema),
  permission: 'licenses.view',
  paged: true,
  summary: 'The pool items, the next to be drawn first (in use by expiry, then valid, then expired)',
});

export const DataPoolItemExportFilterSchema = z.strictObject(ItemFilterFields);
export type DataPoolItemExportFilter = z.output<typeof DataPoolItemExportFilterSchema>;

/** Columns of the items export, in the console's order. */
export const DATA_POOL_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'source', header: { en: 'Source', cn: '来源' } },
  { field: 'sn', header: { en: 'Device SN', cn: '设备序列号' } },
  { field: 'packageBytes', header: { en: 'Package data', cn: '流量包流量' } },
  { field: 'licenceBytes', header: { en: 'Licence data', cn: '许可证流量' } },
  { field: 'usedBytes', header: { en: 'Used', cn: '已使用' } },
  { field: 'remainingBytes', header: { en: 'Remaining', cn: '剩余' } },
  { field: 'expireDays', header: { en: 'Expire days', cn: '有效天数' } },
  { field: 'state', header: { en: 'State', cn: '状态' } },
  { field: 'firstUsedAt', header: { en: 'First used', cn: '首次使用' } },
  { field: 'expiresAt', header: { en: 'Expires', cn: '到期时间' } },
];

export const dataPoolExportCall = defineCall({
  id: 'dataPool.exportItems',
  method: 'POST',
  path: exportPathOf(dataPoolItemsCall.path),
  input: exportRequestSchema(DataPoolItemExportFilterSchema, DATA_POOL_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'licenses.export',
  mutates: true,
  summary: `The pool items to .xlsx in the background, in the list's order (up to ${EXPORT_MAX_RECORDS})`,
});

export const DataPoolUsageDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** VPN traffic drawn from the pool that day. */
  usedBytes: z.number().int(),
  /** VPN traffic that day the pool could not cover. */
  uncoveredBytes: z.number().int(),
});
export type DataPoolUsageDay = z.infer<typeof DataPoolUsageDaySchema>;

export const dataPoolUsageCall = defineCall({
  id: 'dataPool.usage',
  method: 'POST',
  path: '/gm/dataPool/getUsage',
  input: z.strictObject({ days: intBetween(7, 90).default(30) }),
  output: z.array(DataPoolUsageDaySchema),
  permission: 'licenses.view',
  summary: 'VPN traffic per day over the last `days` days (UTC), every day listed, oldest first',
});

export const addDataPackagesCall = defineCall({
  id: 'dataPool.addPackages',
  method: 'POST',
  path: '/gm/dataPool/addDataPackages',
  input: z.strictObject({
    quantity: z.number().int().min(1).max(MAX_DATA_PACKAGES_PER_ADD),
    idempotencyKey: IdempotencyKeySchema,
  }),
  output: TransactionSchema.extend({ items: z.array(z.number().int()) }),
  permission: 'licenses.apply',
  mutates: true,
  summary: `Move unused data packages from the licence balance into the pool, one item of ${DATA_PACKAGE_BYTES / 1024 ** 3} GB each, valid ${DATA_PACKAGE_VALID_DAYS} days from first use (not enough packages, 190302)`,
});

export const DataPoolSettingsSchema = z.object({
  /** Low when remaining ≤ this percent of the unexpired data: 1-99. */
  lowPercent: intBetween(1, 99),
});
export type DataPoolSettings = z.infer<typeof DataPoolSettingsSchema>;

export const saveDataPoolSettingsCall = defineCall({
  id: 'dataPool.saveSettings',
  method: 'POST',
  path: '/gm/dataPool/saveSettings',
  input: DataPoolSettingsSchema.strict(),
  output: DataPoolSettingsSchema,
  permission: 'licenses.apply',
  mutates: true,
  summary: `Set when the pool counts as low (default ${DATA_POOL_LOW_PERCENT_DEFAULT} % remaining)`,
});

export const checkDataPoolCall = defineCall({
  id: 'dataPool.check',
  method: 'GET',
  path: '/gm/dataPool/checkData',
  input: z.strictObject({}),
  output: z.object({ remainingBytes: z.number().int() }),
  permission: 'licenses.view',
  summary:
    'What the VPN console asks before it opens a tunnel: the remaining data, or 190324 (every item expired) or 15030 (all used)',
});

export const grantDataCall = defineCall({
  id: 'dataPool.grant',
  method: 'POST',
  path: '/gm/dataPool/grantData',
  input: z.strictObject({
    companyId: z.number().int().positive(),
    /** MB of VPN data, 1 MB to 10 TB. */
    dataMb: z
      .number()
      .int()
      .min(1)
      .max(10 * 1024 * 1024),
    /** Days the item stays valid from its first use: 1-3650 (core §5). */
    expireDays: DataPoolValidityDaysSchema,
    idempotencyKey: IdempotencyKeySchema,
  }),
  output: z.object({ itemId: z.number().int() }),
  permission: 'superAdmin',
  mutates: true,
  summary:
    "The platform puts data into a company's pool (a trial or a goodwill credit), valid 1-3650 days from first use",
});

export const DATA_POOL_CALLS = [
  dataPoolSummaryCall,
  dataPoolItemsCall,
  dataPoolExportCall,
  dataPoolUsageCall,
  addDataPackagesCall,
  saveDataPoolSettingsCall,
  checkDataPoolCall,
  grantDataCall,
] as const;
