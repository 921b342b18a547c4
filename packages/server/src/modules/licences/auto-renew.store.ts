import type { AutoRenewMode, AutoRenewSetting, DeviceAutoRenew, LicenceLevel } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';
import { afterCursor } from './device-licences.store.ts';
import type { PostingTarget } from './ledger.store.ts';

/**
 * SQL of auto-renew (migration 0180): the company's default, each device's own setting, and the
 * licences the job renews. A device without its own row (or with a row left by a company it has left)
 * follows its company; a company without a row has auto-renew off.
 */

/** Until a company sets it: off, one licence per renewal. */
export const AUTO_RENEW_DEFAULT: AutoRenewSetting = { enabled: false, period: 1 };

export async function companyAutoRenew(db: DbOrTx, scope: CompanyScope): Promise<AutoRenewSetting> {
  const row = await db
    .selectFrom('licence_auto_renew')
    .select(['enabled', 'period'])
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return row ? { enabled: row.enabled, period: row.period } : AUTO_RENEW_DEFAULT;
}

export async function saveCompanyAutoRenew(
  db: DbOrTx,
  scope: CompanyScope,
  setting: AutoRenewSetting,
  at: Date,
): Promise<void> {
  const values = { enabled: setting.enabled, period: setting.period, updated_at: at };
  await db
    .insertInto('licence_auto_renew')
    .values({ company_id: owningCompany(scope), ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}

/** Each device of the scope among `sns` with its own setting and what applies to it (SN order). */
export async function devicesAutoRenew(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
): Promise<DeviceAutoRenew[]> {
  if (sns.length === 0) return [];
  const rows = await db
    .selectFrom('device as dv')
    .leftJoin('device_auto_renew as d', (j) =>
      j.onRef('d.sn', '=', 'dv.sn').onRef('d.company_id', '=', 'dv.company_id'),
    )
    .leftJoin('licence_auto_renew as c', 'c.company_id', 'dv.company_id')
    .select(['dv.sn', 'd.enabled as own', 'd.period as ownPeriod', 'c.enabled', 'c.period'])
    .where('dv.company_id', 'in', scopedCompanyIds(scope))
    .where('dv.sn', 'in', [...sns])
    .orderBy('dv.sn')
    .execute();
  return rows.map((r) => {
    const mode: AutoRenewMode = r.own === null ? 'company' : r.own ? 'on' : 'off';
    return {
      sn: r.sn,
      mode,
      period: mode === 'on' ? r.ownPeriod : null,
      enabled: r.own ?? r.enabled ?? AUTO_RENEW_DEFAULT.enabled,
      effectivePeriod: (mode === 'on' ? r.ownPeriod : r.period) ?? AUTO_RENEW_DEFAULT.period,
    };
  });
}

/** Sets the devices' own auto-renew (`company` removes it, so they follow the company again). */
export async function saveDevicesAutoRenew(
  tx: Tx,
  target: PostingTarget,
  sns: readonly string[],
  setting: { mode: AutoRenewMode; period?: number | undefined },
  at: Date,
): Promise<void> {
  if (sns.length === 0) return;
  if (setting.mode === 'company') {
    await tx
      .deleteFrom('device_auto_renew')
      .where('sn', 'in', [...sns])
      .execute();
    return;
  }
  const values = {
    company_id: target.companyId,
    enabled: setting.mode === 'on',
    period: setting.mode === 'on' ? (setting.period ?? null) : null,
    updated_at: at,
  };
  await tx
    .insertInto('device_auto_renew')
    .values([...sns].sort().map((sn) => ({ sn, ...values })))
    .onConflict((oc) => oc.column('sn').doUpdateSet(values))
    .execute();
}

/** Whether auto-renew applies and with which period: the device's own row, else its company's. */
const effectiveEnabled = sql<boolean>`coalesce(d.enabled, c.enabled, false)`;
const effectivePeriod = sql<number>`coalesce(d.period, c.period, 1)`;

export interface RenewableLicence {
  sn: string;
  companyId: number;
  level: LicenceLevel;
  startsAt: Date | null;
  endsAt: Date;
  period: number;
}

/**
 * Licences with auto-renew on that are still valid at `now` and end by `until`, after `after` in
 * (end, SN) order, locked; rows another transaction holds (an assignment on the same device) are
 * skipped and come back on the next run. Under the lock the end is read again, so a licence renewed
 * meanwhile no longer ends by `until` and is not renewed twice.
 */
export async function lockRenewableLicences(
  tx: Tx,
  now: Date,
  until: Date,
  after: { endsAt: Date; sn: string } | null,
  limit: number,
): Promise<RenewableLicence[]> {
  let query = tx
    .selectFrom('device_licence as l')
    .leftJoin('device_auto_renew as d', (j) =>
      j.onRef('d.sn', '=', 'l.sn').onRef('d.company_id', '=', 'l.company_id'),
    )
    .leftJoin('licence_auto_renew as c', 'c.company_id', 'l.company_id')
    .select(['l.sn', 'l.company_id', 'l.level', 'l.starts_at', 'l.ends_at', effectivePeriod.as('period')])
    .where('l.level', '<>', 'BASE')
    .where('l.ends_at', '>', now)
    .where('l.ends_at', '<=', until)
    .where(effectiveEnabled, '=', true);
  if (after) {
    query = query.where(afterCursor('l.ends_at', 'l.sn', after));
  }
  const rows = await query
    .orderBy('l.ends_at')
    .orderBy('l.sn')
    .limit(limit)
    .forUpdate('l')
    .skipLocked()
    .execute();
  return rows.map((r) => ({
    sn: r.sn,
    companyId: Number(r.company_id),
    level: r.level as LicenceLevel,
    startsAt: r.starts_at,
    endsAt: r.ends_at as Date,
    period: Number(r.period),
  }));
}

/**
 * Per level, the scope's licences valid at `now` and ending by `soon`: how many, how many licences
 * renewing them all takes (auto-renew devices their period, others one), and how many renew themselves.
 */
export async function renewalNeeds(db: DbOrTx, scope: CompanyScope, now: Date, soon: Date) {
  const rows = await db
    .selectFrom('device_licence as l')
    .leftJoin('device_auto_renew as d', (j) =>
      j.onRef('d.sn', '=', 'l.sn').onRef('d.company_id', '=', 'l.company_id'),
    )
    .leftJoin('licence_auto_renew as c', 'c.company_id', 'l.company_id')
    .select([
      'l.level',
      (eb) => eb.fn.countAll<number>().as('expiring'),
      sql<number>`sum(case when ${effectiveEnabled} then ${effectivePeriod} else 1 end)`.as('needed'),
      sql<number>`count(*) filter (where ${effectiveEnabled})`.as('autoRenew'),
    ])
    .where('l.company_id', 'in', scopedCompanyIds(scope))
    .where('l.level', '<>', 'BASE')
    .where('l.ends_at', '>', now)
    .where('l.ends_at', '<=', soon)
    .groupBy('l.level')
    .execute();
  return new Map(
    rows.map((r) => [
      r.level as LicenceLevel,
      { expiring: Number(r.expiring), needed: Number(r.needed), autoRenew: Number(r.autoRenew) },
    ]),
  );
}
