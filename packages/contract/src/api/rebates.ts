import { z } from 'zod';
import type { Labels } from '../enums/labels.ts';
import { LICENCE_PRODUCTS } from '../enums/licences.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EXPORT_MAX_RECORDS, MAX_TRANSACTION_USD } from '../limits.ts';
import { AmountSchema, numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

/**
 * Distributor rebates (issue 13; core §2 rebateAmount, core §6 "distributor rebates"; features §2, §3).
 * The platform sets each distributor's rule; every approved purchase order of a company in the
 * distributor's tree posts a rebate row in the ledger, in the same transaction as the sale
 * (docs/decisions.md "Rebates"). Money in USD, times in Unix ms.
 */

/** A rate is a share of the order's total, or a fixed amount for each licence bought. */
export const REBATE_KINDS = ['percent', 'perLicence'] as const;
export type RebateKind = (typeof REBATE_KINDS)[number];
export const REBATE_KIND_LABELS: Labels<RebateKind> = {
  percent: { en: 'Percentage of the order total', cn: '订单总额的百分比' },
  perLicence: { en: 'Fixed amount per licence (USD)', cn: '每个许可证的固定金额（美元）' },
};

/** One product's rate. A percentage is 0.01-100 to two decimals; a per-licence amount a price in USD. */
export const RebateRateSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    product: z.enum(LICENCE_PRODUCTS),
    kind: z.literal('percent'),
    value: AmountSchema.pipe(z.number().max(100)),
  }),
  z.strictObject({
    product: z.enum(LICENCE_PRODUCTS),
    kind: z.literal('perLicence'),
    value: AmountSchema.pipe(z.number().max(MAX_TRANSACTION_USD)),
  }),
]);
export type RebateRate = z.infer<typeof RebateRateSchema>;

export const RebateRuleSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** One rate per product; a product without one earns no rebate. Empty: no rebates. */
  rates: z.array(RebateRateSchema),
  /** When the platform last set it; null when never. */
  updatedAt: z.number().int().nullable(),
});
export type RebateRule = z.infer<typeof RebateRuleSchema>;

const DistributorIdSchema = z.number().int().positive();

export const rebateRuleCall = defineCall({
  id: 'rebates.rule',
  method: 'POST',
  path: '/gm/rebate/getRebateRule',
  input: z.strictObject({ companyId: DistributorIdSchema }),
  output: RebateRuleSchema,
  permission: 'superAdmin',
  summary: "A distributor's rebate rule (Super Admin; not a distributor, 15040; no such company, 15009)",
});

export const setRebateRuleCall = defineCall({
  id: 'rebates.setRule',
  method: 'POST',
  path: '/gm/rebate/setRebateRule',
  input: z.strictObject({
    companyId: DistributorIdSchema,
    /** Replaces every rate; a product listed twice is code 1 naming it. */
    rates: z.array(RebateRateSchema).max(LICENCE_PRODUCTS.length),
  }),
  output: RebateRuleSchema,
  permission: 'superAdmin',
  mutates: true,
  summary:
    "Set a distributor's rebate rates per product: a percentage of each approved order in its tree, or a fixed amount per licence (Super Admin; 15040, 15009)",
});

export const myRebateRuleCall = defineCall({
  id: 'rebates.myRule',
  method: 'POST',
  path: '/gm/rebate/getMyRebateRule',
  input: z.strictObject({}),
  output: RebateRuleSchema,
  permission: 'distributorRebates.view',
  summary: 'The rebate rule the platform set for the caller, a distributor',
});

/** One rebate: the purchase in the distributor's tree that earned it. */
export const RebateRecordSchema = z.object({
  id: z.number().int(),
  /** The sale's transaction number (the same in the buyer's and the seller's billing history). */
  transactionNo: z.string(),
  at: z.number().int(),
  /** The company that bought. */
  customer: z.string(),
  /** The company that sold and approved the order: the distributor itself or a re-seller below it. */
  seller: z.string().nullable(),
  product: z.enum(LICENCE_PRODUCTS),
  quantity: z.number().int(),
  unitPrice: z.number().nullable(),
  /** The order's total; null for an order without a price. */
  saleTotal: z.number().nullable(),
  rebateAmount: z.number(),
});
export type RebateRecord = z.infer<typeof RebateRecordSchema>;

