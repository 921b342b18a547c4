import { randomBytes } from 'node:crypto';
import {
  brandingLogoCall,
  type CallParsedInput,
  COMPANY_TYPE,
  type ConsoleBranding,
  ErrorCode,
  type OemSettings,
  type PartnerBranding,
  type setBrandingCall,
  type setOemSettingCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, companyScope, owningCompany } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import type { StoredFileRow } from '../../platform/files/stored-files.store.ts';
import { ownCompanyType, partnersAbove } from '../customers/customers.store.ts';
import {
  type BrandingRow,
  brandingOfPartners,
  logoInUse,
  ownBranding,
  saveBranding,
} from './branding.store.ts';
import { LOGO_SIGNATURE_BYTES, logoImageType } from './logo-bytes.ts';

/** What the branding area reads from AppDeps (its manifest's `uses`). */
export type BrandingDeps = ModuleDeps<'db' | 'clock' | 'config' | 'files'>;

/** The company types whose branding their customers see. */
const PARTNER_TYPES: readonly number[] = [COMPANY_TYPE.distributor, COMPANY_TYPE.reseller];

async function assertPartner(deps: BrandingDeps, actor: Actor): Promise<void> {
  const type = await ownCompanyType(deps.db, actor.scope);
  if (type === null || !PARTNER_TYPES.includes(type)) throw new AppError(ErrorCode.BRANDING_PARTNERS_ONLY);
}

/** The partner's own settings, with its logo file (and a fresh link to it) for the page's preview. */
export async function getBranding(deps: BrandingDeps, actor: Actor): Promise<PartnerBranding> {
  await assertPartner(deps, actor);
  const row = await ownBranding(deps.db, actor.scope);
  const file = row?.logoFileId ? await deps.files.find(actor.scope, row.logoFileId) : undefined;
  return { appName: row?.appName ?? null, logo: file ? await deps.files.describe(file) : null };
}

/** The image type of a stored file by its first bytes (null: not a PNG or JPEG). */
async function storedImageType(deps: BrandingDeps, file: StoredFileRow) {
  if (file.size < LOGO_SIGNATURE_BYTES) return null;
  const opened = await deps.files.store.open(file.storeKey, { start: 0, end: LOGO_SIGNATURE_BYTES - 1 });
  const chunks: Uint8Array[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Uint8Array);
  return logoImageType(Buffer.concat(chunks));
}

type LogoColumns = Pick<BrandingRow, 'logoFileId' | 'logoKey' | 'logoType'>;

/** The company's own OEM logo file, PNG or JPEG by its bytes (else 15042), with its public key. */
async function checkedLogo(
  deps: BrandingDeps,
  actor: Actor,
  fileId: number,
  current: BrandingRow | undefined,
): Promise<LogoColumns> {
  const file = await deps.files.find(actor.scope, fileId);
  if (file?.kind !== 'oemLogo') throw new AppError(ErrorCode.BRANDING_LOGO_INVALID);
  const type = await storedImageType(deps, file);
  if (!type) throw new AppError(ErrorCode.BRANDING_LOGO_INVALID);
  const same = current?.logoFileId === file.id && current.logoKey;
  return {
    logoFileId: file.id,
    logoKey: same ? current.logoKey : randomBytes(24).toString('base64url'),
    logoType: type,
  };
}

/**
 * Sets the partner's app name and logo. The logo must be the company's own file uploaded as an OEM
 * logo (the files area checked type, size and pixels) whose bytes are a PNG or JPEG (15042); a new
 * logo gets a new public key, so a logo replaced or removed is no longer served.
 */
export async function setBranding(
  deps: BrandingDeps,
  actor: Actor,
  input: CallParsedInput<typeof setBrandingCall>,
): Promise<PartnerBranding> {
  await assertPartner(deps, actor);
  const current = await ownBranding(deps.db, actor.scope);
  let logo: LogoColumns = { logoFileId: null, logoKey: null, logoType: null };
  if (input.logoFileId !== null) logo = await checkedLogo(deps, actor, input.logoFileId, current);
  await inTransaction(deps.db, (tx) =>
    saveBranding(
      tx,
      actor.scope,
      {
        appName: input.appName,
        ...logo,
        // The partner page sets the logo and device-console name; the OEM page's other settings stay.
        vpnName: current?.vpnName ?? null,
        bannerFileId: current?.bannerFileId ?? null,
      },
      deps.clock.now(),
    ),
  );
  return getBranding(deps, actor);
}

/**
 * The OEM settings a company's consoles show: its own when it set a console name or a logo, else the
 * nearest partner's above it that did (a re-seller's before its distributor's), whole, never a mix of
 * two companies'. Undefined: Fleetport's (the Super Admin, a company with nothing set above it).
 */
