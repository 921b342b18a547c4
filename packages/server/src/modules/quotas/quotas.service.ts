import {
  type CallParsedInput,
  type CompanyQuota,
  ErrorCode,
  type QuotaLimits,
  type QuotaPeriod,
  type setCustomerQuotaCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import {
  type Actor,
  type CompanyScope,
  companyActorIfAny,
  companyScope,
  owningCompany,
  owningScope,
} from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { customerScope } from '../customers/customers.store.ts';
import { windowStart } from './quota-checks.ts';
import {
  companyName,
  devicesHeldBelow,
  drawnSince,
  findQuota,
  hasPartner,
  type StoredQuota,
  saveQuota,
} from './quotas.store.ts';

/** What the quotas area reads from AppDeps (its manifest's `uses`). */
export type QuotaDeps = ModuleDeps<'db' | 'clock'>;

/** Whose quota a call reads or sets, and the company that grants it (null: the platform). */
interface Granted {
  target: CompanyScope;
  grantor: CompanyScope | null;
}

/**
 * A partner reaches its direct customers' quotas; the Super Admin those of companies with no partner
 * (distributors, and companies that registered on their own). Anything else is 5, saying nothing of
 * which companies exist, except to the Super Admin (15009).
 */
async function grantedCompany(db: DbOrTx, session: Session, companyId: number): Promise<Granted> {
  const actor = companyActorIfAny({ session });
  if (actor) {
    const target = await customerScope(db, actor.scope, companyId, 'direct');
    if (!target) throw new AppError(ErrorCode.NO_PERMISSION);
    return { target, grantor: owningScope(actor.scope) };
  }
  if (!session.superAdmin) throw new AppError(ErrorCode.NO_PERMISSION);
  const target = companyScope(companyId);
  if ((await companyName(db, target)) === null) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  // Its partner sets it: the platform granting it more would let the chain exceed the partner's grant.
  if (await hasPartner(db, target)) throw new AppError(ErrorCode.NO_PERMISSION);
  return { target, grantor: null };
}

function limitsOf(quota: StoredQuota | null): QuotaLimits | null {
  if (!quota) return null;
  return { devices: quota.devices, apiCallsPerSecond: quota.apiCallsPerSecond, licences: quota.licences };
}

/** A company's quota with its usage now, and the grantor's limits as the editor's ceiling. */
async function quotaView(
  { db, clock }: QuotaDeps,
  target: CompanyScope,
  grantor: CompanyScope | null,
): Promise<CompanyQuota> {
  const now = clock.now();
  const id = owningCompany(target);
  const [quota, held, name, ceiling] = await Promise.all([
    findQuota(db, target),
    devicesHeldBelow(db, [id]),
    companyName(db, target),
    grantor ? findQuota(db, grantor) : null,
  ]);
  const licences = await Promise.all(
    (quota?.licences ?? []).map(async (l) => ({
      ...l,
      drawn: await drawnSince(db, target, l.product, windowStart(l.period, now)),
    })),
  );
  const setBy =
    quota?.setByCompanyId == null ? null : await companyName(db, companyScope(quota.setByCompanyId));
  return {
    companyId: id,
    companyName: name ?? '',
    devices: { limit: quota?.devices ?? null, held: held.get(id) ?? 0 },
    apiCallsPerSecond: quota?.apiCallsPerSecond ?? null,
    licences,
    ceiling: limitsOf(ceiling),
    setBy,
    updatedAt: quota ? quota.updatedAt.getTime() : null,
  };
}

/** How many months a period's window spans: a customer's window may be longer than its grantor's, never shorter. */
const PERIOD_MONTHS: Record<QuotaPeriod, number> = { month: 1, year: 12, total: Number.POSITIVE_INFINITY };

/**
 * A company grants its customer no more than it holds itself (15054, naming the field and its own
 * limit): where it is limited the customer must be too, at most as much, counted over a window at
 * least as long (a monthly limit under a yearly one could reach twelve times it in a year).
 */
export function assertWithinCeiling(limits: QuotaLimits, ceiling: QuotaLimits | null): void {
  if (!ceiling) return;
  const above = (field: string, limit: number) => new AppError(ErrorCode.QUOTA_ABOVE_OWN, { field, limit });
  if (ceiling.devices !== null && (limits.devices === null || limits.devices > ceiling.devices))
    throw above('devices', ceiling.devices);
  if (
    ceiling.apiCallsPerSecond !== null &&
    (limits.apiCallsPerSecond === null || limits.apiCallsPerSecond > ceiling.apiCallsPerSecond)
  )
    throw above('apiCallsPerSecond', ceiling.apiCallsPerSecond);
  for (const own of ceiling.licences) {
    const asked = limits.licences.find((l) => l.product === own.product);
    if (!asked || asked.limit > own.limit || PERIOD_MONTHS[asked.period] < PERIOD_MONTHS[own.period])
      throw above(`licences.${own.product}`, own.limit);
  }
}

export async function customerQuota(deps: QuotaDeps, session: Session, companyId: number) {
  const { target, grantor } = await grantedCompany(deps.db, session, companyId);
  return quotaView(deps, target, grantor);
}

/**
 * Replaces a customer's limits. A limit below what the customer already holds is allowed: it refuses
 * what would add more, and takes nothing away (the customer's devices and licences stay).
 */
export async function setCustomerQuota(
  deps: QuotaDeps,
  session: Session,
  { companyId, ...limits }: CallParsedInput<typeof setCustomerQuotaCall>,
) {
  const { target, grantor } = await grantedCompany(deps.db, session, companyId);
  await inTransaction(deps.db, async (tx) => {
    assertWithinCeiling(limits, grantor ? limitsOf(await findQuota(tx, grantor)) : null);
    await saveQuota(tx, target, limits, {
      companyId: grantor ? owningCompany(grantor) : null,
      userId: session.userId,
      at: deps.clock.now(),
    });
  });
  return quotaView(deps, target, grantor);
}

/** The limits set for the caller's own company, with its usage (no ceiling: it does not edit them). */
export function myQuota(deps: QuotaDeps, actor: Actor) {
  return quotaView(deps, owningScope(actor.scope), null);
}
