import {
  type CallParsedInput,
  COMPANY_TYPE,
  ErrorCode,
  type LicenceProduct,
  type RebateRate,
  type RebateRule,
  type rebateListCall,
  type rebateTotalsCall,
  type setRebateRuleCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { partnersAbove } from '../customers/customers.store.ts';
import { type PostingTarget, postingTarget } from '../licences/ledger.store.ts';
import {
  companyOf,
  rateFor,
  ratesOf,
  rebatePage,
  rebateTotals,
  type StoredRate,
  saveRates,
} from './rebates.store.ts';

/** What the rebates area reads from AppDeps (its manifest's `uses`). */
export type RebateDeps = ModuleDeps<'db' | 'clock'>;

/** Percentages are kept in basis points, per-licence amounts in cents: whole numbers both. */
function stored(rate: RebateRate): StoredRate {
  return { product: rate.product, kind: rate.kind, value: Math.round(rate.value * 100) };
}

function shown(rate: StoredRate): RebateRate {
  return { product: rate.product, kind: rate.kind, value: rate.value / 100 } as RebateRate;
}

/** The distributor a rule is about: 15009 for no such company, 15040 for another type. */
async function distributor(db: DbOrTx, companyId: number) {
  const company = await companyOf(db, companyId);
  if (!company) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  if (company.type !== COMPANY_TYPE.distributor) throw new AppError(ErrorCode.REBATE_DISTRIBUTORS_ONLY);
  return company;
}

async function ruleOf(db: DbOrTx, company: { companyId: number; name: string }): Promise<RebateRule> {
  const { rates, updatedAt } = await ratesOf(db, company.companyId);
  return {
    companyId: company.companyId,
    companyName: company.name,
    rates: rates.map(shown),
    updatedAt: updatedAt?.getTime() ?? null,
  };
}

/** The Super Admin reads a distributor's rule. */
export async function rebateRule(deps: RebateDeps, companyId: number): Promise<RebateRule> {
  return ruleOf(deps.db, await distributor(deps.db, companyId));
}

/** The Super Admin replaces a distributor's rates; a product twice is code 1 naming the second. */
export async function setRebateRule(
  deps: RebateDeps,
  input: CallParsedInput<typeof setRebateRuleCall>,
): Promise<RebateRule> {
  const company = await distributor(deps.db, input.companyId);
  const seen = new Set<LicenceProduct>();
  for (const [i, rate] of input.rates.entries()) {
    if (seen.has(rate.product)) throw fieldError(`rates.${i}.product`, 'is listed twice');
    seen.add(rate.product);
  }
  await inTransaction(deps.db, (tx) =>
    saveRates(tx, company.companyId, input.rates.map(stored), deps.clock.now()),
  );
  return ruleOf(deps.db, company);
}

/**
 * The caller's company when it is a distributor (15040 otherwise): every company's roles hold the
 * rebate funCodes, but only a distributor's console shows the page, and only a distributor earns.
 */
async function callerDistributor(deps: RebateDeps, actor: Actor) {
  return distributor(deps.db, owningCompany(actor.scope));
}

/** The distributor's own rule, read-only, for its rebate page. */
export async function myRebateRule(deps: RebateDeps, actor: Actor): Promise<RebateRule> {
  return ruleOf(deps.db, await callerDistributor(deps, actor));
}

export async function listRebates(
  deps: RebateDeps,
  actor: Actor,
  input: CallParsedInput<typeof rebateListCall>,
) {
  await callerDistributor(deps, actor);
  const { pageNum, pageSize, ...filter } = input;
  return rebatePage(deps.db, actor.scope, filter, (pageNum - 1) * pageSize, pageSize);
}

export async function totalRebates(
  deps: RebateDeps,
  actor: Actor,
  input: CallParsedInput<typeof rebateTotalsCall>,
  utcOffsetMinutes: number,
) {
  await callerDistributor(deps, actor);
  const { pageNum, pageSize, ...filter } = input;
  return rebateTotals(
    deps.db,
    actor.scope,
    { ...filter, utcOffsetMinutes },
    (pageNum - 1) * pageSize,
    pageSize,
  );
}

/** A purchase about to be posted: who buys what, at what price per licence (null: free). */
export interface RebatedSale {
  buyerCompanyId: number;
  product: LicenceProduct;
  quantity: number;
  unitPriceCents: number | null;
}

/** A rate applied to a sale, in cents, rounded half up; 0 when a percentage meets a free order. */
export function rebateCents(
  rate: StoredRate,
  sale: Pick<RebatedSale, 'quantity' | 'unitPriceCents'>,
): number {
  if (rate.kind === 'perLicence') return sale.quantity * rate.value;
  if (sale.unitPriceCents === null) return 0;
  return Math.round((sale.quantity * sale.unitPriceCents * rate.value) / 10_000);
}

/**
 * The rebate a sale earns, read in the approval's transaction: the nearest distributor above the buyer
 * (the buyer's own purchases earn a distributor nothing), at its rate for the product then. Null when
 * there is no distributor, no rate, or the rate comes to nothing.
 */
export async function rebateForSale(
  tx: DbOrTx,
  sale: RebatedSale,
): Promise<{ distributor: PostingTarget; cents: number } | null> {
  const above = await partnersAbove(tx, sale.buyerCompanyId);
  const nearest = above.find((p) => p.type === COMPANY_TYPE.distributor);
  if (!nearest) return null;
  const rate = await rateFor(tx, nearest.companyId, sale.product);
  if (!rate) return null;
  const cents = rebateCents(rate, sale);
  // The distributor is found from the buyer's partner links, not from any caller's request.
  return cents > 0 ? { distributor: postingTarget(nearest.companyId), cents } : null;
}
