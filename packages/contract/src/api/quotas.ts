import { z } from 'zod';
import type { Labels } from '../enums/labels.ts';
import { LICENCE_PRODUCTS } from '../enums/licences.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { defineCall } from './define.ts';

/**
 * Delegated quotas (issue 13): each level of the partner chain limits the level below — the licences a
 * customer may draw from upstream (per product, a month, a year or in total), the devices it may hold,
 * and the open API calls per second its clients may make. A limit covers the customer and everything
 * below it, and a company's own limits bound what it grants its customers (15054), so nothing in a
 * chain ever exceeds what the top granted (docs/decisions.md "Delegated quotas").
 */

registerRuleMessages({
  quotaProductTwice: { en: 'Each product can have one limit', cn: '每个产品只能设置一个限额' },
});

/** Over which window a licence limit counts what was drawn: calendar month or year (UTC), or ever. */
export const QUOTA_PERIODS = ['month', 'year', 'total'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];
export const QUOTA_PERIOD_LABELS: Labels<QuotaPeriod> = {
  month: { en: 'Per month', cn: '每月' },
  year: { en: 'Per year', cn: '每年' },
  total: { en: 'In total', cn: '累计' },
};

/** The largest device limit a quota can name. */
export const QUOTA_MAX_DEVICES = 10_000_000;
/** The largest open API rate a quota can name (the platform's own default is 12 calls/s per client). */
export const QUOTA_MAX_API_CALLS_PER_SECOND = 1000;

export const LicenceQuotaSchema = z.strictObject({
  product: z.enum(LICENCE_PRODUCTS),
  /** Licences the company (with its customers) may draw from upstream in one `period`; 0 forbids drawing. */
  limit: z.number().int().min(0).max(1_000_000),
  period: z.enum(QUOTA_PERIODS),
});
export type LicenceQuota = z.infer<typeof LicenceQuotaSchema>;

export const QuotaLimitsSchema = z.strictObject({
  /** Devices the company and its customers may hold together; null: no limit. */
  devices: z.number().int().min(0).max(QUOTA_MAX_DEVICES).nullable(),
  /** Open API calls per second for the company's clients; null: the platform's default. Enforced by the open API. */
  apiCallsPerSecond: z.number().int().min(1).max(QUOTA_MAX_API_CALLS_PER_SECOND).nullable(),
  /** At most one limit per product; a product without one is not limited. */
  licences: z
    .array(LicenceQuotaSchema)
    .max(LICENCE_PRODUCTS.length)
    .refine((list) => new Set(list.map((l) => l.product)).size === list.length, {
      error: 'quotaProductTwice',
    }),
});
export type QuotaLimits = z.infer<typeof QuotaLimitsSchema>;

/** One licence limit with what it has counted so far in its current window. */
export const LicenceQuotaUsageSchema = z.object({
  product: z.enum(LICENCE_PRODUCTS),
  limit: z.number().int(),
  period: z.enum(QUOTA_PERIODS),
  /** Licences drawn from upstream in the current window, less those the upstream took back in it. */
  drawn: z.number().int(),
});

/** A company's quota as its grantor and the company itself see it. Times are Unix ms. */
export const CompanyQuotaSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  devices: z.object({
    limit: z.number().int().nullable(),
    /** Devices of the company and its customers now. */
    held: z.number().int(),
  }),
  apiCallsPerSecond: z.number().int().nullable(),
  licences: z.array(LicenceQuotaUsageSchema),
  /**
   * The grantor's own limits: what the editor may not exceed (15054). Null when nothing bounds it (the
   * Super Admin, or a partner without a quota of its own) and on the company's own view.
   */
  ceiling: QuotaLimitsSchema.nullable(),
  /** Who set the quota last: the partner's name, or null for the platform; null with `updatedAt` when never set. */
  setBy: z.string().nullable(),
  updatedAt: z.number().int().nullable(),
});
export type CompanyQuota = z.infer<typeof CompanyQuotaSchema>;

const CompanyIdSchema = z.number().int().positive();

export const getCustomerQuotaCall = defineCall({
  id: 'quotas.customer',
  method: 'POST',
  path: '/gm/quota/getCustomerQuota',
  input: z.strictObject({ companyId: CompanyIdSchema }),
  output: CompanyQuotaSchema,
  permission: 'customers.view',
  summary:
    "A customer's limits and usage with the caller's own limits as the ceiling (not a customer: 5); the Super Admin reads a top-level company's",
});

export const setCustomerQuotaCall = defineCall({
  id: 'quotas.setCustomer',
  method: 'POST',
  path: '/gm/quota/setCustomerQuota',
  input: QuotaLimitsSchema.extend({ companyId: CompanyIdSchema }),
  output: CompanyQuotaSchema,
  permission: 'customers.edit',
  mutates: true,
  summary:
    "Set a customer's limits, replacing the previous ones (above the caller's own: 15054; not a customer: 5); the Super Admin sets a distributor's",
});

export const getMyQuotaCall = defineCall({
  id: 'quotas.mine',
  method: 'POST',
  path: '/gm/quota/getMyQuota',
  input: z.strictObject({}),
  output: CompanyQuotaSchema,
  permission: 'licenses.view',
  summary: "The limits the company's partner (or the platform) set for it, with what it uses of them",
});

export const QUOTA_CALLS = [getCustomerQuotaCall, setCustomerQuotaCall, getMyQuotaCall] as const;
