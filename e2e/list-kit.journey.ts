/**
 * List kit journey (issue 10), once per language: a new company imports a few routers, filters the
 * device list, reloads and finds the same filter, rows and sort; the sort column is marked, the
 * default "last seen" included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Lang } from '@fleetport/contract';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { widgets } from '../packages/web/src/i18n/widgets.ts';
import { importRouters, signUp } from './device-steps.ts';
import { newPage, screenshot } from './harness.ts';

const ROUTERS = 3;

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = deviceTexts[lang];
  const w = widgets[lang];
  describe(`list kit journey (${lang})`, () => {
    it('filters the device list, reloads and sees the same filter', async () => {
      const { page, errors, close } = await newPage({ lang, width: 1366, height: 800 });
      // The console renders slowly on a loaded two-core machine; the steps wait for what they need.
      page.setDefaultTimeout(60_000);
      await signUp(page, `${lang}${Date.now()}`, 'listkit');
      const base = `${lang === 'en' ? '75' : '76'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: ROUTERS }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, t.import.commit_other);
      const [first, second] = [sns[0]!, sns[1]!];
      const rows = page.locator('[data-testid="devices-table"] a[data-testid^="device-link-"]');
      await page.getByTestId(`device-link-${second}`).waitFor();
      assert.equal(await rows.count(), ROUTERS);
      const total = page.getByTestId('list-total');
      assert.equal(await total.textContent(), w.list.total.replace('{{total}}', String(ROUTERS)));

      // The default order is marked on its column: last seen, newest first.
      const lastSeen = page.locator('th[aria-sort="descending"]', { hasText: t.field.lastSeenAt });
      await lastSeen.waitFor();

      // Filter: one SN and "offline" (none has connected).
      const search = page.getByTestId('device-search').locator('input');
      await search.fill(second);
      await search.press('Enter');
      await page.getByTestId(`device-link-${first}`).waitFor({ state: 'detached' });
      await page.getByTestId('filter-online').click();
      await page.locator('.ant-select-item-option', { hasText: t.state.offline }).click();
      await page.waitForURL((url) => url.searchParams.get('online') === 'offline');
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('search'), second);
      assert.equal(await rows.count(), 1);
      await screenshot(page, `list-kit-${lang}-01-filtered`);

      // A reload shows the same filter, in the controls and in the rows.
      await page.reload();
      await page.getByTestId(`device-link-${second}`).waitFor();
      assert.equal(await rows.count(), 1);
      assert.equal(await search.inputValue(), second);
      await page.getByTestId('filter-online').getByText(t.state.offline, { exact: true }).waitFor();
      assert.equal(await total.textContent(), w.list.total.replace('{{total}}', '1'));
      await screenshot(page, `list-kit-${lang}-02-after-reload`);

      // Sorted by SN, cleared back to every router: the address keeps the sort through a reload.
      await page.locator('th', { hasText: t.field.sn }).first().click();
      await page.waitForURL((u) => u.searchParams.get('sortField') === 'sn');
      await search.fill('');
      await search.press('Enter');
      await page.getByTestId('filter-online').hover();
      await page.getByTestId('filter-online').locator('.ant-select-clear').click();
      await page.getByTestId(`device-link-${first}`).waitFor();
      await page.reload();
      await page.locator('th[aria-sort="ascending"]', { hasText: t.field.sn }).waitFor();
      await page.getByTestId(`device-link-${first}`).waitFor();
      assert.deepEqual(await rows.allTextContents(), [...sns].sort());
      await screenshot(page, `list-kit-${lang}-03-sorted`);

      assert.deepEqual(errors, []);
      await close();
    });
  });
}
