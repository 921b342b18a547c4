import { ErrorCode, EXPORT_RANGE_MAX_MONTHS } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { usageDeltas } from '../devices/device-usage.ts';

/**
 * Data usage and signal series from the telemetry time series. Usage is read as everywhere
 * (devices/device-usage.ts). Each series reads the telemetry of every company of the caller's scope.
 */

/** `company_id in (...)` over the scope: for one company the same plan as `= id`. */
const inScope = (column: string, scope: CompanyScope) =>
  sql`${sql.ref(column)} in (${sql.join(scopedCompanyIds(scope))})`;

export interface Range {
  start: Date;
  end: Date;
}

const DAY = 86_400_000;

/** The range asked for, the last 24 hours by default; at most three months (120098). */
export function checkedRange(input: { startTime?: number; endTime?: number }, now: Date): Range {
  const end = new Date(input.endTime ?? now.getTime());
  const start = new Date(input.startTime ?? end.getTime() - DAY);
  if (start > end) throw new AppError(ErrorCode.PARAMETER_ERROR, null, 200, 'startTime: after endTime');
  const limit = new Date(start);
  limit.setUTCMonth(limit.getUTCMonth() + EXPORT_RANGE_MAX_MONTHS);
  if (end > limit) throw new AppError(ErrorCode.RANGE_THREE_MONTHS);
  return { start, end };
}

const usageIn = (scope: CompanyScope, range: Range, sn?: string) =>
  usageDeltas(sql`${inScope('t.company_id', scope)} and t.at >= ${range.start} and t.at <= ${range.end}
    ${sn ? sql`and t.sn = ${sn}` : sql``}`);

export async function usageSeries(db: DbOrTx, scope: CompanyScope, range: Range, sn?: string) {
  const { rows } = await sql<{ bucket: Date; rx: number; tx: number }>`
    ${usageIn(scope, range, sn)}
    select date_trunc('hour', at) as bucket, sum(rx) as rx, sum(tx) as tx
      from deltas group by 1 order by 1`.execute(db);
  return rows.map((r) => ({
    at: new Date(r.bucket).getTime(),
    rxBytes: Number(r.rx),
    txBytes: Number(r.tx),
  }));
}

export async function topUsage(db: DbOrTx, scope: CompanyScope, range: Range, limit: number) {
  const { rows } = await sql<{ sn: string; name: string; total: number }>`
    ${usageIn(scope, range)}
    select d.sn, coalesce(dev.name, d.sn) as name, sum(d.rx + d.tx) as total
      from deltas d left join device dev on dev.sn = d.sn and ${inScope('dev.company_id', scope)}
     group by d.sn, dev.name order by total desc, d.sn limit ${limit}`.execute(db);
  return rows.map((r) => ({ sn: r.sn, name: r.name, totalBytes: Number(r.total) }));
}

export async function signalSeries(db: DbOrTx, scope: CompanyScope, range: Range, sn?: string) {
  const { rows } = await sql<{
    bucket: Date;
    rssi: number | null;
    rsrp: number | null;
    rsrq: number | null;
    sinr: number | null;
  }>`
    select date_trunc('hour', t.at) as bucket,
           avg((s->>'rssi')::float8) as rssi, avg((s->>'rsrp')::float8) as rsrp,
           avg((s->>'rsrq')::float8) as rsrq, avg((s->>'sinr')::float8) as sinr
      from device_telemetry t, jsonb_array_elements(coalesce(t.data->'signal', '[]'::jsonb)) s
     where ${inScope('t.company_id', scope)} and t.at >= ${range.start} and t.at <= ${range.end}
           ${sn ? sql`and t.sn = ${sn}` : sql``}
     group by 1 order by 1`.execute(db);
  const num = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  return rows.map((r) => ({
    at: new Date(r.bucket).getTime(),
    rssi: num(r.rssi),
    rsrp: num(r.rsrp),
    rsrq: num(r.rsrq),
    sinr: num(r.sinr),
  }));
}
