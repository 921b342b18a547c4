import { z } from 'zod';
import { WEEKDAYS } from '../enums/companies.ts';
import { RESTRICTABLE_ROLE_TYPES } from '../permissions.ts';
import { DayWindowsSchema, HolidaysSchema } from '../rules/access-restriction.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { duplicates, refineWith } from '../rules/rule.ts';
import { defineCall } from './define.ts';

/**
 * Company access restriction (core §3, §5, §6; issue 4). While enabled and between its start and end
 * dates (UTC, inclusive), users of the barred role types may use the company only on the chosen days,
 * inside that day's time ranges (UTC; a day without ranges is open all day) and never on a holiday.
 * Outside those hours sign-in, the company switch and every call answer 14091. The owner is never barred.
 */

registerRuleMessages({
  dateInvalid: { en: 'Please enter a date as YYYY-MM-DD', cn: '请按YYYY-MM-DD格式输入日期' },
  restrictionDatesOrder: {
    en: 'The start date must not be after the end date',
    cn: '开始日期不能晚于结束日期',
  },
  restrictionDayDuplicate: { en: 'Each day can be chosen once', cn: '每天只能选择一次' },
  restrictionRoleInvalid: { en: 'This role type cannot be restricted', cn: '该角色类型不能被限制' },
});

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const DateOnlySchema = z
  .string()
  .trim()
  .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'dateInvalid' });

export const RestrictionDaySchema = z.strictObject({
  day: z.enum(WEEKDAYS),
  windows: DayWindowsSchema,
});

export const AccessRestrictionSchema = z
  .strictObject({
    enabled: z.boolean(),
    startDate: DateOnlySchema,
    endDate: DateOnlySchema,
    days: z
      .array(RestrictionDaySchema)
      .max(WEEKDAYS.length)
      .superRefine(
        refineWith((days) => (duplicates(days, (d) => d.day).length ? 'restrictionDayDuplicate' : null)),
      ),
    /** Role types barred outside the hours (never the owner, 2). */
    roleTypes: z
      .array(
        z.number().refine((t) => RESTRICTABLE_ROLE_TYPES.includes(t), { error: 'restrictionRoleInvalid' }),
      )
      .max(RESTRICTABLE_ROLE_TYPES.length)
      .transform((types) => [...new Set(types)]),
    holidays: HolidaysSchema,
  })
  .superRefine((value, ctx) => {
    if (value.startDate > value.endDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'restrictionDatesOrder',
        input: value.endDate,
      });
  });
export type AccessRestriction = z.infer<typeof AccessRestrictionSchema>;

export const getAccessRestrictionCall = defineCall({
  id: 'accessRestriction.get',
  method: 'GET',
  path: '/pl/company/getAccessRestriction',
  input: z.strictObject({}),
  output: AccessRestrictionSchema.nullable(),
  permission: 'companyAccount.view',
  adminOnly: true,
  summary: "The current company's access restriction, or null when none is set",
});

export const saveAccessRestrictionCall = defineCall({
  id: 'accessRestriction.save',
  method: 'POST',
  path: '/pl/company/saveAccessRestriction',
  input: AccessRestrictionSchema,
  output: z.null(),
  permission: 'companyAccount.edit',
  adminOnly: true,
  mutates: true,
  summary: 'Set the access restriction: dates, days with up to two UTC ranges, barred role types, holidays',
});

export const ACCESS_RESTRICTION_CALLS = [getAccessRestrictionCall, saveAccessRestrictionCall] as const;