export async function displayedBranding(
  deps: Pick<BrandingDeps, 'db'>,
  companyId: number,
): Promise<BrandingRow | undefined> {
  return (await displayedBrandingOf(deps, companyId))?.row;
}

/** displayedBranding with the company whose settings they are (its files are that company's). */
async function displayedBrandingOf(deps: Pick<BrandingDeps, 'db'>, companyId: number) {
  const above = (await partnersAbove(deps.db, companyId)).filter((p) => PARTNER_TYPES.includes(p.type));
  const chain = [companyId, ...above.map((p) => p.companyId)];
  const found = await brandingOfPartners(deps.db, chain);
  const owner = chain.find((id) => found.has(id));
  return owner === undefined ? undefined : { companyId: owner, row: found.get(owner)! };
}

/**
 * The e-mail banner heading a company's mails (alerts, reports, digests): the one of the OEM settings
 * its consoles show, so a re-seller's customers get the re-seller's. Null without one.
 */
export async function displayedMailBanner(
  deps: Pick<BrandingDeps, 'db' | 'files'>,
  companyId: number,
): Promise<StoredFileRow | null> {
  const shown = await displayedBrandingOf(deps, companyId);
  if (!shown?.row.bannerFileId) return null;
  return (await deps.files.find(companyScope(shown.companyId), shown.row.bannerFileId)) ?? null;
}

/** Where the header's <img> reads the logo without a ticket; null without a logo. */
export function logoUrl(deps: Pick<BrandingDeps, 'config'>, row: BrandingRow | undefined): string | null {
  if (!row?.logoKey || !row.logoFileId) return null;
  return `${deps.config.apiPrefix}${brandingLogoCall.path}?${new URLSearchParams({ key: row.logoKey })}`;
}

/** What the caller's console shows (displayedBranding); none for a signed-out caller. */
export async function consoleBranding(deps: BrandingDeps, actor: Actor | null): Promise<ConsoleBranding> {
  if (!actor) return { appName: null, vpnName: null, logoUrl: null };
  const shown = await displayedBranding(deps, owningCompany(actor.scope));
  return { appName: shown?.appName ?? null, vpnName: shown?.vpnName ?? null, logoUrl: logoUrl(deps, shown) };
}

/** The company's own OEM settings, with fresh links to its logo and banner for the page's preview. */
export async function getOem(deps: BrandingDeps, actor: Actor): Promise<OemSettings> {
  const row = await ownBranding(deps.db, actor.scope);
  const describe = async (id: number | null | undefined) => {
    const file = id ? await deps.files.find(actor.scope, id) : undefined;
    return file ? deps.files.describe(file) : null;
  };
  return {
    rlinkDisplayName: row?.appName ?? null,
    rvpnDisplayName: row?.vpnName ?? null,
    logo: await describe(row?.logoFileId),
    banner: await describe(row?.bannerFileId),
  };
}

/**
 * Sets the company's OEM settings: the console names, and its own logo and e-mail banner files, each
 * uploaded as its kind (the files area checked type, size and pixels) and a PNG or JPEG by its bytes.
 */
export async function setOem(
  deps: BrandingDeps,
  actor: Actor,
  input: CallParsedInput<typeof setOemSettingCall>,
): Promise<OemSettings> {
  const current = await ownBranding(deps.db, actor.scope);
  const logo: LogoColumns =
    input.logoFileId === null
      ? { logoFileId: null, logoKey: null, logoType: null }
      : await checkedLogo(deps, actor, input.logoFileId, current);
  if (input.bannerFileId !== null) {
    const banner = await deps.files.find(actor.scope, input.bannerFileId);
    if (banner?.kind !== 'emailBanner' || !(await storedImageType(deps, banner)))
      throw new AppError(ErrorCode.BRANDING_BANNER_INVALID);
  }
  await inTransaction(deps.db, (tx) =>
    saveBranding(
      tx,
      actor.scope,
      {
        appName: input.rlinkDisplayName,
        vpnName: input.rvpnDisplayName,
        ...logo,
        bannerFileId: input.bannerFileId,
      },
      deps.clock.now(),
    ),
  );
  return getOem(deps, actor);
}

/** A partner's logo in use by its key, or 14064 for any other key. */
export async function logoByKey(deps: BrandingDeps, key: string) {
  const logo = await logoInUse(deps.db, key);
  if (!logo) throw new AppError(ErrorCode.FILE_NOT_FOUND, null, 404);
  return { ...logo, stream: (await deps.files.store.open(logo.storeKey)).stream };
}
