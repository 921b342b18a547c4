import {
  type assignCustomerLicencesCall,
  type BillingFilter,
  type CallParsedInput,
  DEVICE_LICENCE_PRODUCTS,
  ErrorCode,
  type grantLicencesCall,
  type InsufficientLicence,
  LICENCE_DAYS,
  LICENCE_LEVELS,
  type LicenceBalances,
  type LicenceLevel,
  type LicenceMovement,
  type LicenceProduct,
  levelOfProduct,
  licenceLevelsFor,
  type reduceCustomerLicencesCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { Tx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { countDevicesByLevel } from '../devices/device-registry.store.ts';
import { assertLicenceDraw } from '../quotas/quota-checks.ts';
import { renewalNeeds } from './auto-renew.store.ts';
import { billingPage, transactionNo } from './billing.store.ts';
import { licencedDeviceCounts } from './device-licences.store.ts';
import {
  balanceOf,
  companyExists,
  findDownstream,
  lockAccounts,
  type PostingTarget,
  postingTarget,
  postMovements,
  unusedByProduct,
} from './ledger.store.ts';
import {
  centsOf,
  checkTransactionTotal,
  type OperationContext,
  runOperation,
  runOperationIn,
} from './operations.ts';

/** What the licences area reads from AppDeps (its manifest's `uses`). */
export type LicenceDeps = ModuleDeps<'db' | 'clock' | 'config' | 'hub'>;

/** The levels this environment offers (LICENCE_ENVIRONMENT: the mainland-China one only Basic and Extension). */
export function offeredLevels({ config }: Pick<LicenceDeps, 'config'>): readonly LicenceLevel[] {
  return licenceLevelsFor(config.licenceEnvironment === 'china');
}

const DAY_MS = 86_400_000;

/** The licences page's cards and chart (core §2 operation/licenses). */
export async function licenceBalances(deps: LicenceDeps, actor: Actor): Promise<LicenceBalances> {
  const { db, clock } = deps;
  const levels = offeredLevels(deps);
  const now = clock.now();
  const soon = new Date(now.getTime() + LICENCE_DAYS * DAY_MS);
  const [unused, devices, byLevel] = await Promise.all([
    unusedByProduct(db, actor.scope),
    licencedDeviceCounts(db, actor.scope, now, soon),
    countDevicesByLevel(db, actor.scope),
  ]);
  const offered: LicenceProduct[] = DEVICE_LICENCE_PRODUCTS.filter((p) =>
    levels.includes(levelOfProduct(p)!),
  );
  // Products held beyond those (granted by the platform) are shown too, after them.
  const held = [...unused.keys()].filter((p) => !offered.includes(p));
  const products = [...offered, ...held.sort()].map((product) => {
    const level = levelOfProduct(product);
    const counts = (level && devices.get(level)) || { assigned: 0, expiring: 0 };
    const available = unused.get(product) ?? 0;
    return {
      product,
      owned: available + counts.assigned,
      assigned: counts.assigned,
      available,
      expiringSoon: counts.expiring,
    };
  });
  return {
    products,
    offeredLevels: [...levels],
    devicesByLevel: LICENCE_LEVELS.filter((l) => levels.includes(l) || byLevel.has(l)).map((level) => ({
      level,
      count: byLevel.get(level) ?? 0,
    })),
  };
}

/**
 * Core §7 getDeviceLicenseBalanceInsufficientAlertList: each product whose unused licences cannot renew
 * every device whose licence ends within LICENCE_DAYS days (a device with auto-renew on by its period,
 * any other once), so a device the auto-renew job had to leave unrenewed keeps its product listed. Non-empty, the console shows the
 * licence banner (core §4); left as it is, those devices fall back to Basic when their licence ends.
 */
export function insufficientLicences(deps: LicenceDeps, actor: Actor): Promise<InsufficientLicence[]> {
  return insufficientLicencesOf(deps, actor.scope);
}

/** The same list for a company a job looks at (the partner's alert e-mail, partner-notifications). */
export async function insufficientLicencesOf(
  { db, clock }: Pick<LicenceDeps, 'db' | 'clock'>,
  scope: CompanyScope,
): Promise<InsufficientLicence[]> {
  const now = clock.now();
  const soon = new Date(now.getTime() + LICENCE_DAYS * DAY_MS);
  const [unused, needs] = await Promise.all([unusedByProduct(db, scope), renewalNeeds(db, scope, now, soon)]);
  return DEVICE_LICENCE_PRODUCTS.flatMap((product) => {
    const need = needs.get(levelOfProduct(product)!) ?? { expiring: 0, needed: 0, autoRenew: 0 };
    const available = unused.get(product) ?? 0;
    return need.needed > available
      ? [
          {
            product,
            available,
            expiringDevices: need.expiring,
            needed: need.needed,
            autoRenewDevices: need.autoRenew,
            shortfall: need.needed - available,
          },
        ]
      : [];
  });
}

export function billingHistory({ db }: LicenceDeps, actor: Actor, input: BillingFilter) {
  const { pageNum, pageSize, ...filter } = input;
  return billingPage(db, actor.scope, filter, (pageNum - 1) * pageSize, pageSize);
}

/** The Super Admin sells or grants licences to any company: the top of the chain (a purchase row). */
export async function grantLicences(
  deps: LicenceDeps,
  session: Session,
  input: CallParsedInput<typeof grantLicencesCall>,
) {
  return grantToCompany(deps, { ...input, operatorUserId: session.userId });
}

/** Posts a purchase into a company's pool (the platform's grant; test kits seed pools through it). */
export async function grantToCompany(
  { db, clock, hub }: LicenceDeps,
  input: CallParsedInput<typeof grantLicencesCall> & { operatorUserId: number | null },
) {
  const cents = centsOf(input.unitPrice);
  checkTransactionTotal(input.quantity, cents);
  if (!(await companyExists(db, input.companyId))) throw new AppError(ErrorCode.COMPANY_NOT_FOUND);
  const target = postingTarget(input.companyId);
  const op = {
    kind: 'grant',
    idempotencyKey: input.idempotencyKey,
    operatorUserId: input.operatorUserId,
    at: clock.now(),
  };
  const answer = await runOperation(db, target, op, async (tx, operation) => {
    await lockAccounts(tx, [{ target, product: input.product }]);
    // The platform is the top of the chain: the limits its Super Admin set bind its own grants too.
    await assertLicenceDraw(tx, target, input.product, input.quantity, operation.at);
    await postMovements(tx, operation, [
      {
        target,
        movement: 'purchase',
        product: input.product,
        quantity: input.quantity,
        unitPriceCents: cents,
      },
    ]);
    return { transactionNo: transactionNo(operation.id) };
  });
  hub.publish('licences.changed', target.companyId, {});
  return answer;
}

/** The caller's customer, or 190306: licences move only along a partner link, downwards. */
async function customerOf(deps: LicenceDeps, actor: Actor, companyId: number): Promise<PostingTarget> {
  const customer = await findDownstream(deps.db, actor.scope, companyId);
  if (!customer) throw new AppError(ErrorCode.LICENCE_NOT_DOWNSTREAM);
  return customer;
}

/** One movement of licences between a partner and its customer: which side gives, and what each row says. */
interface Transfer {
  kind: 'assignCustomer' | 'reduceCustomer' | 'sale';
  from: PostingTarget;
  to: PostingTarget;
  out: LicenceMovement;
  into: LicenceMovement;
  /** The refusal when `from` holds fewer unused licences than asked. */
  tooFew: (available: number, quantity: number) => AppError;
  unitPriceCents?: number | null;
}

/**
 * Moves `quantity` of `product` from one company's unused balance into the other's as one operation
 * (two rows, both balances locked in one order); the giving side is checked under its lock.
 */
async function transfer(
  deps: LicenceDeps,
  actor: Actor,
  input: { product: LicenceProduct; quantity: number; idempotencyKey: string },
  t: Transfer,
) {
  const op = {
    kind: t.kind,
    idempotencyKey: input.idempotencyKey,
    operatorUserId: actor.userId,
    at: deps.clock.now(),
  };
  const partner = t.kind === 'reduceCustomer' ? t.to : t.from;
  const answer = await runOperation(deps.db, partner, op, (tx, operation) =>
    postTransfer(tx, operation, input, t),
  );
  for (const side of [t.from, t.to]) deps.hub.publish('licences.changed', side.companyId, {});
  return answer;
}

/** The rows of one transfer, posted in the operation's transaction under both balances' locks. */
async function postTransfer(
  tx: Tx,
  operation: OperationContext,
  input: { product: LicenceProduct; quantity: number },
  t: Transfer,
) {
  const { product, quantity } = input;
  const balances = await lockAccounts(tx, [
    { target: t.from, product },
    { target: t.to, product },
  ]);
  const available = balanceOf(balances, t.from, product);
  if (available < quantity) throw t.tooFew(available, quantity);
  // Licences going down the chain count against the receiver's limit (15051-15053), under its lock.
  if (t.into !== 'reductionIn') await assertLicenceDraw(tx, t.to, product, quantity, operation.at);
  const priced = { unitPriceCents: t.unitPriceCents ?? null };
  await postMovements(tx, operation, [
    { target: t.from, movement: t.out, product, quantity: -quantity, counterparty: t.to, ...priced },
    { target: t.to, movement: t.into, product, quantity, counterparty: t.from, ...priced },
  ]);
  return { transactionNo: transactionNo(operation.id) };
}

/** A sale the seller agreed to (an approved purchase order), posted inside the caller's transaction. */
export interface Sale {
  /** null: the platform sells (a purchase row only, as the Super Admin's grant). */
  seller: PostingTarget | null;
  buyer: PostingTarget;
  product: LicenceProduct;
  quantity: number;
  unitPriceCents: number | null;
  /** The order's own key: approving it twice posts once. */
  idempotencyKey: string;
  operatorUserId: number;
  at: Date;
  /**
   * What the platform owes the distributor above the buyer for this sale (the rebates area decides):
   * one more row of the same operation, so it is posted with the sale, once, or not at all.
   */
  rebate?: { distributor: PostingTarget; cents: number } | null;
}

/** The sale's rebate row: no licences move (quantity 0); the buyer is its counterparty. */
async function postRebate(tx: Tx, operation: OperationContext, sale: Sale): Promise<void> {
  if (!sale.rebate) return;
  await postMovements(tx, operation, [
    {
      target: sale.rebate.distributor,
      movement: 'rebate',
      product: sale.product,
      quantity: 0,
      counterparty: sale.buyer,
      rebateCents: sale.rebate.cents,
    },
  ]);
}

/**
 * Posts a sale in `tx`: from a partner, its licences move out of its pool (190302 when short) and into
 * the buyer's as a purchase; from the platform, a purchase row only. The buyer's billing history lists
 * it as a purchase, the partner's as an assignment to a customer, the distributor's as a rebate.
 */
export function postSale(tx: Tx, sale: Sale): Promise<{ transactionNo: string }> {
  const op = {
    kind: 'sale',
    idempotencyKey: sale.idempotencyKey,
    operatorUserId: sale.operatorUserId,
    at: sale.at,
  };
  const { seller, buyer, product, quantity, unitPriceCents } = sale;
  if (!seller)
    return runOperationIn(tx, buyer, op, async (t, operation) => {
      await lockAccounts(t, [{ target: buyer, product }]);
      await assertLicenceDraw(t, buyer, product, quantity, operation.at);
      await postMovements(t, operation, [
        { target: buyer, movement: 'purchase', product, quantity, unitPriceCents },
      ]);
      await postRebate(t, operation, sale);
      return { transactionNo: transactionNo(operation.id) };
    });
  return runOperationIn(tx, seller, op, async (t, operation) => {
    const posted = await postTransfer(t, operation, sale, {
      kind: 'sale',
      from: seller,
      to: buyer,
      out: 'assignmentOut',
      into: 'purchase',
      tooFew: (available, needed) => new AppError(ErrorCode.NOT_ENOUGH_LICENCES, { needed, available }),
      unitPriceCents,
    });
    await postRebate(t, operation, sale);
    return posted;
  });
}

/** A partner passes licences to a customer: out of its unused balance (190302), into the customer's. */
export async function assignToCustomer(
  deps: LicenceDeps,
  actor: Actor,
  input: CallParsedInput<typeof assignCustomerLicencesCall>,
) {
  const cents = centsOf(input.unitPrice);
  checkTransactionTotal(input.quantity, cents);
  return transfer(deps, actor, input, {
    kind: 'assignCustomer',
    from: postingTarget(owningCompany(actor.scope)),
    to: await customerOf(deps, actor, input.companyId),
    out: 'assignmentOut',
    into: 'assignmentIn',
    tooFew: (available, needed) => new AppError(ErrorCode.NOT_ENOUGH_LICENCES, { needed, available }),
    unitPriceCents: cents,
  });
}

/** A partner takes licences back from a customer: never more than the customer has unused (15006). */
export async function reduceCustomer(
  deps: LicenceDeps,
  actor: Actor,
  input: CallParsedInput<typeof reduceCustomerLicencesCall>,
) {
  const partner = postingTarget(owningCompany(actor.scope));
  return transfer(deps, actor, input, {
    kind: 'reduceCustomer',
    from: await customerOf(deps, actor, input.companyId),
    to: partner,
    out: 'reductionOut',
    into: 'reductionIn',
    tooFew: (unused) => new AppError(ErrorCode.LICENCE_VALUE_TOO_LOW, unused),
  });
}
