import {
  type CallParsedInput,
  COMPANY_TYPE,
  type CompanyMapConfig,
  ErrorCode,
  MAP_KEY_FIELDS,
  type MapKeyField,
  type MapKeys,
  type setMapKeysCall,
} from '@fleetport/contract';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';
import { partnersAbove } from '../customers/customers.store.ts';
import type { BrandingDeps } from './branding.service.ts';
import { mapKeysOf, type SealedMapKeys, saveMapKeys } from './branding.store.ts';

/**
 * A company's own map keys (issue 18 OEM; docs/decisions.md "Map keys"): sealed at rest, shown masked,
 * each new one checked with the map provider (MAP_KEY_CHECK_URL) before it is saved. The console's map
 * uses the company's JS API key, else its nearest partner's, else the platform's.
 */

const CHECK_TIMEOUT_MS = 10_000;
const COLUMN: Record<MapKeyField, keyof SealedMapKeys> = {
  jsApiKey: 'jsKey',
  serverApiKey: 'serverKey',
  hardwareKey: 'hardwareKey',
};

const mapKeySeal = (deps: Pick<BrandingDeps, 'db' | 'config'>) =>
  secretSeal(deps.db, deps.config.serverSecret, 'map-key');

const mask = (key: string) => (key.length >= 12 ? `••••••${key.slice(-4)}` : '••••••');

/** The provider's word on one key: refused (401, 403, REQUEST_DENIED, another 4xx) or unreachable. */
export async function checkMapKey(checkUrl: string, key: string): Promise<'ok' | 'invalid' | 'unreachable'> {
  const url = new URL(checkUrl);
  url.searchParams.set('key', key);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'manual' });
  } catch {
    return 'unreachable';
  }
  if (res.status >= 500 || res.status === 0) return 'unreachable';
  if (res.status >= 400) return 'invalid';
  if (res.status >= 300) return 'unreachable';
  const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
  return body?.status === 'REQUEST_DENIED' ? 'invalid' : 'ok';
}

async function view(deps: BrandingDeps, keys: SealedMapKeys | undefined): Promise<MapKeys> {
  const seal = mapKeySeal(deps);
  const shown = async (sealed: string | null | undefined) => (sealed ? mask(await seal.open(sealed)) : null);
  return {
    jsApiKey: await shown(keys?.jsKey),
    serverApiKey: await shown(keys?.serverKey),
    hardwareKey: await shown(keys?.hardwareKey),
    updatedAt: keys?.updatedAt ? new Date(keys.updatedAt).getTime() : null,
  };
}

export async function getMapKeys(deps: BrandingDeps, actor: Actor): Promise<MapKeys> {
  return view(deps, (await mapKeysOf(deps.db, [owningCompany(actor.scope)])).get(owningCompany(actor.scope)));
}

/**
 * Saves the keys sent: a new key is checked first (5012 refused with data {field}, 5011 the provider
 * unreachable) and nothing is saved unless all pass; "" removes a key, null or omitted keeps it.
 */
export async function setMapKeys(
  deps: BrandingDeps,
  actor: Actor,
  input: CallParsedInput<typeof setMapKeysCall>,
): Promise<MapKeys> {
  const companyId = owningCompany(actor.scope);
  const current = (await mapKeysOf(deps.db, [companyId])).get(companyId);
  const next: SealedMapKeys = {
    jsKey: current?.jsKey ?? null,
    serverKey: current?.serverKey ?? null,
    hardwareKey: current?.hardwareKey ?? null,
    updatedAt: deps.clock.now(),
  };
  const seal = mapKeySeal(deps);
  for (const field of MAP_KEY_FIELDS) {
    const key = input[field];
    if (key === null || key === undefined) continue;
    if (key === '') {
      next[COLUMN[field]] = null as never;
      continue;
    }
    const verdict = await checkMapKey(deps.config.mapKeyCheckUrl, key);
    if (verdict === 'invalid') throw new AppError(ErrorCode.MAP_KEY_INVALID, { field });
    if (verdict === 'unreachable') throw new AppError(ErrorCode.MAP_SERVICE_UNAVAILABLE, { field });
    next[COLUMN[field]] = (await seal.seal(key)) as never;
  }
  await saveMapKeys(deps.db, actor.scope, next);
  return view(deps, next);
}

/** The JS API key of the company, else of its nearest partner that set one, else none (the platform's). */
export async function companyMapConfig(deps: BrandingDeps, actor: Actor): Promise<CompanyMapConfig> {
  const companyId = owningCompany(actor.scope);
  const partners: readonly number[] = [COMPANY_TYPE.distributor, COMPANY_TYPE.reseller];
  const above = (await partnersAbove(deps.db, companyId)).filter((p) => partners.includes(p.type));
  const chain = [companyId, ...above.map((p) => p.companyId)];
  const found = await mapKeysOf(deps.db, chain);
  const owner = chain.find((id) => found.get(id)?.jsKey);
  if (owner === undefined) return { jsApiKey: null, source: 'platform' };
  return {
    jsApiKey: await mapKeySeal(deps).open(found.get(owner)!.jsKey!),
    source: owner === companyId ? 'own' : 'partner',
  };
}
