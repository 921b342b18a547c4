import { type Kysely, sql } from 'kysely';

/**
 * VPN sites (issue 17): the LAN subnet a router publishes in its group (pushed to the other members as
 * a route, routed to the router at the hub), and the end devices (PLCs) behind a router, each with an
 * address of the group's virtual network that the router maps 1:1 to the PLC's own address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vpn_member add column lan_subnet text`.execute(db);
  await sql`create table vpn_end_device (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    group_id bigint not null references vpn_group (id) on delete cascade,
    sn text not null,
    name text not null,
    ip text not null,
    virtual_ip text not null,
    created_at timestamptz not null,
    unique (group_id, sn, ip),
    unique (group_id, virtual_ip)
  )`.execute(db);
  await sql`create index vpn_end_device_company_idx on vpn_end_device (company_id, group_id)`.execute(db);
}
