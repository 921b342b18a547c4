import type { EndpointMessage } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';

/**
 * SQL of endpoint values (up kind `endpoint`): samples appended as a time series, and per endpoint of
 * a gateway its latest sample and presence. Both are keyed by (company, gateway SN, endpoint ID).
 */

/** The newest entry per endpoint of a list (an upsert may touch a row once per statement). */
function newestPerEndpoint<T extends { endpointId: string; ts: number }>(entries: readonly T[]): T[] {
  const newest = new Map<string, T>();
  for (const e of entries) {
    const held = newest.get(e.endpointId);
    if (!held || e.ts > held.ts) newest.set(e.endpointId, e);
  }
  return [...newest.values()];
}

/**
 * Stores one `endpoint` message in one transaction: its samples (a sample already stored, from a
 * resent message, is skipped by the key) and the latest sample and presence of each endpoint, where
 * newer than what is held (messages may arrive out of order). Resolves once committed: the broker
 * acknowledges the message then.
 */
export async function recordEndpointMessage(
  db: Db,
  input: { companyId: number; sn: string; message: EndpointMessage; receivedAt: Date },
): Promise<void> {
  const { companyId, sn, message } = input;
  if (message.samples.length === 0 && message.presence.length === 0) return;
  const samples = message.samples.map((s) => ({
    e: s.endpointId,
    a: new Date(s.ts).toISOString(),
    v: s.values,
    q: s.quality,
  }));
  const latest = newestPerEndpoint(message.samples).map((s) => ({
    e: s.endpointId,
    a: new Date(s.ts).toISOString(),
    v: s.values,
    q: s.quality,
  }));
  const presence = newestPerEndpoint(message.presence).map((p) => ({
    e: p.endpointId,
    a: new Date(p.ts).toISOString(),
    o: p.state === 'online',
    r: p.state === 'online' ? null : (p.reason ?? null),
  }));
  await inTransaction(db, async (tx) => {
    if (samples.length > 0) {
      await sql`
        insert into endpoint_sample (company_id, sn, endpoint_id, at, "values", quality, received_at)
        select ${companyId}, ${sn}, r.e, r.a, r.v, r.q, ${input.receivedAt}
        from json_to_recordset(${JSON.stringify(samples)}::json) as r(e text, a timestamptz, v jsonb, q text)
        on conflict do nothing`.execute(tx);
      await sql`
        insert into endpoint_state (company_id, sn, endpoint_id, "values", quality, sample_at)
        select ${companyId}, ${sn}, r.e, r.v, r.q, r.a
        from json_to_recordset(${JSON.stringify(latest)}::json) as r(e text, a timestamptz, v jsonb, q text)
        on conflict (company_id, sn, endpoint_id) do update
          set "values" = excluded."values", quality = excluded.quality, sample_at = excluded.sample_at
          where endpoint_state.sample_at is null or endpoint_state.sample_at < excluded.sample_at`.execute(
        tx,
      );
    }
    if (presence.length > 0)
      await sql`
        insert into endpoint_state (company_id, sn, endpoint_id, online, offline_reason, presence_at)
        select ${companyId}, ${sn}, r.e, r.o, r.r, r.a
        from json_to_recordset(${JSON.stringify(presence)}::json) as r(e text, a timestamptz, o boolean, r text)
        on conflict (company_id, sn, endpoint_id) do update
          set online = excluded.online, offline_reason = excluded.offline_reason,
            presence_at = excluded.presence_at
          where endpoint_state.presence_at is null or endpoint_state.presence_at < excluded.presence_at`.execute(
        tx,
      );
  });
}

/** An endpoint's latest sample and presence as its gateway reported them; null before its first report. */
export async function findEndpointState(db: DbOrTx, scope: CompanyScope, sn: string, endpointId: string) {
  const row = await db
    .selectFrom('endpoint_state')
    .selectAll()
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
  return row ?? null;
}

/** An endpoint's samples from `from` on, oldest first, at most `limit`. */
export function listEndpointSamples(
  db: DbOrTx,
  scope: CompanyScope,
  key: { sn: string; endpointId: string; from: Date; limit: number },
) {
  return db
    .selectFrom('endpoint_sample')
    .select(['at', 'values', 'quality'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', key.sn)
    .where('endpoint_id', '=', key.endpointId)
    .where('at', '>=', key.from)
    .orderBy('at')
    .limit(key.limit)
    .execute();
}

/** Deletes samples older than `before` (the retention job; the latest values in `endpoint_state` stay). */
export async function deleteEndpointSamplesBefore(db: DbOrTx, before: Date): Promise<number> {
  const result = await db.deleteFrom('endpoint_sample').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
