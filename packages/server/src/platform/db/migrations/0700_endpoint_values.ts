import { type Kysely, sql } from 'kysely';

/**
 * What gateways poll from their Modbus endpoints (issue 19, up kind `endpoint`): every sample as a
 * time series keyed by (company, gateway, endpoint, time), so a resent message is stored once, and the
 * latest sample with the endpoint's presence beside it, read by the endpoint pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table endpoint_sample (
    company_id bigint not null references company (id) on delete cascade,
    sn text not null,
    endpoint_id text not null,
    at timestamptz not null,
    "values" jsonb not null,
    quality text not null check (quality in ('good', 'partial')),
    received_at timestamptz not null,
    primary key (company_id, sn, endpoint_id, at)
  )`.execute(db);
  await sql`create table endpoint_state (
    company_id bigint not null references company (id) on delete cascade,
    sn text not null,
    endpoint_id text not null,
    "values" jsonb,
    quality text,
    sample_at timestamptz,
    online boolean,
    offline_reason text,
    presence_at timestamptz,
    primary key (company_id, sn, endpoint_id)
  )`.execute(db);
}
