import { z } from 'zod';
import { COMPANY_TYPE_VALUES } from '../enums/companies.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { CompanyNameSchema, plainText } from '../rules/identity.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { defineCall } from './define.ts';

/**
 * The current company's account (core §3 "Company", §6 "Company and licence limits"; issue 4): name,
 * type, country and ID, the people who belong to it, leaving it, and a person's default company.
 */

registerRuleMessages({
  companyTypeUnknown: { en: 'Unknown company type', cn: '未知的公司类型' },
});

const CompanyTypeSchema = z
  .number()
  .int()
  .refine((t) => (COMPANY_TYPE_VALUES as readonly number[]).includes(t), { error: 'companyTypeUnknown' });

export const CompanyAccountSchema = z.object({
  /** The company ID shown on the page. */
  companyId: z.number().int(),
  name: z.string(),
  /** 0 end customer, 1 distributor, 2 re-seller. */
  type: z.number().int(),
  country: z.string().nullable(),
  memberCount: z.number().int(),
  /** Upstream or downstream partner links exist: the type cannot change (15002). */
  hasRelations: z.boolean(),
  createdAt: z.number().int(),
});
export type CompanyAccount = z.infer<typeof CompanyAccountSchema>;

export const getCompanyAccountCall = defineCall({
  id: 'companyAccount.get',
  method: 'GET',
  path: '/pl/company/getCompanyAccount',
  input: z.strictObject({}),
  output: CompanyAccountSchema,
  permission: 'companyAccount.view',
  summary: 'The current company: name, type, country, ID and member count',
});

export const updateCompanyAccountCall = defineCall({
  id: 'companyAccount.update',
  method: 'POST',
  path: '/pl/company/updateCompanyAccount',
  input: z.strictObject({
    name: CompanyNameSchema.optional(),
    type: CompanyTypeSchema.optional(),
    country: plainText(0, 64).optional(),
  }),
  output: z.null(),
  permission: 'companyAccount.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Rename the company, set its country or type (10 name taken, 15002 type locked by partners)',
});

export const CompanyMemberSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  loginAccount: z.string(),
  roleName: z.string(),
  roleType: z.number(),
});

export const companyMembersCall = defineCall({
  id: 'companyAccount.members',
  method: 'POST',
  path: '/pl/company/getCompanyMembers',
  input: PageQuerySchema.strict(),
  output: pageSchema(CompanyMemberSchema),
  permission: 'companyAccount.view',
  paged: true,
  summary: 'The people who belong to the current company, by name',
});

export const leaveCompanyCall = defineCall({
  id: 'companyAccount.leave',
  method: 'POST',
  path: '/pl/company/leaveCompany',
  input: z.strictObject({}),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'Leave the current company; the session ends (14025 for its default user)',
});

export const setDefaultCompanyCall = defineCall({
  id: 'companyAccount.setDefault',
  method: 'POST',
  path: '/pl/company/setDefaultCompany',
  input: z.strictObject({ companyId: z.coerce.number().int().positive() }),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'Choose the company one lands in after sign-in (listed first)',
});

export const COMPANY_ACCOUNT_CALLS = [
  getCompanyAccountCall,
  updateCompanyAccountCall,
  companyMembersCall,
  leaveCompanyCall,
  setDefaultCompanyCall,
] as const;
