import { type Kysely, sql } from 'kysely';

/**
 * Products and endpoints of the endpoint manager (issue 19). A product is built from a point table and
 * copies the points its report groups hold (the table may change later; an enabled product keeps what it
 * was enabled with). Report groups, parameters, tags, location methods and controls are edited and saved
 * with their product, so they are JSON columns checked by the contract and the service. An endpoint sits
 * behind a gateway of its company (by SN, no foreign key: a gateway removed or moved leaves the endpoint
 * to be shown as offline and re-associated, not silently deleted).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table product (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    point_table_id bigint not null references point_table (id),
    name text not null,
    logo_file_id bigint,
    type text not null,
    southbound_app text not null,
    state text not null default 'notEnabled' check (state in ('notEnabled', 'enabled')),
    points jsonb not null,
    report_groups jsonb not null,
    parameters jsonb not null,
    parameters_saved boolean not null default false,
    tags jsonb not null default '[]',
    location_methods jsonb not null default '[]',
    controls jsonb not null default '[]',
    enabled_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index product_company_name_idx on product (company_id, lower(name))`.execute(db);
  await sql`create index product_point_table_idx on product (point_table_id)`.execute(db);
  await sql`create table endpoint (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    endpoint_id text not null,
    name text not null,
    description text not null default '',
    product_id bigint not null references product (id),
    group_id bigint,
    gateway_sn text not null,
    connection_method text not null check (connection_method in ('tcp', 'rtuOverTcp', 'serial')),
    target_version text not null default '',
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index endpoint_company_id_idx on endpoint (company_id, lower(endpoint_id))`.execute(
    db,
  );
  await sql`create index endpoint_product_idx on endpoint (product_id)`.execute(db);
  await sql`create index endpoint_gateway_idx on endpoint (gateway_sn)`.execute(db);
}
