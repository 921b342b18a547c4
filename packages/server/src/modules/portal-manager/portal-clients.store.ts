import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of a template's clients: sessions as accounting reported them, their names and blocks. */

function sessionsOf(db: DbOrTx, scope: CompanyScope, portalId: number, mac?: string) {
  let q = db
    .selectFrom('portal_session')
    .innerJoin('device', (join) =>
      // The company's own router: one moved to another company is not shown with its new owner's name.
      join
        .onRef('device.sn', '=', 'portal_session.sn')
        .onRef('device.company_id', '=', 'portal_session.company_id'),
    )
    .leftJoin('portal_client', (join) =>
      join
        .onRef('portal_client.portal_id', '=', 'portal_session.portal_id')
        .onRef('portal_client.mac', '=', 'portal_session.client_mac'),
    )
    .leftJoin('portal_blocked_client', (join) =>
      join
        .onRef('portal_blocked_client.portal_id', '=', 'portal_session.portal_id')
        .onRef('portal_blocked_client.mac', '=', 'portal_session.client_mac'),
    )
    .where('portal_session.portal_id', '=', portalId)
    .where('portal_session.company_id', 'in', scopedCompanyIds(scope));
  if (mac) q = q.where('portal_session.client_mac', '=', mac);
  return q;
}

const COLUMNS = [
  'portal_session.client_mac',
  'portal_session.client_ip',
  'portal_session.sn',
  'portal_session.ssid',
  'portal_session.started_at',
  'portal_session.ended_at',
  'portal_session.session_seconds',
  'portal_session.input_octets',
  'portal_session.output_octets',
  'portal_session.terminate_cause',
  'device.name as device_name',
  'portal_client.name as client_name',
  'portal_blocked_client.mac as blocked_mac',
] as const;

/**
 * Sessions of a template, newest first: the open ones heard from since `heardSince` (current clients),
 * or all of them (history).
 */
export async function listSessions(
  db: DbOrTx,
  scope: CompanyScope,
  filter: { portalId: number; mac?: string; pageNum: number; pageSize: number; openHeardSince?: Date },
) {
  let q = sessionsOf(db, scope, filter.portalId, filter.mac);
  if (filter.openHeardSince)
    q = q
      .where('portal_session.ended_at', 'is', null)
      .where('portal_session.updated_at', '>=', filter.openHeardSince);
  const [rows, total] = await Promise.all([
    q
      .select([...COLUMNS])
      .orderBy('portal_session.started_at', 'desc')
      .orderBy('portal_session.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
export type SessionRow = Awaited<ReturnType<typeof listSessions>>['rows'][number];

/** Blocks a MAC on a template; false when it was blocked already. */
export async function insertBlock(db: DbOrTx, scope: CompanyScope, portalId: number, mac: string, now: Date) {
  const row = await db
    .insertInto('portal_blocked_client')
    .values({ portal_id: portalId, company_id: owningCompany(scope), mac, blocked_at: now })
    .onConflict((oc) => oc.columns(['portal_id', 'mac']).doNothing())
    .returning('mac')
    .executeTakeFirst();
  return row !== undefined;
}

/** Unblocks a MAC; false when it was not blocked. */
export async function deleteBlock(db: DbOrTx, scope: CompanyScope, portalId: number, mac: string) {
  const result = await db
    .deleteFrom('portal_blocked_client')
    .where('portal_id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('mac', '=', mac)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Names a client; an empty name forgets it. */
export async function setClientName(
  db: DbOrTx,
  scope: CompanyScope,
  portalId: number,
  mac: string,
  name: string,
): Promise<void> {
  if (name === '') {
    await db
      .deleteFrom('portal_client')
      .where('portal_id', '=', portalId)
      .where('company_id', 'in', scopedCompanyIds(scope))
      .where('mac', '=', mac)
      .execute();
    return;
  }
  await db
    .insertInto('portal_client')
    .values({ portal_id: portalId, company_id: owningCompany(scope), mac, name })
    .onConflict((oc) => oc.columns(['portal_id', 'mac']).doUpdateSet({ name }))
    .execute();
}

/** Sessions started, distinct clients and bytes per UTC day since `since`. */
export async function usagePerDay(db: DbOrTx, scope: CompanyScope, portalId: number, since: Date) {
  // Days since 1970-01-01 UTC: the same on every server whatever its time zone.
  const day = sql<string>`floor(extract(epoch from started_at) / 86400)`;
  return db
    .selectFrom('portal_session')
    .select([
      day.as('day'),
      sql<string>`count(*)`.as('sessions'),
      sql<string>`count(distinct client_mac)`.as('clients'),
      sql<string>`coalesce(sum(input_octets), 0)`.as('up'),
      sql<string>`coalesce(sum(output_octets), 0)`.as('down'),
    ])
    .where('portal_id', '=', portalId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('started_at', '>=', since)
    .groupBy(day)
    .execute();
}
