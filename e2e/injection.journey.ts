/**
 * Stored script cannot run (issue 11). A company names everything it can with markup that would run
 * if a page put it into the DOM as HTML: its own name, a device (online, so it has a map position and
 * notifications), a group, a tag, a role and a user. Then every built console page of the route table
 * is opened, in English and in Chinese, and no page may run the script, open a dialog, hold the
 * injected elements or report a Content-Security-Policy violation. The signing key cannot be read out of the page either.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  addDeviceCall,
  type CallDef,
  CONFIG_MENU_SERIES,
  createGroupCall,
  createRoleCall,
  createTagCall,
  createUserCall,
  setDeviceTagsCall,
  updateCompanyAccountCall,
} from '@fleetport/contract';
import { identityOf, type SimulatedDevice } from '@fleetport/device-sim';
import type { Page } from 'playwright-core';
import { BUILT_PAGE_PATHS } from '../packages/web/src/app/routes.tsx';
import { LANGUAGE_STORAGE_KEY } from '../packages/web/src/i18n/language.ts';
import { signUp, switchOnRouters } from './device-steps.ts';
import { consoleUrl, newPage, openInConsole, screenshot, settledRequests } from './harness.ts';
import { callAs } from './operation-steps.ts';
import { readSigningKey } from './page-ticket.ts';

/** The per-series configuration pages of every series but the R3000's. */
const OTHER_SERIES_PAGES = new Set(
  CONFIG_MENU_SERIES.filter((series) => series !== 'r3000').map((series) => `robustlink/${series}/:sn`),
);

/** Each sets `window.__xss` if it ever runs; short enough for the shortest name field (tags: 20). */
const HOSTILE = {
  device: '<img src=x onerror=__xss=1>',
  tag: '<svg onload=__xss=2>',
  group: '<img src=x onerror="window.__xss=3">',
  role: '<img src=x onerror="window.__xss=4">',
  user: '<img src=x onerror="window.__xss=5">',
  company: 'Fleet <img src=x onerror="window.__xss=6">',
};

const running: SimulatedDevice[] = [];
after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

async function create(page: Page, call: CallDef, body: unknown): Promise<Record<string, unknown>> {
  const envelope = await callAs(page, call, body, 'en');
  assert.equal(envelope.code, 0, `${call.id} refused: ${envelope.code} ${envelope.msg}`);
  return (envelope.data ?? {}) as Record<string, unknown>;
}

/** What a page let through: the marker, injected elements, policy violations, dialogs. */
async function inspect(page: Page): Promise<{ xss: unknown; injected: number; violations: string[] }> {
  return page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    injected: document.querySelectorAll('img[src="x"], svg[onload]').length,
    violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  }));
}

describe('script injection', () => {
  // Some twenty pages plus a router coming online: longer than one journey step.
  it('runs nothing a name holds on any built page', { timeout: 600_000 }, async () => {
    const { page, close } = await newPage({ width: 1440, height: 900 });
    page.setDefaultTimeout(60_000);
    const quiet = settledRequests(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Collected in the page from the start of every document, before the console's own script.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(
          `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        ),
      );
    });
    const stamp = `x${Date.now()}`;
    await signUp(page, stamp, 'xss');

    const sn = `73${String(Date.now()).slice(-10)}01`;
    await create(page, addDeviceCall, {
      sn,
      name: HOSTILE.device,
      model: 'R3000-Q',
      mac: identityOf(sn, 'r3000').mac,
    });
    const group = await create(page, createGroupCall, { groupName: HOSTILE.group });
    await create(page, createTagCall, { tagName: HOSTILE.tag });
    await create(page, setDeviceTagsCall, { sn, tags: [HOSTILE.tag] });
    const role = await create(page, createRoleCall, {
      roleName: HOSTILE.role,
      roleType: 0,
      funCodes: ['devices.view'],
    });
    await create(page, createUserCall, {
      account: `xss-user.${stamp}@example.com`,
      userName: HOSTILE.user,
      roleId: role.roleId,
      password: 'Fleet!port-Secure9',
      confirmPassword: 'Fleet!port-Secure9',
    });
    await create(page, updateCompanyAccountCall, { name: `${HOSTILE.company} ${stamp}`.slice(0, 50) });
    // Online, the router reports its position (the map) and its notifications name it.
    running.push(...(await switchOnRouters([sn])));

    const paths = [
      '',
      'myAccount',
      // The Super Admin's pages are not the company's to open; its one page (its own account) is the
      // component operation/myAccount shows, visited here.
      // Each series' configuration page moves a router of another series to its own (the router here
      // is an R3000): only its own series' page is visited.
      ...BUILT_PAGE_PATHS.filter(
        (path) => !path.startsWith('superAdmin/') && !OTHER_SERIES_PAGES.has(path),
      ).map((path) =>
        path
          .replace('deviceGroup/:id', `deviceGroup/${String(group.groupId)}`)
          .replace(':sn', sn)
          .replace('jurisdiction/:id', `jurisdiction/${String(role.roleId)}`),
      ),
    ];
    assert.ok(paths.includes('robustlink/location'), 'the location page is among the built pages');
    // The map shows once the router has reported its position; reload now and then until it has
    // (slowly: on a loaded machine the console itself takes a while to start after each load).
    await page.goto(consoleUrl('robustlink/location'));
    for (let attempt = 1; !(await page.getByTestId('locations-map').isVisible()); attempt++) {
      if (attempt > 6) throw new Error('the router never showed on the map');
      await page
        .getByTestId('locations-map')
        .waitFor({ timeout: 30_000 })
        .catch(() => page.reload());
    }
    // The router's marker names it on hover: the name shows as text, never as markup.
    const marker = page.getByTestId('map-device').first();
    await marker.waitFor();
    await marker.hover();
    const label = page.getByTestId('map-label').first();
    await label.waitFor();
    assert.match((await label.textContent()) ?? '', /<img src=x/);
    await screenshot(page, 'injection-location');

    // Every page in both languages: a page may build its markup differently in each. The console
    // starts once per language; each page is then opened as the menu opens it.
    for (const lang of ['en', 'cn'] as const) {
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        LANGUAGE_STORAGE_KEY,
        lang,
      ] as const);
      await page.goto(consoleUrl(''));
      for (const path of paths) {
        await openInConsole(page, path, quiet);
        // The console's root opens the last tab; every other page is where it was asked for.
        if (path !== '') assert.equal(new URL(page.url()).pathname, new URL(consoleUrl(path)).pathname);
        assert.deepEqual(
          { lang, path, ...(await inspect(page)), dialogs },
          { lang, path, xss: undefined, injected: 0, violations: [], dialogs: [] },
        );
      }
    }
    await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_STORAGE_KEY);
    // The names show as text where the pages list them.
    await page.goto(consoleUrl('robustlink/devices/allDevices'));
    await page.getByText(HOSTILE.device, { exact: true }).first().waitFor();
    await page.goto(consoleUrl('operation/userManager/user'));
    await page.getByText(HOSTILE.user, { exact: true }).first().waitFor();
    assert.deepEqual(
      { ...(await inspect(page)), dialogs },
      { xss: undefined, injected: 0, violations: [], dialogs: [] },
    );

    // Whatever runs in the page can sign with the key but never read it.
    assert.deepEqual(await readSigningKey(page), { extractable: false, exported: 'refused' });
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    assert.doesNotMatch(storage, /"key"/);
    await close();
  });
});
