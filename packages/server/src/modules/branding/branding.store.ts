import { type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of partner branding: one row per partner company, and the logo found by its public key. */

export interface BrandingRow {
  appName: string | null;
  logoFileId: number | null;
  logoKey: string | null;
  logoType: string | null;
  vpnName: string | null;
  bannerFileId: number | null;
}

const COLUMNS = [
  'app_name as appName',
  'logo_file_id as logoFileId',
  'logo_key as logoKey',
  'logo_type as logoType',
  'vpn_name as vpnName',
  'banner_file_id as bannerFileId',
] as const;

const idOrNull = (id: number | string | null) => (id === null ? null : Number(id));

function normalized(row: BrandingRow): BrandingRow {
  return { ...row, logoFileId: idOrNull(row.logoFileId), bannerFileId: idOrNull(row.bannerFileId) };
}

/** The scope's own company's branding, if it set any. */
export async function ownBranding(db: DbOrTx, scope: CompanyScope): Promise<BrandingRow | undefined> {
  const row = await db
    .selectFrom('partner_branding')
    .select(COLUMNS)
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return row && normalized(row);
}

export async function saveBranding(tx: DbOrTx, scope: CompanyScope, branding: BrandingRow, at: Date) {
  const values = {
    app_name: branding.appName,
    logo_file_id: branding.logoFileId,
    logo_key: branding.logoKey,
    logo_type: branding.logoType,
    vpn_name: branding.vpnName,
    banner_file_id: branding.bannerFileId,
    updated_at: at,
  };
  await tx
    .insertInto('partner_branding')
    .values({ company_id: owningCompany(scope), ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}

/**
 * The branding of these companies that set a console name or a logo still stored, by company: the
 * console's header picks the nearest. The ids come from the caller's own company and partner chain.
 */
export async function brandingOfPartners(
  db: DbOrTx,
  partnerIds: readonly number[],
): Promise<Map<number, BrandingRow>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('partner_branding')
    .select(['company_id', ...COLUMNS])
    .where('company_id', 'in', [...partnerIds])
    .where((eb) =>
      eb.or([
        eb('app_name', 'is not', null),
        eb('vpn_name', 'is not', null),
        eb('logo_file_id', 'is not', null),
      ]),
    )
    .execute();
  return new Map(rows.map(({ company_id, ...row }) => [Number(company_id), normalized(row)]));
}

/**
 * The logo a company uses now under `key`, with where its bytes are: what the logo call serves
 * without a session. Any other key (an old logo's, a removed one's) finds nothing.
 */
export async function logoInUse(db: DbOrTx, key: string) {
  const row = await db
    .selectFrom('partner_branding as b')
    .innerJoin('stored_file as f', 'f.id', 'b.logo_file_id')
    .select(['f.store_key', 'f.size', 'f.sha256', 'b.logo_type'])
    .where('b.logo_key', '=', key)
    .executeTakeFirst();
  return row?.logo_type
    ? { storeKey: row.store_key, size: Number(row.size), sha256: row.sha256, contentType: row.logo_type }
    : undefined;
}

/** A company's map keys, each sealed (null: not set). */
export interface SealedMapKeys {
  jsKey: string | null;
  serverKey: string | null;
  hardwareKey: string | null;
  updatedAt: Date | null;
}

/** The map keys of these companies that set any, by company (the caller's own company and partner chain). */
export async function mapKeysOf(
  db: DbOrTx,
  companyIds: readonly number[],
): Promise<Map<number, SealedMapKeys>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('partner_branding')
    .select([
      'company_id',
      'map_js_key_sealed as jsKey',
      'map_server_key_sealed as serverKey',
      'map_hardware_key_sealed as hardwareKey',
      'map_keys_updated_at as updatedAt',
    ])
    .where('company_id', 'in', [...companyIds])
    .where('map_keys_updated_at', 'is not', null)
    .execute();
  return new Map(rows.map(({ company_id, ...keys }) => [Number(company_id), keys]));
}

/** Saves the owning company's map keys beside its other OEM settings (which stay as they are). */
export async function saveMapKeys(db: DbOrTx, scope: CompanyScope, keys: SealedMapKeys) {
  const values = {
    map_js_key_sealed: keys.jsKey,
    map_server_key_sealed: keys.serverKey,
    map_hardware_key_sealed: keys.hardwareKey,
    map_keys_updated_at: keys.updatedAt,
  };
  await db
    .insertInto('partner_branding')
    .values({ company_id: owningCompany(scope), ...values, updated_at: keys.updatedAt ?? new Date(0) })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}
