import { randomBytes } from 'node:crypto';
import {
  brandingLogoCall,
  type CallParsedInput,
  COMPANY_TYPE,
  type ConsoleBranding,
  ErrorCode,
  type PartnerBranding,
  type setBrandingCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import type { StoredFileRow } from '../../platform/files/stored-files.store.ts';
import { ownCompanyType, partnersAbove } from '../customers/customers.store.ts';
import { brandingOfPartners, logoInUse, ownBranding, saveBranding } from './branding.store.ts';
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
  let logo = {
    logoFileId: null as number | null,
    logoKey: null as string | null,
    logoType: null as string | null,
  };
  if (input.logoFileId !== null) {
    const file = await deps.files.find(actor.scope, input.logoFileId);
    if (file?.kind !== 'oemLogo') throw new AppError(ErrorCode.BRANDING_LOGO_INVALID);
    const type = await storedImageType(deps, file);
    if (!type) throw new AppError(ErrorCode.BRANDING_LOGO_INVALID);
    const same = current?.logoFileId === file.id && current.logoKey;
    logo = {
      logoFileId: file.id,
      logoKey: same ? current.logoKey : randomBytes(24).toString('base64url'),
      logoType: type,
    };
  }
  await inTransaction(deps.db, (tx) =>
    saveBranding(tx, actor.scope, { appName: input.appName, ...logo }, deps.clock.now()),
  );
  return getBranding(deps, actor);
}

/**
 * What the caller's console shows: the branding of the nearest partner above its company that set
 * one (a re-seller's before its distributor's), whole, never a mix of two partners'. The Super Admin
 * and a company without partners see Fleetport's.
 */
export async function consoleBranding(deps: BrandingDeps, actor: Actor | null): Promise<ConsoleBranding> {
  const none = { appName: null, logoUrl: null };
  if (!actor) return none;
  const above = (await partnersAbove(deps.db, owningCompany(actor.scope))).filter((p) =>
    PARTNER_TYPES.includes(p.type),
  );
  const found = await brandingOfPartners(
    deps.db,
    above.map((p) => p.companyId),
  );
  const nearest = above.map((p) => found.get(p.companyId)).find((b) => b !== undefined);
  if (!nearest) return none;
  const query = nearest.logoKey ? new URLSearchParams({ key: nearest.logoKey }) : null;
  return {
    appName: nearest.appName,
    logoUrl: query && nearest.logoFileId ? `${deps.config.apiPrefix}${brandingLogoCall.path}?${query}` : null,
  };
}

/** A partner's logo in use by its key, or 14064 for any other key. */
export async function logoByKey(deps: BrandingDeps, key: string) {
  const logo = await logoInUse(deps.db, key, PARTNER_TYPES);
  if (!logo) throw new AppError(ErrorCode.FILE_NOT_FOUND, null, 404);
  return { ...logo, stream: (await deps.files.store.open(logo.storeKey)).stream };
}
