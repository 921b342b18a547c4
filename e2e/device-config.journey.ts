/**
 * Remote configuration journey (issue 15, first slice), once per language: on a router with an
 * Essential licence the owner opens the configuration tab, sees only the sections its capabilities
 * allow, changes the DHCP range and the SSID, reads the pending difference, applies it and watches it
 * end "applied" live; then gives a cellular-only router a wrong APN, watches it drop off the network,
 * come back by itself with its old APN and the change end "put back by the device" with the reason;
 * then someone changes the first router's SSH port on the router itself: its open configuration page
 * (the series' route, from the tab's link) marks it changed on the device with the difference, and
 * the owner keeps the device's value.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import {
  assignDeviceLicencesCall,
  type CompanyAccount,
  getCompanyAccountCall,
  type Lang,
  readDeviceConfiguration,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import type { Page } from 'playwright-core';
import { deviceConfig } from '../packages/web/src/features/device-config/device-config.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, grantAsPlatform, platformPage } from './operation-steps.ts';

/** What someone changes on the router's own web page (the simulator's `--local-edit`). */
const LOCAL_SSH_PORT = '<config><services><ssh enabled="true" port="2222"></ssh></services></config>';

const running: SimulatedDevice[] = [];
const pages: JourneyPage[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
  await Promise.all(pages.map((p) => p.close().catch(() => {})));
});

/** Opens a router's configuration tab and waits for its menu. */
async function openConfiguration(page: Page, sn: string) {
  await page.goto(consoleUrl(`robustlink/device/deviceDetails/${sn}?tab=configuration`));
  await page.getByTestId('config-menu').waitFor({ timeout: 30_000 });
}

async function field(page: Page, path: string) {
  return page.getByTestId(`config-field-${path}`).locator('input');
}

async function apply(page: Page, confirmSeconds: number) {
  await page.getByTestId('config-apply').click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('input#config-confirm-seconds').fill(String(confirmSeconds));
  await dialog.locator('.ant-modal-footer button.ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
}

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const c = deviceConfig[lang];
  /** The result banner's title, as the console writes it. */
  const lastResult = (state: string) => c.lastResult.replace('{{state}}', state);
  describe(`remote configuration journey (${lang})`, () => {
    it('applies a change the router confirms, sees a wrong APN put back, and keeps a change made on the router', async () => {
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      const { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'config');
      const base = `${lang === 'en' ? '83' : '84'}${String(Date.now()).slice(-8)}`;
      const sns = [1, 2].map((i) => `${base}${String(i).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      running.push(...(await switchOnRouters(sns)));
      const [lanRouter, apnRouter] = running.slice(-2) as [SimulatedDevice, SimulatedDevice];

      // Configuration changes need Essential: the platform grants two, the owner assigns them.
      const account = await callAs(page, getCompanyAccountCall, {}, lang);
      const companyId = (account.data as CompanyAccount).companyId;
      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, { companyId, product: 'ESSENTIAL', quantity: 2 });
      const assigned = await callAs(
        page,
        assignDeviceLicencesCall,
        { sns, level: 'ESSENTIALS', idempotencyKey: randomUUID() },
        lang,
      );
      assert.equal(assigned.code, 0, assigned.msg);

      // The menu: what an R3000-Q has, grouped as core §2 orders it.
      await openConfiguration(page, lanRouter.sn);
      const menu = page.getByTestId('config-menu');
      for (const label of [c.group.interface, c.group.services, c.section.lan, c.section.wifi, c.section.ssh])
        await menu.getByText(label, { exact: true }).first().waitFor();
      await menu.getByText(c.section.lan, { exact: true }).click();
      await page
        .getByTestId('config-section')
        .locator('.ant-card-head-title', { hasText: c.section.lan })
        .waitFor();
      // The form is editable once nothing is in flight on the router; on a busy machine that can take a
      // while. If it never is, the failure says what the editor showed instead.
      await (await field(page, 'dhcp.start'))
        .fill('192.168.0.50', { timeout: 60_000 })
        .catch(async (error) => {
          const shown =
            (await page
              .getByTestId('config-editor')
              .textContent()
              .catch(() => '(no editor)')) ?? '';
          throw new Error(`${(error as Error).message}\nThe editor showed:\n${shown.slice(0, 2000)}`);
        });
      await menu.getByText(c.section.wifi, { exact: true }).click();
      await (await field(page, 'ssid')).fill(`Quay ${lang}`);
      const difference = page.getByTestId('config-difference-table');
      await difference.getByText('192.168.0.50').waitFor();
      await difference.getByText(`Quay ${lang}`).waitFor();
      await screenshot(page, `device-config-${lang}-01-difference`);
      await apply(page, 120);
      // The router applies, the cloud confirms: "applied" arrives live, no reload.
      await page
        .getByTestId('config-last-result')
        .getByText(lastResult(c.state.applied))
        .waitFor({ timeout: 60_000 });
      const lan = readDeviceConfiguration(lanRouter.state.configXml)?.sections.get('interface/lan');
      assert.equal(
        lan && 'value' in lan ? (lan.value.dhcp as { start: string }).start : null,
        '192.168.0.50',
      );
      await page.getByTestId('config-history').getByText(c.state.applied).waitFor();
      await screenshot(page, `device-config-${lang}-02-applied`);

      // A wrong APN on a router whose only uplink is cellular: it drops, puts the old APN back itself.
      apnRouter.state.activeLink = 'cellular1';
      await openConfiguration(page, apnRouter.sn);
      await page.getByTestId('config-menu').getByText(c.section.cellular, { exact: true }).click();
      await (await field(page, 'sim.0.apn')).fill('wrong.apn');
      await page.getByTestId('config-difference-table').getByText('wrong.apn').waitFor();
      await apply(page, 30);
      const result = page.getByTestId('config-last-result');
      await result.getByText(lastResult(c.state.reverted)).waitFor({ timeout: 60_000 });
      await result.getByText(/Not confirmed within 30 s/).waitFor();
      await waitFor(async () => apnRouter.online, 'the router back online');
      assert.match(apnRouter.state.configXml, /<apn>internet<\/apn>/);
      assert.doesNotMatch(apnRouter.state.configXml, /wrong\.apn/);
      await screenshot(page, `device-config-${lang}-03-reverted`);

      // Someone changes the SSH port on the first router's own web page: with its configuration open,
      // the owner sees it marked changed on the device, with the difference, and keeps the device's value.
      // On the router's own configuration page (its series' route), reached from the tab's link.
      await openConfiguration(page, lanRouter.sn);
      await page.getByTestId('config-own-page').click();
      await page.getByTestId('series-config-page').getByTestId('config-menu').waitFor({ timeout: 30_000 });
      assert.match(page.url(), new RegExp(`/robustlink/r3000/${lanRouter.sn}$`));
      assert.ok(lanRouter.editLocally(LOCAL_SSH_PORT), 'the router took the local edit');
      const drift = page.getByTestId('config-drift');
      await drift.waitFor({ timeout: 60_000 });
      await drift.getByTestId('config-difference-table').getByText('2222').waitFor();
      await screenshot(page, `device-config-${lang}-04-drifted`);
      await drift.getByTestId('config-drift-adopt').click();
      await drift.waitFor({ state: 'hidden', timeout: 30_000 });
      await page.getByTestId('config-history').getByText(c.source.local, { exact: true }).waitFor();
      await page.getByTestId('config-menu').getByText(c.section.ssh, { exact: true }).click();
      await waitFor(
        async () => (await (await field(page, 'port')).inputValue()) === '2222',
        'the adopted SSH port in the form',
      );
    });
  });
}
