import { type RawBuilder, sql } from 'kysely';

/**
 * The one reading of data usage from the telemetry time series (the dashboard, reports and alert
 * rules use it). Devices report byte counters since boot per link (docs/device-protocol.md §6
 * "telemetry"), so usage is the growth between samples of the same link; a counter that fell (a
 * reboot) counts from zero again, and the first sample of the range only sets the base.
 *
 * `where` picks the telemetry rows (alias `t`, and `u` one of its `usage` entries): company, devices,
 * time range and, if it likes, links. The answer is a `with`
 * clause ending in `deltas (sn, link, at, rx, tx)`, one row per sample, for the caller's own select.
 */
export function usageDeltas(where: RawBuilder<unknown>) {
  return sql`
    with samples as (
      select t.sn, t.at, u->>'link' as link,
             (u->>'rxBytes')::float8 as rx, (u->>'txBytes')::float8 as tx
        from device_telemetry t, jsonb_array_elements(t.data->'usage') u
       where ${where}
    ), steps as (
      select sn, link, at, rx, tx,
             rx - lag(rx) over w as drx, tx - lag(tx) over w as dtx
        from samples window w as (partition by sn, link order by at)
    ), deltas as (
      select sn, link, at,
             case when drx is null then 0 when drx < 0 then rx else drx end as rx,
             case when dtx is null then 0 when dtx < 0 then tx else dtx end as tx
        from steps
    )`;
}
