import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { PAGE_NUM_MAX } from '../limits.ts';
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

export const COMPANY_CALLS = [companyListCall] as const;
