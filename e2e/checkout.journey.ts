/**
 * Checkout journey (issue 13), once per language: a company without a partner orders Essential
 * licences from the platform on the online checkout page (the minimum checked before sending, a
 * confirmation, the order listed as pending); the platform approves it at a price; the owner sees the
 * order approved, the licences in the pool and the purchase in the billing history. Then the partner
 * path: a distributor prices Essential for its new end customer, the customer orders at that price
 * and minimum, the distributor approves it in its console, and the licences move from the
 * distributor's pool to the customer's; the approval earned the distributor a rebate (the platform's
 * rate, on its rebate page), and the distributor's logo and app name now brand the customer's console.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  approvePlatformOrderCall,
  COMPANY_TYPE,
  type CompanyAccount,
  getCompanyAccountCall,
  type Lang,
  LICENCE_MOVEMENT_LABELS,
  LICENCE_PRODUCT_LABELS,
  ORDER_STATE_LABELS,
  type PurchaseOrder,
  platformOrdersCall,
  setRebateRuleCall,
  updateCompanyAccountCall,
} from '@fleetport/contract';
import { branding as brandingTexts } from '../packages/web/src/features/branding/branding.i18n.ts';
import { checkout as checkoutTexts } from '../packages/web/src/features/checkout/checkout.i18n.ts';
import { licences as licenceTexts } from '../packages/web/src/features/licences/licences.i18n.ts';
import { signUp } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, dialogSave, grantAsPlatform, platformPage } from './operation-steps.ts';
import { addCustomerWithOwner, pngFile } from './partner-steps.ts';

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

    it("buys from its distributor at the distributor's price, and the distributor approves in its console", async () => {
      const stamp = `${lang}${Date.now()}`;
      const seller = await newPage({ lang, width: 1440, height: 900 });
      pages.push(seller);
      const d = seller.page;
      await signUp(d, stamp, 'seller');
      const typed = await callAs(d, updateCompanyAccountCall, { type: COMPANY_TYPE.distributor }, lang);
      assert.equal(typed.code, 0, typed.msg);
      const sellerAccount = (await callAs(d, getCompanyAccountCall, {}, lang)).data as CompanyAccount;
      const sellerName = sellerAccount.name;
      const sellerId = sellerAccount.companyId;
      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, { companyId: sellerId, product: 'ESSENTIAL', quantity: 40 });

      // The distributor adds an end customer; its owner accepts the mailed invitation.
      const buyer = await newPage({ lang, width: 1440, height: 900 });
      pages.push(buyer);
      const b = buyer.page;
      const buyerId = await addCustomerWithOwner(d, b, lang, {
        name: `Quay ${stamp}`,
        ownerEmail: `buyer.${stamp}@example.com`,
      });

      // The distributor prices Essential for that customer: 11.25 USD, at least 24.
      await d.goto(consoleUrl('distributorconsole/myCustomers'));
      await d.getByTestId(`customer-prices-${buyerId}`).click();
      await d.getByTestId('customer-prices-page').waitFor();
      await d.getByTestId('price-priced-ESSENTIAL').check();
      await d.getByTestId('price-unit-ESSENTIAL').fill('11.25');
      await d.getByTestId('price-minimum-ESSENTIAL').fill('24');
      await screenshot(d, `checkout-${lang}-03-prices`);
      await d.getByTestId('prices-save').click();
      await d.getByText(t.prices.saved).waitFor();

      // The customer orders at that price: 23 is refused on the page, 24 costs 270.00 USD.
      await b.goto(consoleUrl('operation/onlineCheckout'));
      await b
        .getByTestId('checkout-seller')
        .getByText(t.sellerPartner.replace('{{seller}}', sellerName))
        .waitFor();
      await b.getByTestId('checkout-quantity').fill('23');
      await b.getByTestId('checkout-place').click();
      await b.getByText(t.quantityMinimum.replace('{{minimum}}', '24')).waitFor();
      await b.getByTestId('checkout-quantity').fill('24');
      await b.getByTestId('checkout-total').getByText(t.totalValue.replace('{{total}}', '270.00')).waitFor();
      await b.getByTestId('checkout-place').click();
      await b.getByTestId('checkout-confirm').click();
      const placed = new RegExp(t.placed.replace('{{orderNo}}', '(PO\\d{8})').replace('.', '\\.'));
      await b.getByText(placed).waitFor();
      const orderNo = placed.exec((await b.getByText(placed).textContent()) ?? '')?.[1];
      assert.ok(orderNo, 'the message names the order');

      // The platform pays the distributor 10 % of its customers' Essential orders.
      const rule = await callAs(
        platform,
        setRebateRuleCall,
        { companyId: sellerId, rates: [{ product: 'ESSENTIAL', kind: 'percent', value: 10 }] },
        lang,
      );
      assert.equal(rule.code, 0, rule.msg);

      // The distributor approves it from its console.
      await d.goto(consoleUrl('distributorconsole/myCustomers'));
      await d.getByTestId('customers-orders').click();
      const orders = d.getByTestId('purchase-orders-table');
      await orders.locator('tr', { hasText: orderNo }).getByText(ORDER_STATE_LABELS.pending[lang]).waitFor();
      await screenshot(d, `checkout-${lang}-04-orders`);
      await d.getByTestId(`order-approve-${orderNo}`).click();
      await dialogSave(d, 'approve-summary').click();
      await orders.locator('tr', { hasText: orderNo }).getByText(ORDER_STATE_LABELS.approved[lang]).waitFor();

      // 24 licences moved: the customer holds them, the distributor 16 of its 40.
      await b.goto(consoleUrl('operation/licenses'));
      const available = (page: typeof b) =>
        page
          .getByTestId('licence-card-ESSENTIAL')
          .locator('.ant-statistic', { hasText: licenceTexts[lang].available });
      await available(b).getByText('24', { exact: true }).waitFor();
      await d.goto(consoleUrl('operation/licenses'));
      await available(d).getByText('16', { exact: true }).waitFor();
      await b.goto(consoleUrl('operation/billing'));
      const bought = b.getByTestId('billing-page').locator('tr', { hasText: sellerName }).first();
      await bought.getByText('11.25').waitFor();
      await bought.getByText('270.00').waitFor();
      await screenshot(b, `checkout-${lang}-05-billing`);

      // The approval earned the distributor its rebate: 10 % of 270.00, on its rebate page.
      await d.goto(consoleUrl('distributorconsole/rebateAmount'));
      const rebate = d.getByTestId('rebate-table').locator('tr', { hasText: `Quay ${stamp}` });
      await rebate.getByText('27.00').waitFor();
      await d.getByTestId('rebate-totals').getByText('27.00').waitFor();
      await screenshot(d, `checkout-${lang}-06-rebates`);

      // The distributor brands its customers' consoles; the customer sees its name and logo.
      await d.goto(consoleUrl('distributorconsole/branding'));
      await d.getByTestId('branding-app-name').fill('Quay Cloud');
      await d
        .locator('[data-testid=branding-page] input[type=file]')
        .setInputFiles(pngFile(135, 35, 'quay.png'));
      await d.getByTestId('branding-preview').getByAltText('quay.png').waitFor();
      await screenshot(d, `checkout-${lang}-07-branding`);
      await d.getByTestId('branding-save').click();
      await d.getByText(brandingTexts[lang].saved).waitFor();
      await b.goto(consoleUrl('operation/licenses'));
      await b.getByTestId('app-name').getByText('Quay Cloud').waitFor();
      await b.waitForFunction(() => document.title === 'Quay Cloud');
      const logo = b.getByTestId('header-logo');
      await logo.waitFor();
      assert.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 135));
      await screenshot(b, `checkout-${lang}-08-customer-branded`);
    });
  });
}
