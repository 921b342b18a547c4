/**
 * Sign-in journey (issue 3), once per language: register a company with a code that arrives by
 * mail, sign in, select the company, see the menus, open 11 tabs and get the max-tabs warning,
 * reload with the tabs kept, switch language, log out and land on /index.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APPS, type Lang } from '@fleetport/contract';
import type { Page } from 'playwright-core';
import { shell } from '../packages/web/src/features/shell/shell.i18n.ts';
import {
  acknowledgeInstructions,
  chooseLanguage,
  consolePath,
  consoleUrl,
  mailedCode,
  newPage,
  screenshot,
} from './harness.ts';

const deviceConsole = APPS.find((app) => app.appName === 'robustlink')!;
const otherLang = (lang: Lang): Lang => (lang === 'en' ? 'cn' : 'en');

async function tabPaths(page: Page): Promise<string[]> {
  return page
    .getByTestId('workspace-tab')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-path') ?? ''));
}

async function menuGroups(page: Page): Promise<string[]> {
  return page.getByTestId('menu-group').allInnerTexts();
}

for (const lang of ['en', 'cn'] as const) {
  describe(`sign-in journey (${lang})`, () => {
    it('registers, signs in, works with tabs, switches language and logs out', async () => {
      const { page, errors, close } = await newPage({ lang });
      const stamp = `${lang}${Date.now()}`;
      const email = `owner.${stamp}@example.com`;
      const password = 'Fleet!port-Secure9';
      const companyName = `Journey ${stamp}`;

      // Register from the start page.
      await page.goto(consoleUrl('index'));
      await page.getByTestId('landing-register').click();
      await page.waitForURL(`**${consolePath}register`);
      await page.getByTestId('register-company').fill(companyName);
      await page.getByTestId('register-account').fill(email);
      await page.getByTestId('register-user-name').fill('Journey Owner');
      await page.getByTestId('register-password').fill(password);
      await page.getByTestId('register-confirm-password').fill(password);
      const codeAsked = Date.now();
      await page.getByTestId('send-code').click();
      // The button counts down once the code is on its way.
      await page.getByTestId('send-code').and(page.locator('[disabled]')).waitFor();
      await page.getByTestId('register-code').fill(await mailedCode(email, codeAsked));
      await screenshot(page, `sign-in-${lang}-01-register`);
      await page.getByTestId('register-submit').click();
      await page.waitForURL(`**${consolePath}login`);

      // Sign in; a person with one company goes straight into it. The page draws without antd
      // (issue 12): its rules still answer in the page's language.
      await page.getByTestId('login-submit').click();
      await page.getByRole('alert').first().waitFor();
      await screenshot(page, `sign-in-${lang}-01b-login`);
      await page.getByTestId('login-account').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('shell').waitFor();
      // A new user gets the instructions one second after the shell opens.
      await acknowledgeInstructions(page);

      // Select the company from the company list.
      await page.goto(consoleUrl('selectCompany'));
      const row = page.getByTestId('company-row').filter({ hasText: companyName });
      await row.waitFor();
      await screenshot(page, `sign-in-${lang}-02-select-company`);
      await row.getByTestId('company-enter').click();
      await page.waitForURL(`**${consolePath}robustlink/dashboard`);

      // The menus of the device console render in the page's language, and the first page is a tab.
      await page.getByTestId('left-menu').waitFor();
      await page.locator('[data-testid="workspace-tab"][data-path="/robustlink/dashboard"]').waitFor();
      assert.deepEqual(
        await menuGroups(page),
        deviceConsole.groups.map((group) => group.name[lang]),
      );
      assert.equal(await page.getByTestId('current-company').textContent(), companyName);

      // Eleven pages: the leftmost tab closes with the warning of core §2.
      const pages = deviceConsole.groups
        .flatMap((group) => group.menus.map((menu) => menu.path))
        .slice(0, 11);
      assert.equal(pages.length, 11);
      for (const pagePath of pages.slice(1, 10)) {
        await page.locator(`[data-testid="menu-item"][data-path="${pagePath}"]`).click();
        await page.waitForURL(`**${consolePath}${pagePath.slice(1)}`);
      }
      assert.deepEqual(await tabPaths(page), pages.slice(0, 10));
      // Watch for the warning before the click that causes it, so a short toast cannot be missed.
      const warning = page.getByText(shell[lang].tabs.maxWarning).waitFor();
      await page.locator(`[data-testid="menu-item"][data-path="${pages[10]}"]`).click();
      await warning;
      assert.deepEqual(await tabPaths(page), pages.slice(1));
      await screenshot(page, `sign-in-${lang}-03-eleven-tabs`);

      // A reload keeps the tabs and the page.
      await page.reload();
      await page.getByTestId('workspace-tab').first().waitFor();
      assert.deepEqual(await tabPaths(page), pages.slice(1));
      assert.equal(new URL(page.url()).pathname, `${consolePath}${pages[10]!.slice(1)}`);

      // The other language: menus and tabs follow.
      const switched = otherLang(lang);
      await chooseLanguage(page, switched);
      await page.getByText(deviceConsole.groups[0]!.name[switched], { exact: true }).waitFor();
      assert.deepEqual(
        await menuGroups(page),
        deviceConsole.groups.map((group) => group.name[switched]),
      );
      await screenshot(page, `sign-in-${lang}-04-switched-${switched}`);

      // Log out: back on the start page with the session forgotten.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await page.waitForURL(`**${consolePath}index`);
      await page.getByTestId('landing-sign-in').waitFor();
      const stored = await page.evaluate(() => ({ ...localStorage }));
      for (const key of [
        'ticket',
        'tabs',
        'userName',
        'userId',
        'groupId',
        'appId',
        'menus',
        'resetPwdPrompted',
      ]) {
        assert.equal(stored[key], undefined, `${key} is cleared at logout`);
      }
      assert.equal(stored.language, switched, 'the language is not part of the session');
      await screenshot(page, `sign-in-${lang}-05-logged-out`);

      // Signed out, the console sends a local user to the sign-in form.
      await page.goto(consoleUrl('robustlink/dashboard'));
      await page.waitForURL(`**${consolePath}login`);
      assert.deepEqual(errors, []);
      await close();
    });
  });
}
