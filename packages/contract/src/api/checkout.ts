import { z } from 'zod';
import type { Labels } from '../enums/labels.ts';
import { LICENCE_PRODUCTS } from '../enums/licences.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EXPORT_MAX_RECORDS, MAX_TRANSACTION_USD, MIN_PURCHASE } from '../limits.ts';
import { AmountSchema } from '../rules/numbers.ts';
import { defineCall } from './define.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';
import { IdempotencyKeySchema } from './licences.ts';

/**
 * Online checkout by purchase order (issue 13; core §2 operation/onlineCheckout, §8 190312, 190313,
 * 190320-190323, §9 minimum purchase 12, at most 999,999.99 USD a transaction). A customer orders
 * licences from the company upstream of it (its distributor or re-seller; the platform when it has
 * none) at the price that partner set for it; the seller approves or rejects the order, and approval
 * posts the ledger rows (docs/decisions.md "Checkout"). Card payment needs a card provider, and none
 * ships enabled: the offer says so (`cardPayment`).
 */

/** Purchase order states: placed and waiting, posted, refused by the seller, withdrawn by the buyer. */
export const ORDER_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABELS: Labels<OrderState> = {
  pending: { en: 'Pending', cn: '待处理' },
  approved: { en: 'Approved', cn: '已批准' },
  rejected: { en: 'Rejected', cn: '已拒绝' },
  cancelled: { en: 'Withdrawn', cn: '已撤回' },
};

/** What a customer can order of one product, on its partner's terms. */
export const OfferedProductSchema = z.object({
  product: z.enum(LICENCE_PRODUCTS),
  /** USD per licence set by the seller for this customer; null: the seller prices it on approval. */
  unitPrice: z.number().nullable(),
  /** Fewest licences of one order: MIN_PURCHASE (12) unless the seller asks more of this customer. */
  minimumPurchase: z.number().int(),
});
export type OfferedProduct = z.infer<typeof OfferedProductSchema>;

export const CheckoutOfferSchema = z.object({
  /** The company the order goes to; null: the platform itself (the company has no partner upstream). */
  seller: z.object({ companyId: z.number().int(), name: z.string() }).nullable(),
  /** The seller forbade this customer online purchase (190313): the page shows why and stays read-only. */
  onlinePurchaseForbidden: z.boolean(),
  /** A card provider is configured: false here, so the order is paid by purchase order (190325). */
  cardPayment: z.boolean(),
  maxTransactionUsd: z.literal(MAX_TRANSACTION_USD),
  products: z.array(OfferedProductSchema),
});
export type CheckoutOffer = z.infer<typeof CheckoutOfferSchema>;

export const checkoutOfferCall = defineCall({
  id: 'checkout.offer',
  method: 'POST',
  path: '/gm/checkout/getCheckoutOffer',
  input: z.strictObject({}),
  output: CheckoutOfferSchema,
  permission: 'checkout.view',
  summary: "What the company can order and from whom: its partner's prices and minimum purchase per product",
});

