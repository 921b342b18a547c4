import { z } from 'zod';
import { PAGE_NUM_MAX, PAGE_SIZE_MAX } from './limits.ts';

/** Every console and open-API response: `code` 0 is success (core §7). */
export interface Envelope<T = unknown> {
  code: number;
  data: T | null;
  msg: string;
  pageSize?: number;
  pageNum?: number;
  total?: number;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    data: data.nullable(),
    msg: z.string(),
    pageSize: z.number().int().optional(),
    pageNum: z.number().int().optional(),
    total: z.number().int().optional(),
  });
}

/** Paging fields that list calls accept (core §7: pageNum / pageSize in the body). */
export const PageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(PAGE_NUM_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A page of rows as a service returns it; the route puts `total` and paging into the envelope. */
export interface Page<T> {
  list: T[];
  total: number;
}
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.number().int() });
}
