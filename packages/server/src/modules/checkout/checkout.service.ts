import {
  type approveOrderCall,
  type CallParsedInput,
  type CheckoutOffer,
  type CustomerTerms,
  type customerOrdersCall,
  DEVICE_LICENCE_PRODUCTS,
  ErrorCode,
  type LicenceProduct,
  levelOfProduct,
  MAX_TRANSACTION_USD,
  MIN_PURCHASE,
  type myOrdersCall,
  type OrderState,
  type PurchaseOrder,
  type placeOrderCall,
  type rejectOrderCall,
  type setCustomerTermsCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { postingTarget } from '../licences/ledger.store.ts';
import { offeredLevels, postSale } from '../licences/licences.service.ts';
import { centsOf, checkTransactionTotal } from '../licences/operations.ts';
import { rebateForSale } from '../rebates/rebates.service.ts';
import {
  customerOfSeller,
  decideOrder,
  findOrder,
  insertOrder,
  lockOrder,
  type OrderSide,
  orderNo,
  orderPage,
  type PriceRow,
  saveTerms,
  sellerOf,
  termsBetween,
} from './checkout.store.ts';

/** What the checkout area reads from AppDeps (its manifest's `uses`). */
export type CheckoutDeps = ModuleDeps<'db' | 'clock' | 'config' | 'hub'>;

/** The products a price list covers: the device levels this environment offers, then any priced. */
function sellableProducts(deps: CheckoutDeps, prices: readonly PriceRow[]): LicenceProduct[] {
  const levels = offeredLevels(deps);
  const offered: LicenceProduct[] = DEVICE_LICENCE_PRODUCTS.filter((p) =>
    levels.includes(levelOfProduct(p)!),
  );
  const priced = prices.map((p) => p.product).filter((p) => !offered.includes(p));
  return [...offered, ...priced];
}

function priceList(deps: CheckoutDeps, prices: readonly PriceRow[]) {
  return sellableProducts(deps, prices).map((product) => {
    const price = prices.find((p) => p.product === product);
    return {
      product,
      unitPrice: price ? price.unitPriceCents / 100 : null,
      minimumPurchase: Math.max(MIN_PURCHASE, price?.minimumPurchase ?? MIN_PURCHASE),
    };
  });
}

/** The checkout page: whom the company buys from, on what terms (core §2 operation/onlineCheckout). */
export async function checkoutOffer(deps: CheckoutDeps, actor: Actor): Promise<CheckoutOffer> {
  const buyer = owningCompany(actor.scope);
  const seller = await sellerOf(deps.db, buyer);
  const terms = seller
    ? await termsBetween(deps.db, seller.companyId, buyer)
    : { onlinePurchaseForbidden: false, prices: [] };
  return {
    seller,
    onlinePurchaseForbidden: terms.onlinePurchaseForbidden,
    // No card provider ships enabled (docs/decisions.md "Checkout"): orders are paid by purchase order.
    cardPayment: false,
    maxTransactionUsd: MAX_TRANSACTION_USD,
    products: priceList(deps, terms.prices),
  };
}

/**
 * Places a purchase order with the company's seller. The same key again answers the first order
 * (a time-out's retry); with another product or quantity it is a bad request naming the key.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  actor: Actor,
  input: CallParsedInput<typeof placeOrderCall>,
): Promise<PurchaseOrder> {
  const offer = await checkoutOffer(deps, actor);
  if (offer.onlinePurchaseForbidden) throw new AppError(ErrorCode.PURCHASE_FORBIDDEN);
  const terms = offer.products.find((p) => p.product === input.product);
  if (!terms) throw fieldError('product', 'is not sold in this environment');
  if (input.quantity < terms.minimumPurchase)
    throw new AppError(ErrorCode.MINIMUM_PURCHASE, { minimum: terms.minimumPurchase });
  const cents = centsOf(terms.unitPrice ?? undefined);
  checkTransactionTotal(input.quantity, cents);
  const buyer = owningCompany(actor.scope);
  const placed = await inTransaction(deps.db, (tx) =>
    insertOrder(tx, {
      buyerCompanyId: buyer,
      sellerCompanyId: offer.seller?.companyId ?? null,
      product: input.product,
      quantity: input.quantity,
      unitPriceCents: cents,
      note: input.note || null,
      idempotencyKey: input.idempotencyKey,
      placedByUserId: actor.userId,
      at: deps.clock.now(),
    }),
  );
  const order = await findOrder(deps.db, { side: 'buyer', scope: actor.scope }, placed.id);
  if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  if (placed.replayed && (order.product !== input.product || order.quantity !== input.quantity))
    throw fieldError('idempotencyKey', 'already used by another order');
  return order;
}

type ListInput = CallParsedInput<typeof myOrdersCall> | CallParsedInput<typeof customerOrdersCall>;

function listOrders(deps: CheckoutDeps, who: OrderSide, input: ListInput) {
  const { pageNum, pageSize, ...rest } = input;
  const filter = {
    ...rest,
    buyerCompanyId: 'companyId' in rest ? rest.companyId : undefined,
  };
  return orderPage(deps.db, who, filter, (pageNum - 1) * pageSize, pageSize);
}

export function myOrders(deps: CheckoutDeps, actor: Actor, input: CallParsedInput<typeof myOrdersCall>) {
  return listOrders(deps, { side: 'buyer', scope: actor.scope }, input);
}

export function customerOrders(
  deps: CheckoutDeps,
  actor: Actor,
  input: CallParsedInput<typeof customerOrdersCall>,
) {
  return listOrders(deps, { side: 'seller', scope: actor.scope }, input);
}

export function platformOrders(deps: CheckoutDeps, input: CallParsedInput<typeof myOrdersCall>) {
  return listOrders(deps, { side: 'platform' }, input);
}

/** Why a decided order cannot be decided again: approved is paid (190322), the others are over (190323). */
function decided(state: OrderState): AppError {
  return new AppError(state === 'approved' ? ErrorCode.ORDER_PAID : ErrorCode.ORDER_EXPIRED);
}

/** The buyer withdraws its pending order; withdrawing it again answers it as it is. */
export async function cancelOrder(deps: CheckoutDeps, actor: Actor, orderId: number): Promise<PurchaseOrder> {
  const who: OrderSide = { side: 'buyer', scope: actor.scope };
  await inTransaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, who, orderId);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    if (order.state === 'cancelled') return;
    if (order.state !== 'pending') throw decided(order.state);
    await decideOrder(tx, orderId, { state: 'cancelled', byUserId: actor.userId, at: deps.clock.now() });
  });
  return (await findOrder(deps.db, who, orderId))!;
}

