import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The licences area's tables (migration 0160_licences). */
export interface LicenceTables {
  /** One operation of a person or a job: its transaction number is `id`, its retry key `idempotency_key`. */
  licence_operation: {
    id: Generated<number>;
    company_id: Id;
    kind: string;
    idempotency_key: string | null;
    operator_user_id: number | null;
    /** What the call answered, so a retry with the same key answers the same. */
    result: unknown;
    created_at: Instant;
  };
  /** Append-only: rows are inserted, never updated or deleted (a refund is a row of its own). */
  licence_ledger: {
    id: Generated<number>;
    operation_id: Id;
    company_id: Id;
    movement: string;
    product: string;
    /** What the row does to the company's unused balance. */
    quantity: number;
    counterparty_company_id: number | null;
    sn: string | null;
    period_start: Date | null;
    period_end: Date | null;
    /** The renewal a refund gives back. */
    reverses_id: number | null;
    unit_price_cents: number | null;
    /** What the platform owes the distributor, on a `rebate` row only (migration 0210; bigint, read with Number). */
    rebate_cents: ColumnType<number | null, number | null | undefined, never>;
    operator_user_id: number | null;
    created_at: Instant;
  };
  /** Unused licences per company and product: the ledger's sum, kept under a row lock. */
  licence_account: {
    company_id: Id;
    product: string;
    available: Generated<number>;
  };
  /** Each device's licence now, derived from its consumption, renewal, refund and expiry rows. */
  device_licence: {
    sn: string;
    company_id: Id;
    level: Generated<string>;
    starts_at: Date | null;
    ends_at: Date | null;
  };
  /** A company's auto-renew default (migration 0180); absent: off. */
  licence_auto_renew: {
    company_id: Id;
    enabled: boolean;
    period: number;
    updated_at: Instant;
  };
  /** A device's own auto-renew (on with a period, or off); absent: the company's default. */
  device_auto_renew: {
    sn: string;
    company_id: Id;
    enabled: boolean;
    period: number | null;
    updated_at: Instant;
  };
}