/** One purchase order, as its buyer and its seller see it. Money in USD, times in Unix ms. */
export const PurchaseOrderSchema = z.object({
  id: z.number().int(),
  /** What people quote: "PO00000042". */
  orderNo: z.string(),
  state: z.enum(ORDER_STATES),
  buyer: z.object({ companyId: z.number().int(), name: z.string() }),
  /** null: the platform. */
  seller: z.object({ companyId: z.number().int(), name: z.string() }).nullable(),
  product: z.enum(LICENCE_PRODUCTS),
  quantity: z.number().int(),
  unitPrice: z.number().nullable(),
  total: z.number().nullable(),
  note: z.string().nullable(),
  placedBy: z.string().nullable(),
  placedAt: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  rejectReason: z.string().nullable(),
  /** The ledger transaction an approval posted (billing history). */
  transactionNo: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof PurchaseOrderSchema>;

export const placeOrderCall = defineCall({
  id: 'checkout.placeOrder',
  method: 'POST',
  path: '/gm/checkout/placePurchaseOrder',
  input: z.strictObject({
    product: z.enum(LICENCE_PRODUCTS),
    // Counted by the service, so fewer than the minimum answers 190312 with it, not code 1.
    quantity: z.number().int().min(1).max(1_000_000),
    note: z.string().trim().max(200).optional(),
    /** One per submit: a retry after a time-out answers the first order, never a second one. */
    idempotencyKey: IdempotencyKeySchema,
  }),
  output: PurchaseOrderSchema,
  permission: 'checkout.create',
  mutates: true,
  summary: `Order licences from the company's partner (at least ${MIN_PURCHASE} or the partner's minimum, 190312; forbidden, 190313; at most ${MAX_TRANSACTION_USD} USD, 190320)`,
});

const OrderFilterFields = {
  state: z.enum(ORDER_STATES).optional(),
  product: z.enum(LICENCE_PRODUCTS).optional(),
  /** Part of the order number, e.g. "42" or "PO00000042". */
  orderNo: z.string().trim().min(1).max(16).optional(),
};

export const myOrdersCall = defineCall({
  id: 'checkout.myOrders',
  method: 'POST',
  path: '/gm/checkout/getMyPurchaseOrders',
  input: PageQuerySchema.extend(OrderFilterFields).strict(),
  output: pageSchema(PurchaseOrderSchema),
  permission: 'checkout.view',
  paged: true,
  summary: "The company's purchase orders, newest first",
});

const OrderIdSchema = z.number().int().positive();

export const cancelOrderCall = defineCall({
  id: 'checkout.cancelOrder',
  method: 'POST',
  path: '/gm/checkout/cancelPurchaseOrder',
  input: z.strictObject({ orderId: OrderIdSchema }),
  output: PurchaseOrderSchema,
  permission: 'checkout.create',
  mutates: true,
  summary: 'Withdraw a pending order (approved, 190322; rejected, 190323; not ours, 190321)',
});

export const customerOrdersCall = defineCall({
  id: 'checkout.customerOrders',
  method: 'POST',
  path: '/gm/checkout/getCustomerPurchaseOrders',
  input: PageQuerySchema.extend({
    ...OrderFilterFields,
    /** One customer's orders. */
    companyId: z.number().int().positive().optional(),
  }).strict(),
  output: pageSchema(PurchaseOrderSchema),
  permission: 'customers.view',
  paged: true,
  summary: "Orders the company's customers placed with it, pending first, then newest",
});

/** The purchase orders list's filter without paging: what an export covers. */
export const CustomerOrderExportFilterSchema = z.strictObject({
  ...OrderFilterFields,
  companyId: z.number().int().positive().optional(),
});
export type CustomerOrderExportFilter = z.output<typeof CustomerOrderExportFilterSchema>;

/** Columns a purchase orders export can hold, in the page's order. */
export const ORDER_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'orderNo', header: { en: 'Order', cn: '订单' } },
  { field: 'state', header: { en: 'State', cn: '状态' } },
  { field: 'buyer', header: { en: 'Customer', cn: '客户' } },
  { field: 'product', header: { en: 'Product', cn: '产品' } },
  { field: 'quantity', header: { en: 'Quantity', cn: '数量' } },
  { field: 'unitPrice', header: { en: 'Unit price (USD)', cn: '单价（美元）' } },
  { field: 'total', header: { en: 'Total (USD)', cn: '总价（美元）' } },
  { field: 'placedBy', header: { en: 'Placed by', cn: '下单人' } },
  { field: 'placedAt', header: { en: 'Placed', cn: '下单时间' } },
  { field: 'decidedAt', header: { en: 'Decided', cn: '处理时间' } },
  { field: 'note', header: { en: 'Note', cn: '备注' } },
  { field: 'rejectReason', header: { en: 'Reason', cn: '原因' } },
  { field: 'transactionNo', header: { en: 'Transaction', cn: '交易' } },
];