const RebateFilterFields = {
  /** Part of the customer's or the seller's name, or a whole transaction number. */
  search: z.string().trim().max(50).optional(),
  product: z.enum(LICENCE_PRODUCTS).optional(),
  /** Unix ms, inclusive. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
};
export const RebateFilterSchema = PageQuerySchema.extend(RebateFilterFields).strict();
export type RebateFilter = z.output<typeof RebateFilterSchema>;

export const rebateListCall = defineCall({
  id: 'rebates.list',
  method: 'POST',
  path: '/gm/rebate/getRebateList',
  input: RebateFilterSchema,
  output: pageSchema(RebateRecordSchema),
  permission: 'distributorRebates.view',
  paged: true,
  summary: "The distributor's rebates per transaction, newest first, searched by customer, seller or number",
});

/** Totals are summed per calendar month or quarter, in the caller's time zone (`timeZoneOffset`). */
export const REBATE_PERIODS = ['month', 'quarter'] as const;
export type RebatePeriod = (typeof REBATE_PERIODS)[number];

export const RebateTotalSchema = z.object({
  /** `2026-11` for a month, `2026-Q4` for a quarter. */
  period: z.string(),
  transactions: z.number().int(),
  /** The priced orders' totals. */
  saleTotal: z.number(),
  rebateAmount: z.number(),
});
export type RebateTotal = z.infer<typeof RebateTotalSchema>;

export const rebateTotalsCall = defineCall({
  id: 'rebates.totals',
  method: 'POST',
  path: '/gm/rebate/getRebateTotals',
  input: PageQuerySchema.extend({ ...RebateFilterFields, period: z.enum(REBATE_PERIODS) }).strict(),
  output: pageSchema(RebateTotalSchema),
  permission: 'distributorRebates.view',
  paged: true,
  summary: "The distributor's rebates summed per month or quarter, newest first, with the list's filter",
});

/** The rebate list's filter without paging: what an export covers. */
export const RebateExportFilterSchema = z.strictObject(RebateFilterFields);
export type RebateExportFilter = z.output<typeof RebateExportFilterSchema>;

/** Columns a rebate export can hold, in the page's order. */
export const REBATE_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'transactionNo', header: { en: 'Transaction number', cn: '交易编号' } },
  { field: 'at', header: { en: 'Time', cn: '时间' } },
  { field: 'customer', header: { en: 'Customer', cn: '客户' } },
  { field: 'seller', header: { en: 'Sold by', cn: '销售方' } },
  { field: 'rebateAmount', header: { en: 'Rebate amount (USD)', cn: '返利金额（美元）' } },
  { field: 'product', header: { en: 'Product', cn: '产品' } },
  { field: 'quantity', header: { en: 'Quantity', cn: '数量' } },
  { field: 'unitPrice', header: { en: 'Unit price (USD)', cn: '单价（美元）' } },
  { field: 'saleTotal', header: { en: 'Order total (USD)', cn: '订单总额（美元）' } },
];

export const rebateExportCall = defineCall({
  id: 'rebates.export',
  method: 'POST',
  path: exportPathOf(rebateListCall.path),
  input: exportRequestSchema(RebateExportFilterSchema, REBATE_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'distributorRebates.export',
  mutates: true,
  summary: `The filtered rebates to .xlsx in the background, newest first (up to ${EXPORT_MAX_RECORDS} within three months)`,
});

export const REBATE_CALLS = [
  rebateRuleCall,
  setRebateRuleCall,
  myRebateRuleCall,
  rebateListCall,
  rebateTotalsCall,
  rebateExportCall,
] as const;