/**
 * Approves a pending order in one transaction with its ledger rows: the order is locked, priced (its
 * own price, else the approver's), checked against the transaction limit, posted (the seller's pool
 * must hold the licences, 190302) and marked approved. The order's key makes a second post impossible.
 */
async function approve(
  deps: CheckoutDeps,
  who: OrderSide,
  userId: number,
  input: CallParsedInput<typeof approveOrderCall>,
): Promise<PurchaseOrder> {
  const at = deps.clock.now();
  const parties = await inTransaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, who, input.orderId);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    if (order.state !== 'pending') throw decided(order.state);
    const cents = order.unitPriceCents ?? centsOf(input.unitPrice);
    checkTransactionTotal(order.quantity, cents);
    // A partner link removed since the order was placed ends the sale (190306).
    if (who.side === 'seller' && !(await customerOfSeller(tx, who.scope, order.buyerCompanyId)))
      throw new AppError(ErrorCode.LICENCE_NOT_DOWNSTREAM);
    const sale = await postSale(tx, {
      seller: order.sellerCompanyId === null ? null : postingTarget(order.sellerCompanyId),
      buyer: postingTarget(order.buyerCompanyId),
      product: order.product,
      quantity: order.quantity,
      unitPriceCents: cents,
      idempotencyKey: `purchase-order-${orderNo(input.orderId)}`,
      operatorUserId: userId,
      at,
      // The distributor above the buyer earns its rebate with the sale, in the same operation.
      rebate: await rebateForSale(tx, {
        buyerCompanyId: order.buyerCompanyId,
        product: order.product,
        quantity: order.quantity,
        unitPriceCents: cents,
      }),
    });
    await decideOrder(tx, input.orderId, {
      state: 'approved',
      byUserId: userId,
      at,
      unitPriceCents: cents,
      transactionNo: sale.transactionNo,
    });
    return [order.sellerCompanyId, order.buyerCompanyId];
  });
  // Both sides' licences pages and banners refetch (the live channel, as for any licence change).
  for (const companyId of parties)
    if (companyId !== null) deps.hub.publish('licences.changed', companyId, {});
  return (await findOrder(deps.db, who, input.orderId))!;
}

