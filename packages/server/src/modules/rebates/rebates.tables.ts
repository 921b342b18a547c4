import type { ColumnType } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The rebates area's tables (migration 0210_rebates_branding); rebates themselves are ledger rows. */
export interface RebateTables {
  /** The platform's rate for one distributor and product. */
  rebate_rate: {
    company_id: Id;
    product: string;
    kind: string;
    /** Basis points of the order total (percent) or cents per licence (perLicence). */
    value: number;
    updated_at: Instant;
  };
  /** When the platform last set a distributor's rule (kept when the rule holds no rate). */
  rebate_rule: {
    company_id: Id;
    updated_at: Instant;
  };
}
