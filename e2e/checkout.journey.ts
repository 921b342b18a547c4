/**
 * Checkout journey (issue 13), once per language: a company without a partner orders Essential
 * licences from the platform on the online checkout page (the minimum checked before sending, a
 * confirmation, the order listed as pending); the platform approves it at a price; the owner sees the
 * order approved, the licences in the pool and the purchase in the billing history. The partner path
 * (a distributor's price, its approval in the distributor console) is a step of the licence chain
 * journey (licence-chain.clock.journey.ts).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  approvePlatformOrderCall,
  type Lang,
  LICENCE_MOVEMENT_LABELS,
  LICENCE_PRODUCT_LABELS,
  ORDER_STATE_LABELS,
  type PurchaseOrder,
  platformOrdersCall,
} from '@fleetport/contract';
import { checkout as checkoutTexts } from '../packages/web/src/features/checkout/checkout.i18n.ts';
import { licences as licenceTexts } from '../packages/web/src/features/licences/licences.i18n.ts';
import { signUp } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, platformPage } from './operation-steps.ts';

const ORDERED = 14;

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = checkoutTexts[lang];
  describe(`checkout journey (${lang})`, () => {
    const pages: JourneyPage[] = [];
    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('orders from the platform by purchase order, and the approved order fills the pool and the billing', async () => {
      const owner = await newPage({ lang, width: 1440, height: 900 });
      pages.push(owner);
      const { page } = owner;
      await signUp(page, `${lang}${Date.now()}`, 'checkout');

      await page.goto(consoleUrl('operation/onlineCheckout'));
      await page.getByTestId('checkout-seller').getByText(t.sellerPlatform).waitFor();
      await page.getByTestId('checkout-seller').getByText(t.noCard).waitFor();

      // Fewer than 12 is refused on the page, before anything is sent.
      const quantity = page.getByTestId('checkout-quantity');
      await quantity.fill('11');
      await page.getByTestId('checkout-place').click();
      await page.getByText(t.quantityMinimum.replace('{{minimum}}', '12')).waitFor();
      await quantity.fill(String(ORDERED));
      await page.getByTestId('checkout-note').fill('PO-2026-118');
      await page.getByTestId('checkout-total').getByText(t.totalUnpriced).waitFor();
      await screenshot(page, `checkout-${lang}-01-order`);
      await page.getByTestId('checkout-place').click();
      await page.getByTestId('checkout-confirm').click();
      const placed = new RegExp(t.placed.replace('{{orderNo}}', '(PO\\d{8})').replace('.', '\\.'));
      await page.getByText(placed).waitFor();
      const orderNo = placed.exec((await page.getByText(placed).textContent()) ?? '')?.[1];
      assert.ok(orderNo, 'the message names the order');
      const mine = page.getByTestId('my-orders-table');
      const row = mine.locator('tr', { hasText: orderNo });
      await row.getByText(ORDER_STATE_LABELS.pending[lang]).waitFor();
      await row.getByText('PO-2026-118').waitFor();

      // The platform prices and approves it (its Super Admin console comes with a later issue).
      const platform = await platformPage(lang, pages);
      const listed = await callAs(platform, platformOrdersCall, { pageNum: 1, pageSize: 50, orderNo }, lang);
      const order = (listed.data as { list: PurchaseOrder[] }).list[0];
      assert.equal(order?.orderNo, orderNo);
      assert.equal(order?.quantity, ORDERED);
      const approved = await callAs(
        platform,
        approvePlatformOrderCall,
        { orderId: order.id, unitPrice: 8.5 },
        lang,
      );
      assert.equal(approved.code, 0, approved.msg);

      // The owner sees it approved at that price, the licences available and the purchase billed.
      await page.reload();
      await row.getByText(ORDER_STATE_LABELS.approved[lang]).waitFor();
      await row.getByText((ORDERED * 8.5).toFixed(2)).waitFor();
      await screenshot(page, `checkout-${lang}-02-approved`);
      await page.goto(consoleUrl('operation/licenses'));
      const card = page.getByTestId('licence-card-ESSENTIAL');
      await card.getByText(LICENCE_PRODUCT_LABELS.ESSENTIAL[lang]).waitFor();
      await card
        .locator('.ant-statistic', { hasText: licenceTexts[lang].available })
        .getByText(String(ORDERED))
        .waitFor();
      await page.goto(consoleUrl('operation/billing'));
      const billing = page.getByTestId('billing-page');
      const bought = billing.locator('tr', { hasText: LICENCE_MOVEMENT_LABELS.purchase[lang] }).first();
      await bought.getByText('8.50').waitFor();
      await bought.getByText(String(ORDERED), { exact: true }).waitFor();
    });
  });
}
