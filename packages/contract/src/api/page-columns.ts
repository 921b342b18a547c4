import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * Page column preferences (core §3, §7): which columns a user shows on a table page, in order. Kept
 * per user, so the same person sees the same columns in every company.
 */

export const PAGE_NAME_MAX = 64;
export const PAGE_COLUMNS_MAX = 100;

const PageNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(PAGE_NAME_MAX)
  .regex(/^[\w./-]+$/);

export const PageColumnsSchema = z.object({
  pageName: z.string(),
  /** Column keys in display order; null when the user has not chosen (the page shows its default). */
  columns: z.array(z.string()).nullable(),
});

export const updatePageColumnsCall = defineCall({
  id: 'pageColumns.update',
  method: 'POST',
  path: '/pl/page/updatePageColumns',
  input: z.strictObject({
    pageName: PageNameSchema,
    columns: z.array(z.string().trim().min(1).max(64)).max(PAGE_COLUMNS_MAX),
  }),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'Save the columns I show on a page',
});

export const getPageColumnsCall = defineCall({
  id: 'pageColumns.get',
  method: 'POST',
  path: '/pl/page/getPageColumnByName',
  input: z.strictObject({ pageName: PageNameSchema }),
  output: PageColumnsSchema,
  permission: 'session',
  summary: 'The columns I show on a page',
});

export const PAGE_COLUMN_CALLS = [updatePageColumnsCall, getPageColumnsCall] as const;
