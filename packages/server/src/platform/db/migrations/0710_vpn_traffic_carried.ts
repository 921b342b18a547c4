import { type Kysely, sql } from 'kysely';

/**
 * VPN traffic over time (issue 17, the VPN dashboard's chart and top talkers): each traffic sample also
 * keeps what the tunnel carried since the member's previous read (`carried`, the growth the data limits
 * count), so a chart sums samples instead of guessing where a tunnel's counters started again. Samples
 * stored before this keep an estimate from their neighbours (growth since the previous sample of the
 * same member, or the whole count where it went down).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vpn_traffic add column carried bigint not null default 0`.execute(db);
  await sql`update vpn_traffic t set carried = e.carried
    from (
      select ctid as row_id,
             case
               when lag(bytes_in + bytes_out) over w is null then bytes_in + bytes_out
               when bytes_in + bytes_out >= lag(bytes_in + bytes_out) over w
                 then bytes_in + bytes_out - lag(bytes_in + bytes_out) over w
               else bytes_in + bytes_out
             end as carried
        from vpn_traffic
      window w as (partition by group_id, member_key order by at)
    ) e
    where t.ctid = e.row_id`.execute(db);
  await sql`create index vpn_traffic_company_at_idx on vpn_traffic (company_id, at)`.execute(db);
}
