/**
 * Support content (issue 18): the Super Admin publishes a resource on its page; a company's owner finds
 * it under Support in the same language and shares it; the link opens signed out on the public
 * seeShareFile page with the file to download, and once its maker removes it the page answers 14065
 * in the reader's language. English and Chinese.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ErrorCode, errorMessage, type Lang } from '@fleetport/contract';
import { support as supportTexts } from '../packages/web/src/features/support/support.i18n.ts';
import { signUp } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { platformPage } from './operation-steps.ts';

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = supportTexts[lang];
  describe(`support journey (${lang})`, () => {
    const pages: JourneyPage[] = [];
    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('publishes a resource, shares it, opens the link signed out, then the removed link answers 14065', async () => {
      const name = lang === 'en' ? `Quick start ${Date.now()}` : `快速入门${Date.now()}`;
      const fileName = `quick-start-${lang}.pdf`;

      const platform = await platformPage(lang, pages);
      await platform.goto(consoleUrl('superAdmin/resources'));
      await platform.getByTestId('manage-resources-add').click();
      await platform.getByTestId('resource-name').fill(name);
      await platform.getByTestId('resource-language').click();
      await platform
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: t.language[lang] })
        .click();
      const [chooser] = await Promise.all([
        platform.waitForEvent('filechooser'),
        platform.getByTestId('resource-upload').click(),
      ]);
      await chooser.setFiles({
        name: fileName,
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.7 guide'),
      });
      await platform.locator('.ant-modal').getByText(fileName).waitFor();
      await platform.getByTestId('resource-save').click();
      await platform.getByTestId('manage-resources').getByText(name).waitFor();

      const owner = await newPage({ lang });
      pages.push(owner);
      await signUp(owner.page, `${lang}${Date.now()}`, 'support');
      await owner.page.goto(consoleUrl('support/resource'));
      const row = owner.page.getByTestId('resources-page').locator('tr', { hasText: name });
      await row.waitFor();
      // By test id: Ant Design spaces a two-character Chinese label ("分 享").
      await row.locator('[data-testid^="resource-share-"]').click();
      await owner.page.getByTestId('share-create').click();
      const links = owner.page.getByTestId('share-links');
      await links.getByText(t.shareDialog.state.valid, { exact: true }).waitFor();
      const url = (await links.locator('a[href*="seeShareFile"]').first().getAttribute('href')) ?? '';
      assert.match(url, /seeShareFile\//);

      const stranger = await newPage({ lang });
      pages.push(stranger);
      await stranger.page.goto(url);
      await stranger.page.getByTestId('shared-title').getByText(name).waitFor();
      const href = await stranger.page.getByTestId('shared-file-download').getAttribute('href');
      const bytes = await (await fetch(new URL(href ?? '', url))).text();
      assert.equal(bytes, '%PDF-1.7 guide');
      await screenshot(stranger.page, `support-shared-${lang}`);

      await links.locator('button.ant-btn-dangerous').first().click();
      await owner.page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
      await links.getByText(t.shareDialog.state.removed, { exact: true }).waitFor();
      await stranger.page.reload();
      const refused = stranger.page.getByTestId('shared-file-error');
      await refused.getByText(errorMessage(ErrorCode.SHARE_LINK_EXPIRED, lang)).waitFor();
    });
  });
}
