import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx, Tx } from '../../platform/db/open.ts';
import { usageDeltas } from '../devices/device-usage.ts';

/** The installer console's rows: the licence per company and the dashboard's figures. */

export interface InstallerLicenceRow {
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
  paidUntil: Date | null;
}

const NONE: InstallerLicenceRow = { trialStartedAt: null, trialEndsAt: null, paidUntil: null };

/** The company's licence row, or an empty one before the trial or any licence. */
export async function readLicence(db: DbOrTx, scope: CompanyScope): Promise<InstallerLicenceRow> {
  const row = await db
    .selectFrom('installer_console_licence')
    .select(['trial_started_at', 'trial_ends_at', 'paid_until'])
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  if (!row) return NONE;
  return { trialStartedAt: row.trial_started_at, trialEndsAt: row.trial_ends_at, paidUntil: row.paid_until };
}

/** The licence row locked for a change (created empty first), so two applies or grants queue. */
export async function lockLicence(tx: Tx, companyId: number, now: Date): Promise<InstallerLicenceRow> {
  await tx
    .insertInto('installer_console_licence')
    .values({ company_id: companyId, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const row = await tx
    .selectFrom('installer_console_licence')
    .select(['trial_started_at', 'trial_ends_at', 'paid_until'])
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { trialStartedAt: row.trial_started_at, trialEndsAt: row.trial_ends_at, paidUntil: row.paid_until };
}

export async function saveTrial(tx: Tx, companyId: number, startedAt: Date, endsAt: Date): Promise<void> {
  await tx
    .updateTable('installer_console_licence')
    .set({ trial_started_at: startedAt, trial_ends_at: endsAt, updated_at: startedAt })
    .where('company_id', '=', companyId)
    .execute();
}

export async function savePaidUntil(tx: Tx, companyId: number, paidUntil: Date, now: Date): Promise<void> {
  await tx
    .updateTable('installer_console_licence')
    .set({ paid_until: paidUntil, updated_at: now })
    .where('company_id', '=', companyId)
    .execute();
}

/** The company's devices (what decides the licences a period takes). */
export async function countDevices(db: DbOrTx, scope: CompanyScope): Promise<number> {
  const row = await db
    .selectFrom('device')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Devices, those online, and the mean of each one's last uptime reported since `since`. */
export async function deviceFigures(db: DbOrTx, scope: CompanyScope, since: Date) {
  const ids = scopedCompanyIds(scope);
  const counts = await db
    .selectFrom('device')
    .select((eb) => [
      eb.fn.countAll<string>().as('devices'),
      eb.fn.count<string>(eb.case().when('online', '=', true).then(1).end()).as('online'),
    ])
    .where('company_id', 'in', ids)
    .executeTakeFirstOrThrow();
  const uptime = await sql<{ mean: number | null }>`
    select avg(last.uptime_s)::float8 as mean from (
      select distinct on (t.sn) t.uptime_s
        from device_telemetry t join device d on d.sn = t.sn and d.company_id = t.company_id
       where t.company_id in (${sql.join(ids)}) and t.at >= ${since} and t.uptime_s is not null
       order by t.sn, t.at desc
    ) last`.execute(db);
  return {
    devices: Number(counts.devices),
    online: Number(counts.online),
    averageUptimeSeconds: uptime.rows[0]?.mean ?? null,
  };
}

/** Bytes up and down over every link of the scope's devices since `since` (the shared usage reading). */
export async function dataUsedSince(db: DbOrTx, scope: CompanyScope, since: Date): Promise<number> {
  const where = sql`t.company_id in (${sql.join(scopedCompanyIds(scope))}) and t.at >= ${since}`;
  const result = await sql<{ bytes: number | null }>`
    ${usageDeltas(where)}
    select sum(rx + tx)::float8 as bytes from deltas`.execute(db);
  return result.rows[0]?.bytes ?? 0;
}