async function reject(
  deps: CheckoutDeps,
  who: OrderSide,
  userId: number,
  input: CallParsedInput<typeof rejectOrderCall>,
): Promise<PurchaseOrder> {
  await inTransaction(deps.db, async (tx) => {
    const order = await lockOrder(tx, who, input.orderId);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    if (order.state !== 'pending') throw decided(order.state);
    await decideOrder(tx, input.orderId, {
      state: 'rejected',
      byUserId: userId,
      at: deps.clock.now(),
      rejectReason: input.reason,
    });
  });
  return (await findOrder(deps.db, who, input.orderId))!;
}

export function approveCustomerOrder(
  deps: CheckoutDeps,
  actor: Actor,
  input: CallParsedInput<typeof approveOrderCall>,
) {
  return approve(deps, { side: 'seller', scope: actor.scope }, actor.userId, input);
}

export function rejectCustomerOrder(
  deps: CheckoutDeps,
  actor: Actor,
  input: CallParsedInput<typeof rejectOrderCall>,
) {
  return reject(deps, { side: 'seller', scope: actor.scope }, actor.userId, input);
}

export function approvePlatformOrder(
  deps: CheckoutDeps,
  session: Session,
  input: CallParsedInput<typeof approveOrderCall>,
) {
  return approve(deps, { side: 'platform' }, session.userId, input);
}

export function rejectPlatformOrder(
  deps: CheckoutDeps,
  session: Session,
  input: CallParsedInput<typeof rejectOrderCall>,
) {
  return reject(deps, { side: 'platform' }, session.userId, input);
}

/** The caller's customer, or 190306: terms are set only along a partner link, downwards. */
async function customerOf(deps: CheckoutDeps, actor: Actor, companyId: number) {
  const customer = await customerOfSeller(deps.db, actor.scope, companyId);
  if (!customer) throw new AppError(ErrorCode.LICENCE_NOT_DOWNSTREAM);
  return customer;
}

export async function customerTerms(
  deps: CheckoutDeps,
  actor: Actor,
  companyId: number,
): Promise<CustomerTerms> {
  const customer = await customerOf(deps, actor, companyId);
  const terms = await termsBetween(deps.db, owningCompany(actor.scope), customer.companyId);
  return {
    companyId: customer.companyId,
    companyName: customer.name,
    onlinePurchaseForbidden: terms.onlinePurchaseForbidden,
    prices: priceList(deps, terms.prices),
  };
}

/** Sets one customer's terms: a price per listed product, each minimum at least MIN_PURCHASE (190312). */
export async function setCustomerTerms(
  deps: CheckoutDeps,
  actor: Actor,
  input: CallParsedInput<typeof setCustomerTermsCall>,
): Promise<CustomerTerms> {
  const customer = await customerOf(deps, actor, input.companyId);
  const seen = new Set<LicenceProduct>();
  for (const [i, p] of input.prices.entries()) {
    if (seen.has(p.product)) throw fieldError(`prices.${i}.product`, 'is listed twice');
    seen.add(p.product);
    if (p.minimumPurchase < MIN_PURCHASE)
      throw new AppError(ErrorCode.MINIMUM_PURCHASE, { minimum: MIN_PURCHASE, field: `prices.${i}` });
    checkTransactionTotal(p.minimumPurchase, centsOf(p.unitPrice));
  }
  await inTransaction(deps.db, (tx) =>
    saveTerms(
      tx,
      owningCompany(actor.scope),
      customer.companyId,
      {
        onlinePurchaseForbidden: input.onlinePurchaseForbidden,
        prices: input.prices.map((p) => ({
          product: p.product,
          unitPriceCents: centsOf(p.unitPrice)!,
          minimumPurchase: p.minimumPurchase,
        })),
      },
      deps.clock.now(),
    ),
  );
  return customerTerms(deps, actor, customer.companyId);
}
