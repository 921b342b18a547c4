import type { LicenceLevel } from '@fleetport/contract';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of the console's device registry: edits, deletion and transfer of a company's devices. A change
 * lands in the scope's one owning company (`owningCompany`: a set of companies is refused, 5).
 */

/** Tables whose rows follow a device to its new company or go with it when it is deleted. */
const DEVICE_OWNED_TABLES = ['device_import', 'device_config', 'device_status'] as const;

export interface DeviceEdits {
  name?: string | undefined;
  description?: string | undefined;
}

export async function updateDeviceFields(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
  edits: DeviceEdits,
  at: Date,
): Promise<void> {
  const set = {
    ...(edits.name !== undefined ? { name: edits.name } : {}),
    ...(edits.description !== undefined ? { description: edits.description } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db
    .updateTable('device')
    .set({ ...set, updated_at: at })
    .where('company_id', '=', owningCompany(scope))
    .where('sn', '=', sn)
    .execute();
}

/** Deletes a device of the company and what it owns (its import row, configuration and status). */
export async function deleteDeviceRows(tx: DbOrTx, scope: CompanyScope, sn: string): Promise<void> {
  const companyId = owningCompany(scope);
  // One row per SN in each: the device's own, whichever company wrote it.
  for (const table of DEVICE_OWNED_TABLES) await tx.deleteFrom(table).where('sn', '=', sn).execute();
  await tx.deleteFrom('device').where('company_id', '=', companyId).where('sn', '=', sn).execute();
}

/**
 * Moves a device and what it owns to another company. Tags and groups belong to the old company:
 * the device arrives Ungrouped and untagged.
 */
export async function moveDeviceRows(
  tx: DbOrTx,
  from: CompanyScope,
  sn: string,
  toCompanyId: number,
  at: Date,
): Promise<void> {
  const fromCompanyId = owningCompany(from);
  await tx.deleteFrom('device_tag_link').where('sn', '=', sn).execute();
  await tx
    .updateTable('device')
    .set({ company_id: toCompanyId, group_id: null, updated_at: at })
    .where('company_id', '=', fromCompanyId)
    .where('sn', '=', sn)
    .execute();
  for (const table of DEVICE_OWNED_TABLES)
    await tx.updateTable(table).set({ company_id: toCompanyId }).where('sn', '=', sn).execute();
}

/** Whether the person belongs to the company (a transfer goes only to one's own companies). */
export async function isMemberOf(db: DbOrTx, userId: number, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('company_user')
    .select('company_id')
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A gateway of the scope and whether it is online, or undefined. */
export async function findGatewayState(db: DbOrTx, scope: CompanyScope, sn: string) {
  return db
    .selectFrom('device')
    .select(['sn', 'online'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .executeTakeFirst();
}

/**
 * The devices of the scope among `sns`, with the level they show now, in SN order (the licences
 * area locks their licences in that order).
 */
export async function devicesForLicences(db: DbOrTx, scope: CompanyScope, sns: readonly string[]) {
  if (sns.length === 0) return [];
  const rows = await db
    .selectFrom('device')
    .select(['sn', 'company_id', 'licence_level'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', [...sns])
    .orderBy('sn')
    .execute();
  return rows.map((r) => ({
    sn: r.sn,
    companyId: Number(r.company_id),
    level: r.licence_level as LicenceLevel,
  }));
}

/**
 * The level the device list shows and features check: a copy of the device's licence, which the
 * licences area derives from its ledger and writes here in the same transaction as the ledger rows.
 */
export async function setLicenceLevels(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
  level: LicenceLevel,
): Promise<void> {
  if (sns.length === 0) return;
  await db
    .updateTable('device')
    .set({ licence_level: level })
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', 'in', [...sns])
    .execute();
}

/** Devices of the scope by licence level (every level a device of the scope has). */
export async function countDevicesByLevel(db: DbOrTx, scope: CompanyScope) {
  const rows = await db
    .selectFrom('device')
    .select(['licence_level', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .groupBy('licence_level')
    .execute();
  return new Map(rows.map((r) => [r.licence_level as LicenceLevel, Number(r.n)]));
}
