/**
 * Foundation journey: the built console is served by the real server under /rcms/, speaks English
 * and Chinese, remembers the choice across reloads, and deep links survive a browser refresh.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { common } from '../packages/web/src/i18n/common.ts';
import { baseUrl, chooseLanguage, consolePath, consoleUrl, newPage, screenshot } from './harness.ts';

describe('foundation', () => {
  it('serves the console under /rcms/ and / redirects there', async () => {
    const { page, errors, close } = await newPage({ lang: 'en' });
    // Where the console then sends a visitor (start page, sign-in) is the router's business; the
    // server's part is that / lands in the console and the console renders.
    const response = await page.goto(`${baseUrl}/`);
    assert.equal(response?.status(), 200);
    assert.ok(new URL(page.url()).pathname.startsWith(consolePath), page.url());
    await page.locator('#root > *').first().waitFor();

    await page.goto(consoleUrl('index'));
    await page.getByText(common.en.tagline).waitFor();
    assert.equal(await page.title(), common.en.appName);
    await screenshot(page, 'foundation-01-start-en');
    assert.deepEqual(errors, []);
    await close();
  });

  it('switches to 中文, changes the visible texts, and keeps the language after a reload', async () => {
    const { page, errors, close } = await newPage({ lang: 'en' });
    await page.goto(consoleUrl('index'));
    await page.getByText(common.en.tagline).waitFor();

    await chooseLanguage(page, 'cn');
    await page.getByText(common.cn.tagline).waitFor();
    assert.equal(await page.getByText(common.en.tagline).count(), 0);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await screenshot(page, 'foundation-02-switched-cn');

    await page.reload();
    await page.getByText(common.cn.tagline).waitFor();
    assert.equal(await page.getByText(common.en.tagline).count(), 0);
    await screenshot(page, 'foundation-03-reloaded-cn');

    // And back: the choice is the user's, not a one-way switch.
    await chooseLanguage(page, 'en');
    await page.getByText(common.en.tagline).waitFor();
    assert.deepEqual(errors, []);
    await close();
  });

  it('renders a deep link refreshed in the browser instead of a server 404', async () => {
    const { page, errors, close } = await newPage({ lang: 'cn' });
    const first = await page.goto(consoleUrl('index'));
    assert.equal(first?.status(), 200);
    await page.getByText(common.cn.tagline).waitFor();
    const again = await page.reload();
    assert.equal(again?.status(), 200);
    await page.getByText(common.cn.tagline).waitFor();

    // A route the console does not know: the server still answers with the console, whose own
    // not-found page (in the user's language) offers the way back.
    const deep = await page.goto(consoleUrl('some/deep/path?tab=1'));
    assert.equal(deep?.status(), 200);
    await page.getByText(common.cn.notFound).waitFor();
    await screenshot(page, 'foundation-04-deep-link-cn');
    await page.reload();
    await page.getByText(common.cn.notFound).waitFor();
    await page.getByText(common.cn.backHome).click();
    await page.getByText(common.cn.tagline).waitFor();
    assert.equal(new URL(page.url()).pathname, `${consolePath}index`);
    assert.deepEqual(errors, []);
    await close();
  });
});
