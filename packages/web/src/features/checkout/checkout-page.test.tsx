import { type CheckoutOffer, ErrorCode, type PurchaseOrder } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import {
  type RouteAnswers,
  refused,
  renderConsole,
  routeServer,
  shellAnswers,
} from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const OFFER: CheckoutOffer = {
  seller: { companyId: 7, name: 'Delta Distribution' },
  onlinePurchaseForbidden: false,
  cardPayment: false,
  maxTransactionUsd: 999_999.99,
  products: [
    { product: 'ESSENTIAL', unitPrice: 10.5, minimumPurchase: 24 },
    { product: 'ADVANCED', unitPrice: null, minimumPurchase: 12 },
  ],
};

function order(over: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    id: 42,
    orderNo: 'PO00000042',
    state: 'pending',
    buyer: { companyId: 3, name: 'Acme' },
    seller: { companyId: 7, name: 'Delta Distribution' },
    product: 'ESSENTIAL',
    quantity: 30,
    unitPrice: 10.5,
    total: 315,
    note: null,
    placedBy: 'Ann',
    placedAt: Date.UTC(2026, 10, 25, 8, 0),
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    transactionNo: null,
    ...over,
  };
}

function serve(extra: RouteAnswers, funCodes = ['checkout.view', 'checkout.create']) {
  return routeServer({
    ...shellAnswers(funCodes),
    '/gm/checkout/getCheckoutOffer': { data: OFFER },
    '/gm/checkout/getMyPurchaseOrders': { data: { list: [], total: 0 } },
    ...extra,
  });
}

async function typeQuantity(value: string) {
  const input =
    within(screen.getByTestId('checkout-quantity')).queryByRole('spinbutton') ??
    screen.getByTestId('checkout-quantity');
  await userEvent.clear(input);
  await userEvent.type(input, value);
  fireEvent.blur(input);
}

signedInEachTest();

