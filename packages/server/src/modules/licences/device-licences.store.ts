import type { LicenceLevel } from '@fleetport/contract';
import { type SqlBool, sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';
import type { PostingTarget } from './ledger.store.ts';

/** SQL of each device's licence now (`device_licence`), the projection of its ledger rows. */

export interface DeviceLicenceRow {
  sn: string;
  level: LicenceLevel;
  startsAt: Date | null;
  endsAt: Date | null;
}

function toRow(r: {
  sn: string;
  level: string;
  starts_at: Date | null;
  ends_at: Date | null;
}): DeviceLicenceRow {
  return { sn: r.sn, level: r.level as LicenceLevel, startsAt: r.starts_at, endsAt: r.ends_at };
}

/**
 * Locks the licences of the company's devices `sns` (SN order, the one order every writer uses) and
 * answers them. A device seen for the first time gets its row, on Basic. A row left by another company
 * (the device was transferred) starts again on Basic for this one: the licence stayed with the company
 * that bought it (docs/decisions.md "Licences", left for later).
 */
export async function lockDeviceLicences(
  tx: Tx,
  target: PostingTarget,
  sns: readonly string[],
): Promise<DeviceLicenceRow[]> {
  if (sns.length === 0) return [];
  const sorted = [...sns].sort();
  await tx
    .insertInto('device_licence')
    .values(sorted.map((sn) => ({ sn, company_id: target.companyId })))
    .onConflict((oc) => oc.column('sn').doNothing())
    .execute();
  const rows = await tx
    .selectFrom('device_licence')
    .select(['sn', 'company_id', 'level', 'starts_at', 'ends_at'])
    .where('sn', 'in', sorted)
    .orderBy('sn')
    .forUpdate()
    .execute();
  const moved = rows.filter((r) => Number(r.company_id) !== target.companyId).map((r) => r.sn);
  if (moved.length > 0) {
    await tx
      .updateTable('device_licence')
      .set({ company_id: target.companyId, level: 'BASE', starts_at: null, ends_at: null })
      .where('sn', 'in', moved)
      .execute();
  }
  return rows.map((r) =>
    moved.includes(r.sn) ? { sn: r.sn, level: 'BASE', startsAt: null, endsAt: null } : toRow(r),
  );
}

export async function saveDeviceLicence(tx: Tx, target: PostingTarget, row: DeviceLicenceRow): Promise<void> {
  await tx
    .updateTable('device_licence')
    .set({ level: row.level, starts_at: row.startsAt, ends_at: row.endsAt })
    .where('company_id', '=', target.companyId)
    .where('sn', '=', row.sn)
    .execute();
}

/** Moves the ends of these licences (the auto-renew job's batch): one statement for the batch. */
export async function saveLicenceEnds(
  tx: Tx,
  target: PostingTarget,
  rows: readonly { sn: string; endsAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(rows.map((r) => sql`(${r.sn}, ${r.endsAt.toISOString()})`));
  await sql`update device_licence as l set ends_at = v.ends_at::timestamptz
    from (values ${values}) as v (sn, ends_at)
    where l.sn = v.sn and l.company_id = ${target.companyId}`.execute(tx);
}

/** Puts these licences back on Basic (the expiry's batch): one statement for the batch. */
export async function endLicences(tx: Tx, target: PostingTarget, sns: readonly string[]): Promise<void> {
  if (sns.length === 0) return;
  await tx
    .updateTable('device_licence')
    .set({ level: 'BASE', starts_at: null, ends_at: null })
    .where('company_id', '=', target.companyId)
    .where('sn', 'in', [...sns])
    .execute();
}

/**
 * Rows after `after` in (end, SN) order: a batch of the nightly jobs starts where the last one stopped
 * (the index `device_licence_ends_idx` is on the same pair), not at rows the batches before rewrote.
 */
export function afterCursor(endsAt: string, sn: string, after: { endsAt: Date; sn: string }) {
  return sql<SqlBool>`(${sql.ref(endsAt)}, ${sql.ref(sn)}) > (${after.endsAt.toISOString()}::timestamptz, ${after.sn}::text)`;
}

/**
 * Licences that ended by `now` and still show their level, oldest end first (after `after`), locked;
 * rows another transaction holds (an assignment renewing them) are skipped and come back on the next run.
 */
export async function lockEndedLicences(
  tx: Tx,
  now: Date,
  limit: number,
  after: { endsAt: Date; sn: string } | null = null,
) {
  let query = tx
    .selectFrom('device_licence')
    .select(['sn', 'company_id', 'level', 'starts_at', 'ends_at'])
    .where('level', '<>', 'BASE')
    .where('ends_at', '<=', now);
  if (after) query = query.where(afterCursor('ends_at', 'sn', after));
  const rows = await query.orderBy('ends_at').orderBy('sn').limit(limit).forUpdate().skipLocked().execute();
  return rows.map((r) => ({ ...toRow(r), companyId: Number(r.company_id) }));
}

/** Devices of the scope by level holding a licence at `now`, and those ending by `soon`. */
export async function licencedDeviceCounts(db: DbOrTx, scope: CompanyScope, now: Date, soon: Date) {
  const rows = await db
    .selectFrom('device_licence')
    .select([
      'level',
      (eb) => eb.fn.countAll<number>().as('assigned'),
      sql<number>`count(*) filter (where ends_at <= ${soon})`.as('expiring'),
    ])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('level', '<>', 'BASE')
    .where('ends_at', '>', now)
    .groupBy('level')
    .execute();
  return new Map(
    rows.map((r) => [
      r.level as LicenceLevel,
      { assigned: Number(r.assigned), expiring: Number(r.expiring) },
    ]),
  );
}

/** The level a device of the scope holds at `now` (Basic without a licence row or once its period ended). */
export async function deviceLevelAt(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  now: Date,
): Promise<LicenceLevel> {
  return (await deviceLevelsAt(db, scope, [sn], now)).get(sn) ?? 'BASE';
}

/** `deviceLevelAt` of many devices in one statement; a device without a running licence is Basic. */
export async function deviceLevelsAt(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
  now: Date,
): Promise<Map<string, LicenceLevel>> {
  const levels = new Map<string, LicenceLevel>();
  if (sns.length === 0) return levels;
  const rows = await db
    .selectFrom('device_licence')
    .select(['sn', 'level', 'ends_at'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', [...sns])
    .execute();
  for (const row of rows)
    if (row.level !== 'BASE' && row.ends_at !== null && row.ends_at > now)
      levels.set(row.sn, row.level as LicenceLevel);
  return levels;
}
