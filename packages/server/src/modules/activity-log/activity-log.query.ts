import {
  type ActivityExportFilter,
  type ActivityRow,
  DEVICE_ACTIVITY_AREAS,
  VPN_ACTIVITY_AREAS,
} from '@fleetport/contract';
import { type SqlBool, sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** The activity of the scope's companies matching a filter; the list pages it, the export takes the newest rows. */
export function filteredActivity(db: DbOrTx, scope: CompanyScope, f: ActivityExportFilter) {
  let query = db.selectFrom('activity_log').where('company_id', 'in', scopedCompanyIds(scope));
  if (f.sn) query = query.where(sql<SqlBool>`device_sns @> array[${f.sn}]::text[]`);
  if (f.scope === 'devices')
    query = query.where(
      sql<SqlBool>`(device_sns is not null or split_part(call_id, '.', 1) = any(${sql.val([...DEVICE_ACTIVITY_AREAS])}::text[]))`,
    );
  if (f.scope === 'vpn')
    query = query.where(
      sql<SqlBool>`split_part(call_id, '.', 1) = any(${sql.val([...VPN_ACTIVITY_AREAS])}::text[])`,
    );
  if (f.userId !== undefined) query = query.where('user_id', '=', f.userId);
  if (f.callId) query = query.where('call_id', '=', f.callId);
  if (f.object) {
    const like = containsPattern(f.object.toLowerCase());
    query = query.where(sql<string>`lower(object)`, 'like', like);
  }
  if (f.result === 'success') query = query.where('result_code', '=', 0);
  if (f.result === 'failure') query = query.where('result_code', '!=', 0);
  if (f.startTime !== undefined) query = query.where('at', '>=', new Date(f.startTime));
  if (f.endTime !== undefined) query = query.where('at', '<=', new Date(f.endTime));
  return query;
}

/** How many entries match, and the newest `limit` of them from `offset`. */
export async function activityPage(
  db: DbOrTx,
  scope: CompanyScope,
  f: ActivityExportFilter,
  offset: number,
  limit: number,
): Promise<{ total: number; list: ActivityRow[] }> {
  const query = filteredActivity(db, scope, f);
  const [total, list] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    activityRows(db, scope, f, offset, limit),
  ]);
  return { total: Number(total.n), list };
}

/** The newest `limit` entries from `offset` (the list's order). */
export async function activityRows(
  db: DbOrTx,
  scope: CompanyScope,
  f: ActivityExportFilter,
  offset: number,
  limit: number,
): Promise<ActivityRow[]> {
  const rows = await filteredActivity(db, scope, f)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map(toRow);
}

/** How many entries match, counting no further than `limit`. */
export async function countActivity(
  db: DbOrTx,
  scope: CompanyScope,
  f: ActivityExportFilter,
  limit: number,
): Promise<number> {
  const matching = filteredActivity(db, scope, f).select('id').limit(limit);
  const found = await db
    .selectFrom(matching.as('m'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(found.n);
}

function toRow(r: {
  id: number;
  user_id: number | null;
  user_name: string | null;
  login_account: string | null;
  call_id: string;
  object: string | null;
  remote_address: string | null;
  result_code: number;
  at: Date;
}): ActivityRow {
  return {
    id: Number(r.id),
    userId: r.user_id === null ? null : Number(r.user_id),
    userName: r.user_name,
    loginAccount: r.login_account,
    callId: r.call_id,
    object: r.object,
    remoteAddress: r.remote_address,
    resultCode: r.result_code,
    at: new Date(r.at).getTime(),
  };
}
