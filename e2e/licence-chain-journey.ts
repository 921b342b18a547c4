/**
 * The licence chain (issue 13's "Done when"), in one language per journey file, on a server whose clock
 * the journey moves (testMode.advanceClock; `*.clock.journey.ts` run after every other journey):
 *
 * the Super Admin grants a distributor Essential licences; the distributor adds a re-seller and an end
 * customer in its console, prices Essential for the customer and assigns it 40 licences; the customer's
 * owner accepts the mailed invitation, switches on 20 simulated routers and gives all of them Essential
 * from the device list (19 renewing automatically, one not): packet capture, refused on Basic with the
 * upgrade dialog, now runs. 28 days later the 19 have renewed; three days after that the twentieth
 * licence has ended: that router is Basic again and capture is refused, the licence banner tells the
 * customer the pool cannot cover the next renewals, and the distributor's alert e-mail reaches the test
 * mail server. The customer then orders 24 licences by purchase order; the distributor approves it, and
 * the balance and the billing history show the purchase while the banner goes away.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  advanceTestClockCall,
  COMPANY_TYPE,
  COMPANY_TYPE_LABELS,
  type CompanyAccount,
  ErrorCode,
  errorMessage,
  getCompanyAccountCall,
  type Lang,
  LICENCE_LEVEL_LABELS,
  LICENCE_MOVEMENT_LABELS,
  LICENCE_PRODUCT_LABELS,
  ORDER_STATE_LABELS,
  saveAlertEmailCall,
  updateCompanyAccountCall,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import { checkout as checkoutTexts } from '../packages/web/src/features/checkout/checkout.i18n.ts';
import { customers as customerTexts } from '../packages/web/src/features/customers/customers.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { licences as licenceTexts } from '../packages/web/src/features/licences/licences.i18n.ts';
import { request as requestTexts } from '../packages/web/src/i18n/request.ts';
import { bulk, importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import {
  consoleUrl,
  followServerClock,
  type JourneyPage,
  newPage,
  screenshot,
  waitForMail,
} from './harness.ts';
import {
  callAs,
  choose,
  dialogSave,
  dismissInstructions,
  grantAsPlatform,
  platformPage,
  signIn,
} from './operation-steps.ts';
import { acceptInvitation, PASSWORD } from './partner-steps.ts';

const DAY_MS = 86_400_000;
const FLEET = 20;
/** How long the jobs due after a move of the clock may take to reach this journey's company. */
const JOBS_AFTER_A_MONTH_MS = 180_000;
const running: SimulatedDevice[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

/** Moves the server's clock `days` forward as the Super Admin, and the pages opened after it with it. */
async function letDaysPass(lang: Lang, pages: JourneyPage[], days: number): Promise<void> {
  const platform = await platformPage(lang, pages);
  const moved = await callAs(platform, advanceTestClockCall, { ms: days * DAY_MS }, lang);
  assert.equal(moved.code, 0, moved.msg);
  await followServerClock();
}

/** A new page (its clock at the server's time) signed in as `account`: sessions end when a month passes. */
async function signedIn(lang: Lang, pages: JourneyPage[], account: string) {
  const opened = await newPage({ lang, width: 1440, height: 900 });
  pages.push(opened);
  await signIn(opened.page, account, PASSWORD);
  await dismissInstructions(opened.page);
  return opened.page;
}

/** The journey in one language: licence-chain.clock.journey.ts (en) and licence-chain-cn.clock.journey.ts. */
export function licenceChainJourney(lang: Lang): void {
  const t = licenceTexts[lang];
  const c = customerTexts[lang];
  const k = checkoutTexts[lang];
  const d = deviceTexts[lang];
  const essential = LICENCE_PRODUCT_LABELS.ESSENTIAL[lang];
  describe(`licence chain journey (${lang})`, () => {
    const pages: JourneyPage[] = [];
    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('grants, sells down the chain, runs Essential on 20 routers, lets one lapse and buys by purchase order', async () => {
      // The other language's journey may have moved the server's clock already.
      await followServerClock();
      const stamp = `${lang}${Date.now()}`;

      // The distributor: a company made a distributor, granted 70 Essential by the platform.
      const seller = await newPage({ lang, width: 1440, height: 900 });
      pages.push(seller);
      let dist = seller.page;
      const distributorAccount = await signUp(dist, stamp, 'chain');
      const typed = await callAs(dist, updateCompanyAccountCall, { type: COMPANY_TYPE.distributor }, lang);
      assert.equal(typed.code, 0, typed.msg);
      const distributor = (await callAs(dist, getCompanyAccountCall, {}, lang)).data as CompanyAccount;
      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, {
        companyId: distributor.companyId,
        product: 'ESSENTIAL',
        quantity: 70,
      });
      // Its insufficient-licence e-mail goes to its support desk.
      const supportEmail = `support.${stamp}@example.com`;
      const alert = await callAs(
        dist,
        saveAlertEmailCall,
        {
          type: 'licencesInsufficient',
          subject: `Licences short ${stamp}`,
          senderName: 'Harbour Support',
          supportEmail,
          bannerFileId: null,
          enabled: true,
        },
        lang,
      );
      assert.equal(alert.code, 0, alert.msg);

      // A re-seller and an end customer, added in the distributor console.
      await dist.goto(consoleUrl('distributorconsole/myCustomers'));
      await dist.getByText(c.empty).waitFor();
      const endCustomer = `Quay ${stamp}`;
      const ownerEmail = `owner.${stamp}@example.com`;
      const invited = Date.now();
      for (const [name, type, email] of [
        [`Resale ${stamp}`, COMPANY_TYPE.reseller, `resale.${stamp}@example.com`],
        [endCustomer, COMPANY_TYPE.endCustomer, ownerEmail],
      ] as const) {
        await dist.getByTestId('customers-add').click();
        await dist.getByTestId('customer-name').fill(name);
        await choose(dist, dist.getByTestId('customer-type'), COMPANY_TYPE_LABELS[type][lang]);
        await dist.getByTestId('customer-owner-email').fill(email);
        await dialogSave(dist, 'customer-name').click();
        await dist.getByText(c.added.replace('{{name}}', name).replace('{{email}}', email)).waitFor();
      }
      const table = dist.getByTestId('customers-table');
      await table.getByRole('link', { name: endCustomer }).waitFor();
      await dist.getByTestId('customer-name').waitFor({ state: 'hidden' });
      await screenshot(dist, `chain-${lang}-01-customers`);

      // Essential for the customer: 11.25 USD, at least 12; then 40 licences assigned to it.
      const customerId = Number(
        (await table.getByRole('link', { name: endCustomer }).getAttribute('data-testid'))?.split('-')[1],
      );
      await dist.getByTestId(`customer-prices-${customerId}`).click();
      await dist.getByTestId('customer-prices-page').waitFor();
      await dist.getByTestId('price-priced-ESSENTIAL').check();
      await dist.getByTestId('price-unit-ESSENTIAL').fill('11.25');
      await dist.getByTestId('price-minimum-ESSENTIAL').fill('12');
      await dist.getByTestId('prices-save').click();
      await dist.getByText(k.prices.saved).waitFor();
      await dist.goto(consoleUrl(`distributorconsole/myCustomers/${customerId}?tab=licences`));
      await dist.getByTestId('customer-assign').click();
      await dist.getByTestId('move-quantity').fill('40');
      await dialogSave(dist, 'move-quantity').click();
      const held = dist.getByTestId('customer-licences').locator('tr', { hasText: essential });
      await held.locator('td').nth(1).getByText('40', { exact: true }).waitFor();

      // The customer's owner accepts the invitation and switches on 20 routers.
      const buyer = await newPage({ lang, width: 1440, height: 900 });
      pages.push(buyer);
      let cust = buyer.page;
      await acceptInvitation(cust, ownerEmail, invited);
      const base = `${lang === 'en' ? '91' : '92'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      const [first, lapsing] = [sns[0]!, sns[FLEET - 1]!];
      await importRouters(cust, sns, d.import.commit_other);
      running.push(...(await switchOnRouters(sns, { telemetryPeriodMs: 5_000 })));

      // Packet capture needs Essential: on Basic the upgrade dialog says so.
      const capture = async (sn: string) => {
        await cust.goto(consoleUrl(`robustlink/device/deviceDetails/${sn}?tab=actions`));
        await cust.locator('[data-testid="device-online"][data-online="true"]').waitFor({ timeout: 30_000 });
        await cust.getByTestId('run-capture').click();
      };
      const upgradeAsked = async () => {
        await cust.getByText(errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, lang)).waitFor();
        // antd's confirmation carries a hidden title for screen readers beside the one shown.
        const title = cust.locator('.ant-modal-confirm-title', { hasText: requestTexts[lang].upgradeTitle });
        await title.waitFor();
        await cust.keyboard.press('Escape');
        await title.waitFor({ state: 'hidden' });
      };
      await capture(first);
      await upgradeAsked();

      // From the device list: 19 routers with Essential renewing automatically, the last without.
      await cust.goto(consoleUrl('robustlink/devices/allDevices'));
      const row = (sn: string) => cust.locator('tr', { has: cust.getByTestId(`device-link-${sn}`) });
      await row(lapsing).waitFor();
      const assignSelected = async (autoRenew: string, count: number) => {
        await bulk(cust, d.bulk.licence.replace('{{max}}', '100'));
        await choose(cust, cust.getByTestId('assign-auto-renew'), autoRenew);
        await dialogSave(cust, 'assign-devices').click();
        const done = count === 1 ? t.done_one : t.done_other;
        await cust.getByText(done.replace('{{count}}', String(count))).waitFor();
      };
      await cust.locator('.ant-table-thead .ant-checkbox-input').check();
      await row(lapsing).locator('.ant-checkbox-input').uncheck();
      await assignSelected(t.autoRenew.on, FLEET - 1);
      // The selection stays after an action: cleared, then the last router alone.
      await cust.getByTestId('list-selection').getByRole('button').click();
      await row(lapsing).locator('.ant-checkbox-input').check();
      await assignSelected(t.autoRenew.off, 1);
      const essentials = LICENCE_LEVEL_LABELS.ESSENTIALS[lang];
      for (const sn of [first, lapsing]) await row(sn).getByText(essentials).waitFor();
      await screenshot(cust, `chain-${lang}-02-essential`);
      await capture(first);
      await cust.locator('[data-testid="result-capture"][data-state="success"]').waitFor({ timeout: 30_000 });

      // 28 days on, the 19 have renewed three days before their end: one licence each from the pool.
      // Every schedule is due at once after the move; the renewal runs on one of the next polls, given up
      // to JOBS_AFTER_A_MONTH_MS on a loaded machine.
      await letDaysPass(lang, pages, 28);
      cust = await signedIn(lang, pages, ownerEmail);
      const available = (page: typeof cust) =>
        page.getByTestId('licence-card-ESSENTIAL').locator('.ant-statistic', { hasText: t.available });
      await cust.goto(consoleUrl('operation/licenses'));
      await waitFor(
        async () => {
          await cust.reload();
          // The balance as the page shows it once loaded: read before it arrives, it is not there yet.
          const value = available(cust).locator('.ant-statistic-content-value');
          await value.waitFor();
          return (await value.textContent())?.trim() === '1';
        },
        'the 19 renewals drawn from the pool (20 unused, then 1)',
        JOBS_AFTER_A_MONTH_MS,
      );

      // Three days more: the twentieth licence has ended. That router is Basic and capture is refused.
      await letDaysPass(lang, pages, 3);
      cust = await signedIn(lang, pages, ownerEmail);
      await cust.goto(consoleUrl('robustlink/devices/allDevices'));
      await waitFor(
        async () => {
          await cust.reload();
          await row(first).waitFor();
          return (await row(lapsing).getByText(LICENCE_LEVEL_LABELS.BASE[lang]).count()) === 1;
        },
        'the lapsed router back on Basic',
        JOBS_AFTER_A_MONTH_MS,
      );
      await row(first).getByText(essentials).waitFor();
      // The pool (1) cannot cover the 19 renewals due within the next 30 days: the banner says so.
      const banner = cust.getByTestId('licence-banner');
      await banner.waitFor();
      assert.ok((await banner.textContent())?.includes(essential));
      await screenshot(cust, `chain-${lang}-03-lapsed-banner`);
      await capture(lapsing);
      await upgradeAsked();

      // The distributor's support desk has the alert e-mail from the test mail server.
      const mail = await waitForMail({ to: supportEmail, timeoutMs: JOBS_AFTER_A_MONTH_MS });
      assert.equal(mail.subject, `Licences short ${stamp}`);
      assert.ok(mail.text.includes(endCustomer), mail.text);

      // The customer orders 24 by purchase order; the distributor approves it.
      await cust.goto(consoleUrl('operation/onlineCheckout'));
      await cust.getByTestId('checkout-seller').getByText(distributor.name).waitFor();
      await cust.getByTestId('checkout-quantity').fill('24');
      await cust
        .getByTestId('checkout-total')
        .getByText(k.totalValue.replace('{{total}}', '270.00'))
        .waitFor();
      await cust.getByTestId('checkout-place').click();
      await cust.getByTestId('checkout-confirm').click();
      const placed = new RegExp(k.placed.replace('{{orderNo}}', '(PO\\d{8})').replace('.', '\\.'));
      const orderNo = placed.exec((await cust.getByText(placed).textContent()) ?? '')?.[1];
      assert.ok(orderNo, 'the message names the order');
      dist = await signedIn(lang, pages, distributorAccount);
      await dist.goto(consoleUrl('distributorconsole/myCustomers/orders'));
      const orders = dist.getByTestId('purchase-orders-table');
      await orders.locator('tr', { hasText: orderNo }).getByText(ORDER_STATE_LABELS.pending[lang]).waitFor();
      await dist.getByTestId(`order-approve-${orderNo}`).click();
      await dialogSave(dist, 'approve-summary').click();
      await orders.locator('tr', { hasText: orderNo }).getByText(ORDER_STATE_LABELS.approved[lang]).waitFor();

      // The balance holds the 24 (1 + 24), the billing history the purchase, and the banner is gone.
      await cust.goto(consoleUrl('operation/licenses'));
      await available(cust).getByText('25', { exact: true }).waitFor();
      await cust.getByTestId('licence-banner').waitFor({ state: 'detached' });
      await cust.goto(consoleUrl('operation/billing'));
      const bought = cust
        .getByTestId('billing-page')
        .locator('tr', { hasText: LICENCE_MOVEMENT_LABELS.purchase[lang] })
        .filter({ hasText: distributor.name })
        .first();
      await bought.getByText('11.25').waitFor();
      await bought.getByText('270.00').waitFor();
      await screenshot(cust, `chain-${lang}-04-billing`);
    });
  });
}
