import type { CallLogRow } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of the usage page: the calling log of the scope's clients, by day, by interface and row by row. */

export interface UsageRange {
  from: Date;
  to: Date;
  /** The client's row id. */
  clientId?: number;
}

function inRange(scope: CompanyScope, range: UsageRange) {
  return (db: DbOrTx) =>
    db
      .selectFrom('open_api_call_log')
      .where('company_id', 'in', scopedCompanyIds(scope))
      .where('at', '>=', range.from)
      .where('at', '<=', range.to)
      .$if(range.clientId !== undefined, (q) => q.where('client_id', '=', range.clientId as number));
}

const failed = sql<number>`count(*) filter (where status < 200 or status >= 300)`;

/** Calls per day; `offsetMinutes` east of UTC puts the day boundaries where the person lives. */
export async function callsPerDay(db: DbOrTx, scope: CompanyScope, range: UsageRange, offsetMinutes: number) {
  const day = sql<number>`floor((extract(epoch from at) * 1000 + ${offsetMinutes * 60_000}) / 86400000)`;
  const rows = await inRange(
    scope,
    range,
  )(db)
    .select([day.as('day'), sql<number>`count(*)`.as('calls'), failed.as('failed')])
    // By position: the day's expression carries a parameter, which would not match a second copy.
    .groupBy(sql.raw('1'))
    .orderBy(sql.raw('1'))
    .execute();
  return rows.map((r) => ({
    day: Number(r.day) * 86_400_000 - offsetMinutes * 60_000,
    calls: Number(r.calls),
    failed: Number(r.failed),
  }));
}

export async function callsPerInterface(db: DbOrTx, scope: CompanyScope, range: UsageRange) {
  const rows = await inRange(
    scope,
    range,
  )(db)
    .select([
      'interface_id',
      sql<number>`count(*)`.as('calls'),
      failed.as('failed'),
      sql<number>`coalesce(round(avg(duration_ms)), 0)`.as('average'),
    ])
    .groupBy('interface_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('interface_id')
    .execute();
  return rows.map((r) => ({
    interfaceId: r.interface_id,
    calls: Number(r.calls),
    failed: Number(r.failed),
    averageMs: Number(r.average),
  }));
}

export async function callLogPage(
  db: DbOrTx,
  scope: CompanyScope,
  filter: UsageRange & {
    interfaceId?: string;
    outcome?: 'success' | 'failure';
    pageNum: number;
    pageSize: number;
  },
): Promise<{ list: CallLogRow[]; total: number }> {
  const base = inRange(
    scope,
    filter,
  )(db)
    .$if(!!filter.interfaceId, (q) => q.where('interface_id', '=', filter.interfaceId as string))
    .$if(filter.outcome === 'success', (q) => q.where('status', '>=', 200).where('status', '<', 300))
    .$if(filter.outcome === 'failure', (q) =>
      q.where((eb) => eb.or([eb('status', '<', 200), eb('status', '>=', 300)])),
    );
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      at: r.at.getTime(),
      clientName: r.client_name,
      clientId: r.client_key,
      interfaceId: r.interface_id,
      method: r.method,
      path: r.path,
      status: r.status,
      code: r.code,
      durationMs: r.duration_ms,
    })),
    total: Number(count?.n ?? 0),
  };
}
