/**
 * Licences journey (issue 13, first slice), once per language: the Super Admin grants a company
 * Essential licences; its owner sees them on the licences page, gives the Essential level to two of
 * three imported routers through the assign dialog, sees the pool go down and the devices by level,
 * and finds the purchase and both consumptions in the billing history; the device list shows the
 * new level. Then auto-renew goes on for the company with a period of two licences: renewing both
 * routers would take four and the pool holds three, so the licence banner appears in the operation
 * console and in the device console, and is hidden for the session once dismissed. Last, the data
 * pool tab: empty at first, then two data packages the platform granted are added to it and listed as
 * valid items. The distributor, re-seller and checkout steps come with those consoles.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  type CompanyAccount,
  DATA_POOL_STATE_LABELS,
  getCompanyAccountCall,
  type Lang,
  LICENCE_LEVEL_LABELS,
  LICENCE_MOVEMENT_LABELS,
  LICENCE_PRODUCT_LABELS,
} from '@fleetport/contract';
import { dataPool as poolTexts } from '../packages/web/src/features/data-pool/data-pool.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { licences as licenceTexts } from '../packages/web/src/features/licences/licences.i18n.ts';
import { shell as shellTexts } from '../packages/web/src/features/shell/shell.i18n.ts';
import { importRouters, signUp } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, dialogSave, grantAsPlatform, platformPage } from './operation-steps.ts';

const GRANTED = 5;

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = licenceTexts[lang];
  describe(`licences journey (${lang})`, () => {
    const pages: JourneyPage[] = [];
    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('grants, assigns Essential to two routers and shows the pool, the levels and the billing', async () => {
      const owner = await newPage({ lang, width: 1440, height: 900 });
      pages.push(owner);
      const { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'licences');
      const base = `${lang === 'en' ? '81' : '82'}${String(Date.now()).slice(-8)}`;
      const sns = [1, 2, 3].map((i) => `${base}${String(i).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      const account = await callAs(page, getCompanyAccountCall, {}, lang);
      const companyId = (account.data as CompanyAccount).companyId;

      // The platform grants the company five Essential licences.
      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, { companyId, product: 'ESSENTIAL', quantity: GRANTED });

      // The owner's licences page shows them available.
      await page.goto(consoleUrl('operation/licenses'));
      const card = page.getByTestId('licence-card-ESSENTIAL');
      await card.getByText(LICENCE_PRODUCT_LABELS.ESSENTIAL[lang]).waitFor();
      await card.locator('.ant-statistic', { hasText: t.available }).getByText(String(GRANTED)).waitFor();

      // Two routers get the Essential level through the dialog.
      await page.getByTestId('licences-assign').click();
      const devicePicker = page.getByTestId('assign-devices');
      for (const sn of sns.slice(0, 2)) {
        await devicePicker.click();
        await page.keyboard.type(sn);
        await page.locator('.ant-select-item-option', { hasText: sn }).click();
      }
      await page.keyboard.press('Escape');
      await screenshot(page, `licences-${lang}-01-assign`);
      await dialogSave(page, 'assign-devices').click();
      await page.getByText(t.done_other.replace('{{count}}', '2')).waitFor();

      await card
        .locator('.ant-statistic', { hasText: t.available })
        .getByText(String(GRANTED - 2))
        .waitFor();
      await card.locator('.ant-statistic', { hasText: t.assigned }).getByText('2').waitFor();
      // The ring chart's title (what a screen reader says) counts the two Essentials devices.
      const essentials = `${LICENCE_LEVEL_LABELS.ESSENTIALS[lang]}: 2`;
      await page.getByRole('img', { name: essentials }).waitFor();
      await screenshot(page, `licences-${lang}-02-balances`);

      // Auto-renew on, two licences a renewal: the pool (3) cannot renew both routers (4), and the banner says so.
      const autoRenew = page.getByTestId('auto-renew-card');
      await autoRenew.getByTestId('auto-renew-enabled').click();
      await autoRenew.getByTestId('auto-renew-period').fill('2');
      await autoRenew.getByTestId('auto-renew-save').click();
      await page.getByText(t.autoRenew.saved).waitFor();
      const banner = page.getByTestId('licence-banner');
      await banner.waitFor();
      const bannerText = await banner.textContent();
      assert.ok(bannerText?.includes(LICENCE_PRODUCT_LABELS.ESSENTIAL[lang]), bannerText ?? '');
      assert.ok(
        bannerText?.startsWith(shellTexts[lang].licenceBanner.text_one.split('{{')[0]!),
        bannerText ?? '',
      );
      assert.equal(Math.round((await banner.boundingBox())?.height ?? 0), 25);
      await screenshot(page, `licences-${lang}-02b-banner`);

      // The billing history lists the purchase and one consumption per router.
      await page.goto(consoleUrl('operation/billing'));
      const table = page.getByTestId('billing-page');
      await table.getByText(LICENCE_MOVEMENT_LABELS.purchase[lang]).first().waitFor();
      for (const sn of sns.slice(0, 2)) await table.locator('tr', { hasText: sn }).first().waitFor();
      assert.equal(await table.locator('tr', { hasText: sns[2] as string }).count(), 0);
      await screenshot(page, `licences-${lang}-03-billing`);

      // The device list shows the level the ledger gave.
      await page.goto(consoleUrl('robustlink/devices/allDevices'));
      const row = page.locator('tr', { has: page.getByTestId(`device-link-${sns[0]}`) });
      await row.getByText(LICENCE_LEVEL_LABELS.ESSENTIALS[lang]).waitFor();
      // The device console shows the banner too; dismissed, it stays away for the session.
      await page.getByTestId('licence-banner').waitFor();
      await page.getByTestId('licence-banner-dismiss').click();
      await page.getByTestId('licence-banner').waitFor({ state: 'detached' });
      await page.goto(consoleUrl('operation/licenses'));
      await page.getByTestId('licence-card-ESSENTIAL').waitFor();
      assert.equal(await page.getByTestId('licence-banner').count(), 0);

      // The data pool tab: nothing yet; two granted packages go into it and show as valid items.
      const pool = poolTexts[lang];
      await grantAsPlatform(platform, lang, { companyId, product: 'DATA_PACKAGE', quantity: 2 });
      await page.getByTestId('data-pool-tab-label').click();
      await page.getByText(pool.empty).waitFor();
      await page.getByTestId('data-pool-add').first().click();
      await page.getByTestId('data-pool-quantity').fill('2');
      await dialogSave(page, 'data-pool-quantity').click();
      await page.getByText(pool.added_other.replace('{{count}}', '2')).waitFor();
      const items = page.getByTestId('data-pool-items-table');
      await items
        .locator('.ant-tag')
        .getByText(DATA_POOL_STATE_LABELS.valid[lang], { exact: true })
        .nth(1)
        .waitFor();
      await page.getByTestId('data-pool-total').getByText('2.00 GB').waitFor();
      await screenshot(page, `licences-${lang}-04-data-pool`);
    });
  });
}
