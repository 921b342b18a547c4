import { type Kysely, sql } from 'kysely';

/**
 * Checkout by purchase order (issue 13): a partner's terms for each customer (prices and minimum
 * purchase per product, online purchase forbidden or not) and the orders customers place with the
 * company upstream of them (or with the platform). docs/decisions.md "Checkout".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table customer_price (
    seller_company_id bigint not null references company (id) on delete cascade,
    buyer_company_id bigint not null references company (id) on delete cascade,
    product text not null,
    unit_price_cents bigint not null,
    minimum_purchase integer not null,
    updated_at timestamptz not null,
    primary key (seller_company_id, buyer_company_id, product),
    constraint customer_price_positive check (unit_price_cents > 0 and minimum_purchase >= 12)
  )`.execute(db);

  await sql`create table customer_checkout (
    seller_company_id bigint not null references company (id) on delete cascade,
    buyer_company_id bigint not null references company (id) on delete cascade,
    online_purchase_forbidden boolean not null default false,
    updated_at timestamptz not null,
    primary key (seller_company_id, buyer_company_id)
  )`.execute(db);

  await sql`create table purchase_order (
    id bigint generated always as identity primary key,
    buyer_company_id bigint not null references company (id) on delete cascade,
    seller_company_id bigint references company (id) on delete cascade,
    product text not null,
    quantity integer not null,
    unit_price_cents bigint,
    state text not null default 'pending',
    note text,
    idempotency_key text not null,
    placed_by_user_id bigint references app_user (id) on delete set null,
    placed_at timestamptz not null,
    decided_by_user_id bigint references app_user (id) on delete set null,
    decided_at timestamptz,
    reject_reason text,
    transaction_no text,
    constraint purchase_order_once unique (buyer_company_id, idempotency_key),
    constraint purchase_order_state check (state in ('pending', 'approved', 'rejected', 'cancelled'))
  )`.execute(db);
  await sql`create index purchase_order_buyer_idx on purchase_order (buyer_company_id, id desc)`.execute(db);
  await sql`create index purchase_order_seller_idx on purchase_order (seller_company_id, state, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table purchase_order`.execute(db);
  await sql`drop table customer_checkout`.execute(db);
  await sql`drop table customer_price`.execute(db);
}
