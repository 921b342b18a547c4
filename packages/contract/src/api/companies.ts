import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { MAX_COMPANIES_PER_USER, PAGE_NUM_MAX } from '../limits.ts';
import { defineCall } from './define.ts';

/** Core §3 "Company list item", core §7. */
export const CompanyListItemSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** The company the person lands in after sign-in; listed first. */
  defaultAccount: z.boolean(),
  /** 0 end customer, 1 distributor, 2 re-seller. */
  companyType: z.number().int(),
});
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;

export const CompanyListBodySchema = z.strictObject({
  pageNum: z.coerce.number().int().min(1).max(PAGE_NUM_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** Part of the name, any case. */
  companyName: z.string().trim().max(50).optional(),
});

export const companyListCall = defineCall({
  id: 'company.list',
  method: 'POST',
  path: '/pl/group/getCompanyListByUserIdAndCompanyName',
  input: CompanyListBodySchema,
  output: pageSchema(CompanyListItemSchema),
  permission: 'session',
  summary: "The signed-in person's companies: the default first, then by pinyin",
  paged: true,
});

/**
 * The person's own accounts (operation/userAccount, docs/decisions.md "User accounts page"): how many
 * companies they belong to against the limits of core §6, and which limit stops them joining another.
 */
export const MyCompanyLimitsSchema = z.object({
  /** Companies the person belongs to now. */
  joined: z.number().int(),
  /** At most this many (14049). */
  max: z.literal(MAX_COMPANIES_PER_USER),
  /** The deployment allows one company per account (14050). */
  oneCompanyPerAccount: z.boolean(),
  /** The code a new company or invitation would be refused with now; null when one more is allowed. */
  joinRefusedWith: z.union([z.literal(14049), z.literal(14050)]).nullable(),
});
export type MyCompanyLimits = z.infer<typeof MyCompanyLimitsSchema>;

export const myCompanyLimitsCall = defineCall({
  id: 'company.limits',
  method: 'POST',
  path: '/pl/group/getMyCompanyLimits',
  input: z.strictObject({}),
  output: MyCompanyLimitsSchema,
  permission: 'session',
  summary:
    'How many companies the signed-in person belongs to, and whether they may join another (14049, 14050)',
});

export const leaveMyCompanyCall = defineCall({
  id: 'company.leave',
  method: 'POST',
  path: '/pl/group/leaveCompany',
  input: z.strictObject({ companyId: z.coerce.number().int().positive() }),
  /** `signedOut`: the company was the session's own, so the session ended (sign in again). */
  output: z.object({ signedOut: z.boolean() }),
  permission: 'session',
  mutates: true,
  summary:
    "Leave one of the person's companies (14025 for the company's default user, 5 for one they do not belong to); leaving the session's own company ends the session",
});

export const COMPANY_CALLS = [companyListCall, myCompanyLimitsCall, leaveMyCompanyCall] as const;