export const exportCustomerOrdersCall = defineCall({
  id: 'checkout.exportCustomerOrders',
  method: 'POST',
  path: exportPathOf(customerOrdersCall.path),
  input: exportRequestSchema(CustomerOrderExportFilterSchema, ORDER_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'customers.export',
  mutates: true,
  summary: `The customers' purchase orders to .xlsx in the background, in the list's order (up to ${EXPORT_MAX_RECORDS} orders)`,
});

const DecisionFields = {
  orderId: OrderIdSchema,
  /** USD per licence when the order has no price yet; an order priced at placing keeps its price. */
  unitPrice: AmountSchema.optional(),
};

export const approveOrderCall = defineCall({
  id: 'checkout.approveOrder',
  method: 'POST',
  path: '/gm/checkout/approvePurchaseOrder',
  input: z.strictObject(DecisionFields),
  output: PurchaseOrderSchema,
  permission: 'customers.edit',
  mutates: true,
  summary:
    "Approve a customer's order: its licences move from the company's pool to the customer's (190302 short; 190322 decided already)",
});

const RejectFields = {
  orderId: OrderIdSchema,
  reason: z.string().trim().min(1).max(200),
};

export const rejectOrderCall = defineCall({
  id: 'checkout.rejectOrder',
  method: 'POST',
  path: '/gm/checkout/rejectPurchaseOrder',
  input: z.strictObject(RejectFields),
  output: PurchaseOrderSchema,
  permission: 'customers.edit',
  mutates: true,
  summary: "Refuse a customer's pending order, saying why",
});

/** Orders of companies with no partner upstream, which the platform sells to (Super Admin). */
export const platformOrdersCall = defineCall({
  id: 'checkout.platformOrders',
  method: 'POST',
  path: '/gm/checkout/getPlatformPurchaseOrders',
  input: PageQuerySchema.extend(OrderFilterFields).strict(),
  output: pageSchema(PurchaseOrderSchema),
  permission: 'superAdmin',
  paged: true,
  summary: 'Orders placed with the platform (companies without a partner), pending first',
});

export const approvePlatformOrderCall = defineCall({
  id: 'checkout.approvePlatformOrder',
  method: 'POST',
  path: '/gm/checkout/approvePlatformPurchaseOrder',
  input: z.strictObject(DecisionFields),
  output: PurchaseOrderSchema,
  permission: 'superAdmin',
  mutates: true,
  summary:
    'The platform approves an order placed with it: a purchase row in the buyer’s pool (190322 decided)',
});

export const rejectPlatformOrderCall = defineCall({
  id: 'checkout.rejectPlatformOrder',
  method: 'POST',
  path: '/gm/checkout/rejectPlatformPurchaseOrder',
  input: z.strictObject(RejectFields),
  output: PurchaseOrderSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: 'The platform refuses an order placed with it',
});

/** A partner's terms for one customer (features §6: price and minimum purchase per licence type). */
export const CustomerTermsSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  onlinePurchaseForbidden: z.boolean(),
  prices: z.array(OfferedProductSchema),
});
export type CustomerTerms = z.infer<typeof CustomerTermsSchema>;

export const customerTermsCall = defineCall({
  id: 'checkout.customerTerms',
  method: 'POST',
  path: '/gm/checkout/getCustomerTerms',
  input: z.strictObject({ companyId: z.number().int().positive() }),
  output: CustomerTermsSchema,
  permission: 'customers.view',
  summary:
    'The prices, minimum purchases and online-purchase switch the company set for one customer (190306 not a customer)',
});

export const setCustomerTermsCall = defineCall({
  id: 'checkout.setCustomerTerms',
  method: 'POST',
  path: '/gm/checkout/setCustomerTerms',
  input: z.strictObject({
    companyId: z.number().int().positive(),
    onlinePurchaseForbidden: z.boolean(),
    /** The products listed here are priced; a product left out has no price (priced on approval). */
    prices: z
      .array(
        z.strictObject({
          product: z.enum(LICENCE_PRODUCTS),
          unitPrice: AmountSchema,
          // Counted by the service: below 12 answers 190312.
          minimumPurchase: z.number().int().min(1).max(1_000_000),
        }),
      )
      .max(LICENCE_PRODUCTS.length),
  }),
  output: CustomerTermsSchema,
  permission: 'customers.edit',
  mutates: true,
  summary: `Set one customer's prices and minimum purchases (at least ${MIN_PURCHASE}, 190312) and forbid or allow its online purchase`,
});

export const CHECKOUT_CALLS = [
  checkoutOfferCall,
  placeOrderCall,
  myOrdersCall,
  cancelOrderCall,
  customerOrdersCall,
  exportCustomerOrdersCall,
  approveOrderCall,
  rejectOrderCall,
  platformOrdersCall,
  approvePlatformOrderCall,
  rejectPlatformOrderCall,
  customerTermsCall,
  setCustomerTermsCall,
] as const;
