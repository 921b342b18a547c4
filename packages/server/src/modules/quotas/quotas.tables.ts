import type { ColumnType } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The quotas area's tables (migration 0220_quotas). */
export interface QuotaTables {
  /** A company's limits, set by its partner (`set_by_company_id`) or the platform (null). */
  company_quota: {
    company_id: Id;
    /** Devices the company and its customers may hold; null: no limit. */
    devices: number | null;
    /** Stored for the open API's gateway to enforce; null: the platform's default. */
    api_calls_per_second: number | null;
    set_by_company_id: number | null;
    updated_by_user_id: number | null;
    updated_at: Instant;
  };
  /** One licence limit per product: drawn from upstream within `period` (month, year, total). */
  company_licence_quota: {
    company_id: Id;
    product: string;
    quota_limit: number;
    period: string;
  };
}
