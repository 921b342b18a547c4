/**
 * Customers journey (issue 13), once per language: a company becomes a distributor and the Super Admin
 * grants it Essential licences; in the distributor console it adds a re-seller and an end customer
 * through the add dialog, opens the end customer's page, assigns it licences and takes one back after
 * confirming, and sees the balance on the page and on the customer's row of the list. The Super Admin
 * also limits the distributor; the distributor limits the end customer within that on its "Limits" tab,
 * and sees its own limits on its licences page.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  COMPANY_TYPE,
  COMPANY_TYPE_LABELS,
  type CompanyAccount,
  getCompanyAccountCall,
  type Lang,
  LICENCE_PRODUCT_LABELS,
  setCustomerQuotaCall,
  updateCompanyAccountCall,
} from '@fleetport/contract';
import { customers as customerTexts } from '../packages/web/src/features/customers/customers.i18n.ts';
import { quotas as quotaTexts } from '../packages/web/src/features/quotas/quotas.i18n.ts';
import { signUp } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, dialogSave, grantAsPlatform, platformPage } from './operation-steps.ts';

const GRANTED = 10;

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = customerTexts[lang];
  const essential = LICENCE_PRODUCT_LABELS.ESSENTIAL[lang];
  describe(`customers journey (${lang})`, () => {
    const pages: JourneyPage[] = [];
    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('adds a re-seller and an end customer, assigns licences and sees them on the customer', async () => {
      const distributor = await newPage({ lang, width: 1440, height: 900 });
      pages.push(distributor);
      const { page } = distributor;
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'customers');
      // A new company is an end customer; with no partners yet its type can change (core §6).
      const typed = await callAs(page, updateCompanyAccountCall, { type: COMPANY_TYPE.distributor }, lang);
      assert.equal(typed.code, 0, typed.msg);
      const account = await callAs(page, getCompanyAccountCall, {}, lang);
      const companyId = (account.data as CompanyAccount).companyId;

      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, { companyId, product: 'ESSENTIAL', quantity: GRANTED });
      const limited = await callAs(
        platform,
        setCustomerQuotaCall,
        {
          companyId,
          devices: 50,
          apiCallsPerSecond: 20,
          licences: [{ product: 'ESSENTIAL', limit: 100, period: 'total' }],
        },
        lang,
      );
      assert.equal(limited.code, 0, limited.msg);

      // No customers yet: the list says so.
      await page.goto(consoleUrl('distributorconsole/myCustomers'));
      await page.getByText(t.empty).waitFor();

      // A re-seller and an end customer, each with its owner's invitation.
      const reseller = `Resale ${stamp}`;
      const endCustomer = `Quay ${stamp}`;
      for (const [name, type] of [
        [reseller, COMPANY_TYPE.reseller],
        [endCustomer, COMPANY_TYPE.endCustomer],
      ] as const) {
        await page.getByTestId('customers-add').click();
        await page.getByTestId('customer-name').fill(name);
        await page.getByTestId('customer-type').click();
        await page.locator('.ant-select-item-option', { hasText: COMPANY_TYPE_LABELS[type][lang] }).click();
        const email = `owner.${type}.${stamp}@example.com`;
        await page.getByTestId('customer-owner-email').fill(email);
        if (type === COMPANY_TYPE.reseller) await screenshot(page, `customers-${lang}-01-add`);
        await dialogSave(page, 'customer-name').click();
        await page.getByText(t.added.replace('{{name}}', name).replace('{{email}}', email)).waitFor();
      }
      const table = page.getByTestId('customers-table');
      await table.locator('tr', { hasText: reseller }).getByText(COMPANY_TYPE_LABELS[2][lang]).waitFor();
      await table.locator('tr', { hasText: endCustomer }).getByText(COMPANY_TYPE_LABELS[0][lang]).waitFor();
      await screenshot(page, `customers-${lang}-02-list`);

      // The end customer's page: four licences assigned, one taken back after confirming.
      await table.getByRole('link', { name: endCustomer }).click();
      await page.getByTestId('customer-title').getByText(endCustomer).waitFor();
      await page.getByTestId('tab-licences').click();
      await page.getByTestId('customer-assign').click();
      await page.getByTestId('move-quantity').fill('4');
      await dialogSave(page, 'move-quantity').click();
      const licences = page.getByTestId('customer-licences');
      const essentialRow = licences.locator('tr', { hasText: essential });
      await essentialRow.locator('td').nth(1).getByText('4', { exact: true }).waitFor();
      await page.getByTestId('customer-reduce').click();
      await page.getByTestId('move-quantity').fill('1');
      await dialogSave(page, 'move-quantity').click();
      await page.getByTestId('reduce-confirm').click();
      await essentialRow.locator('td').nth(1).getByText('3', { exact: true }).waitFor();
      await screenshot(page, `customers-${lang}-03-licences`);

      // Back on the list, the customer's row carries the balance (unused / on devices).
      await page.getByRole('link', { name: t.back }).click();
      await table.locator('tr', { hasText: endCustomer }).getByText(`${essential} 3 / 0`).waitFor();

      // Its limits, within the distributor's own: a new licence row starts on the distributor's product.
      await table.getByRole('link', { name: endCustomer }).click();
      await page.getByTestId('tab-limits').click();
      await page.getByTestId('quota-devices').fill('5');
      await page.getByTestId('quota-api').fill('10');
      await page.getByTestId('quota-add-licence').click();
      await page.getByTestId('quota-licence-limit').fill('20');
      await page.getByTestId('quota-save').click();
      await page.getByText(quotaTexts[lang].saved.replace('{{name}}', endCustomer)).waitFor();
      await screenshot(page, `customers-${lang}-04-limits`);

      // The distributor's own limits, set by the platform, with the licences it drew.
      await page.goto(consoleUrl('operation/licenses'));
      const mine = page.getByTestId('my-limits');
      await mine.getByText(quotaTexts[lang].setByPlatform).waitFor();
      await screenshot(page, `customers-${lang}-05-my-limits`);
    });
  });
}
