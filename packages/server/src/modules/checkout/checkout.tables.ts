import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The checkout area's tables (migration 0175_checkout). */
export interface CheckoutTables {
  /** A partner's price and minimum purchase of one product for one customer. */
  customer_price: {
    seller_company_id: Id;
    buyer_company_id: Id;
    product: string;
    unit_price_cents: number;
    minimum_purchase: number;
    updated_at: Instant;
  };
  /** Whether a partner lets one customer order online. */
  customer_checkout: {
    seller_company_id: Id;
    buyer_company_id: Id;
    online_purchase_forbidden: boolean;
    updated_at: Instant;
  };
  /** An order of licences placed with the company upstream (seller null: the platform). */
  purchase_order: {
    id: Generated<number>;
    buyer_company_id: Id;
    seller_company_id: number | null;
    product: string;
    quantity: number;
    unit_price_cents: number | null;
    state: string;
    note: string | null;
    idempotency_key: string;
    placed_by_user_id: number | null;
    placed_at: Instant;
    decided_by_user_id: number | null;
    decided_at: Date | null;
    reject_reason: string | null;
    transaction_no: string | null;
  };
}