describe('online checkout', () => {
  it(
    "orders at the partner's price and minimum, confirms the total, and lists the order",
    async () => {
      const placed: Array<Record<string, unknown>> = [];
      let orders: PurchaseOrder[] = [];
      serve({
        '/gm/checkout/placePurchaseOrder': (body) => {
          placed.push(body as never);
          orders = [order()];
          return { data: order() };
        },
        '/gm/checkout/getMyPurchaseOrders': () => ({ data: { list: orders, total: orders.length } }),
      });
      renderConsole('/operation/onlineCheckout');
      const seller = await screen.findByTestId('checkout-seller', {}, { timeout: 30_000 });
      expect(seller.textContent).toContain('You buy licences from Delta Distribution by purchase order');
      expect(seller.textContent).toContain('Card payment is not offered');
      expect(await screen.findByText('No purchase orders yet')).toBeTruthy();

      await typeQuantity('20');
      await userEvent.click(screen.getByTestId('checkout-place'));
      expect(await screen.findByText('At least 24 licences')).toBeTruthy();
      expect(placed).toHaveLength(0);

      await typeQuantity('30');
      await waitFor(() => expect(screen.getByTestId('checkout-total').textContent).toContain('315.00 USD'));
      await userEvent.click(screen.getByTestId('checkout-place'));
      expect(await screen.findByText(/30 × Essential from Delta Distribution\. 315\.00 USD/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('checkout-confirm'));
      await screen.findByText('Purchase order PO00000042 placed. It waits for approval.');
      expect(placed[0]).toMatchObject({ product: 'ESSENTIAL', quantity: 30 });
      expect(String(placed[0]!.idempotencyKey)).toMatch(/^[\w-]{8,64}$/);
      const table = await screen.findByTestId('my-orders-table');
      await within(table).findByText('PO00000042');
      expect(within(table).getByText('Pending')).toBeTruthy();
      expect(within(table).getByText('315.00')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'asks to refresh and retry after a time-out, and the retry sends the same key',
    async () => {
      const keys: string[] = [];
      let fail = true;
      serve({
        '/gm/checkout/placePurchaseOrder': (body) => {
          keys.push((body as { idempotencyKey: string }).idempotencyKey);
          if (fail) throw new TypeError('Failed to fetch');
          return { data: order() };
        },
      });
      renderConsole('/operation/onlineCheckout');
      await screen.findByTestId('checkout-seller', {}, { timeout: 30_000 });
      await typeQuantity('24');
      await userEvent.click(screen.getByTestId('checkout-place'));
      await userEvent.click(await screen.findByTestId('checkout-confirm'));
      const timedOut = await screen.findByTestId('checkout-timed-out');
      expect(timedOut.textContent).toContain('The purchase timed out. Refresh and retry');
      fail = false;
      await userEvent.click(within(timedOut).getByTestId('checkout-retry'));
      await screen.findByText('Purchase order PO00000042 placed. It waits for approval.');
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(screen.queryByTestId('checkout-timed-out')).toBeNull();
    },
    SLOW,
  );

  it(
    'says in Chinese that online purchase is forbidden and keeps the form read-only',
    async () => {
      await changeLanguage('cn');
      serve({ '/gm/checkout/getCheckoutOffer': { data: { ...OFFER, onlinePurchaseForbidden: true } } });
      renderConsole('/operation/onlineCheckout');
      const forbidden = await screen.findByTestId('checkout-forbidden', {}, { timeout: 30_000 });
      expect(forbidden.textContent).toContain('该用户已被禁止在线购买');
      expect(forbidden.textContent).toContain('请联系Delta Distribution开通');
      expect(screen.getByTestId('checkout-place').closest('button')!.disabled).toBe(true);
    },
    SLOW,
  );
});

describe("the partner's purchase orders", () => {
  it(
    'approves a pending order after confirming, pricing an unpriced one, and shows a short pool as refused',
    async () => {
      const approvals: Array<Record<string, unknown>> = [];
      let short = true;
      serve(
        {
          '/gm/checkout/getCustomerPurchaseOrders': {
            data: { list: [order({ unitPrice: null, total: null })], total: 1 },
          },
          '/gm/checkout/approvePurchaseOrder': (body) => {
            approvals.push(body as never);
            return short
              ? refused(ErrorCode.NOT_ENOUGH_LICENCES, { needed: 30, available: 4 })
              : { data: order({ state: 'approved', transactionNo: 'LT00000009' }) };
          },
        },
        ['customers.view', 'customers.edit'],
      );
      renderConsole('/distributorconsole/myCustomers/orders');
      const table = await screen.findByTestId('purchase-orders-table', {}, { timeout: 30_000 });
      await within(table).findByText('PO00000042');
      await userEvent.click(within(table).getByTestId('order-approve-PO00000042'));
      expect(
        await screen.findByText('30 × Essential move from your pool to Acme. This cannot be undone.'),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      expect(await screen.findByText('Enter a price')).toBeTruthy();
      expect(approvals).toHaveLength(0);
      const price = screen.getByTestId('approve-price');
      fireEvent.change(within(price).queryByRole('spinbutton') ?? price, { target: { value: '9.75' } });
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await screen.findByText('Not enough licences', { exact: false });
      short = false;
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await screen.findByText('Purchase order PO00000042 approved: LT00000009.');
      expect(approvals).toEqual([
        { orderId: 42, unitPrice: 9.75 },
        { orderId: 42, unitPrice: 9.75 },
      ]);
    },
    SLOW,
  );

  it(
    'needs a reason to reject, and hides the decisions from a role that may only look',
    async () => {
      const rejections: unknown[] = [];
      serve(
        {
          '/gm/checkout/getCustomerPurchaseOrders': { data: { list: [order()], total: 1 } },
          '/gm/checkout/rejectPurchaseOrder': (body) => {
            rejections.push(body);
            return { data: order({ state: 'rejected', rejectReason: 'No PO' }) };
          },
        },
        ['customers.view', 'customers.edit'],
      );
      const view = renderConsole('/resellerconsole/myCustomers/orders');
      const table = await screen.findByTestId('purchase-orders-table', {}, { timeout: 30_000 });
      await userEvent.click(await within(table).findByTestId('order-reject-PO00000042'));
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      expect(await screen.findByText('Say why the order is rejected')).toBeTruthy();
      fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'No PO' } });
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await screen.findByText('Purchase order PO00000042 rejected.');
      expect(rejections).toEqual([{ orderId: 42, reason: 'No PO' }]);
      view.unmount();

      serve({ '/gm/checkout/getCustomerPurchaseOrders': { data: { list: [order()], total: 1 } } }, [
        'customers.view',
      ]);
      renderConsole('/distributorconsole/myCustomers/orders');
      const readOnly = await screen.findByTestId('purchase-orders-table', {}, { timeout: 30_000 });
      await within(readOnly).findByText('PO00000042');
      expect(within(readOnly).queryByTestId('order-approve-PO00000042')).toBeNull();
    },
    SLOW,
  );
});
