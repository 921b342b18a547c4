/**
 * Rollout journey (issue 14), once per language: the Super Admin uploads a firmware image through the
 * app centre and publishes it to one company; its owner rolls it out from the app centre to 60 simulated routers in batches of 10 with a
 * 20 % failure limit, watches the batches go by live, sees the rollout halt by itself when three
 * routers of the second batch come back on their old image, fixes them, retries the failed ones once
 * the 15-minute spacing has passed (the server's clock is moved: a `.clock` journey), and ends with
 * every router on the new version.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import {
  advanceTestClockCall,
  assignDeviceLicencesCall,
  type CompanyAccount,
  getCompanyAccountCall,
  type Lang,
  ROLLOUT_STATE_LABELS,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import type { Page } from 'playwright-core';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { publishAsPlatform } from './app-centre-steps.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, followServerClock, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, dismissInstructions, grantAsPlatform, platformPage, signIn } from './operation-steps.ts';

const FLEET = 60;
const PASSWORD = 'Fleet!port-Secure9';
const running: SimulatedDevice[] = [];
const pages: JourneyPage[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
  await Promise.all(pages.map((p) => p.close().catch(() => {})));
});

const count = async (page: Page, key: string) =>
  (await page.getByTestId(`rollout-count-${key}`).textContent()) ?? '';

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  describe(`rollout journey (${lang})`, () => {
    it('rolls firmware out to 60 routers in batches, halts on fall-backs, retries them and completes', async () => {
      await followServerClock();
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      let { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      const email = await signUp(page, stamp, 'rollout');
      const base = `${lang === 'en' ? '85' : '86'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      const routers = await switchOnRouters(sns);
      running.push(...routers);

      // Updates need Essential: the platform grants 60, the owner assigns them.
      const account = await callAs(page, getCompanyAccountCall, {}, lang);
      const companyId = (account.data as CompanyAccount).companyId;
      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, { companyId, product: 'ESSENTIAL', quantity: FLEET });
      const assigned = await callAs(
        page,
        assignDeviceLicencesCall,
        { sns, level: 'ESSENTIALS', idempotencyKey: randomUUID() },
        lang,
      );
      assert.equal(assigned.code, 0, assigned.msg);
      const version = `5.${lang === 'en' ? 4 : 5}.${Date.now() % 1000}`;
      // The Super Admin uploads the image through the app centre and publishes it to this company.
      const firmwareName = `R3000 OS ${stamp}`;
      await publishAsPlatform(platform, lang, {
        kind: 'firmware',
        name: firmwareName,
        packageName: `r3000-os-${stamp}`,
        version,
        file: {
          name: 'r3000.bin',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(`R3000 image ${version} `.repeat(4000)),
        },
        company: `Harbour ${stamp}`,
      });

      // The owner opens the version in the app centre and rolls it out.
      await page.goto(consoleUrl('robustlink/devices/appCentre'));
      await page.getByRole('button', { name: firmwareName, exact: true }).click();
      await page.getByTestId(`rollout-${version}`).click();
      const form = page.getByTestId('rollout-form');
      await form.waitFor();
      await page.getByTestId('rollout-name').fill(`R3000 ${version}`);
      await form.locator('[data-testid="rollout-target-mode"] input[value="filter"]').check();
      await page.getByTestId('rollout-first-size').fill('10');
      await page.getByTestId('rollout-later-size').fill('10');
      await page.getByTestId('rollout-failure-value').fill('20');
      await page.getByTestId('rollout-preview').click();
      const preview = page.getByTestId('rollout-preview-result');
      await preview.waitFor();
      assert.match((await preview.textContent()) ?? '', /10, 10, 10, 10, 10, 10/);
      // The second batch's first three routers will come back on their old image.
      const broken = routers.slice(10, 13);
      for (const router of broken) router.behaviour.fallBackOnReboot = true;
      await page.getByTestId('rollout-save').click();
      await page.getByTestId('rollout-page').waitFor();
      await screenshot(page, `rollout-running-${lang}`);

      // Live: the first batch succeeds, the second halts the rollout by itself.
      await page.getByTestId('rollout-stop-reason').waitFor({ timeout: 180_000 });
      const stopText = (await page.getByTestId('rollout-stop-reason').textContent()) ?? '';
      assert.match(
        stopText,
        lang === 'en' ? /Batch 2: 3 of 10 devices failed/ : /第2批：10台设备中有3台失败/,
      );
      assert.equal(await page.getByTestId('rollout-state').textContent(), ROLLOUT_STATE_LABELS.halted[lang]);
      await waitFor(
        async () => (await count(page, 'running')) === '0',
        'the second batch to settle',
        120_000,
      );
      assert.equal(await count(page, 'success'), '17');
      assert.equal(await count(page, 'failure'), '3');
      assert.equal(await count(page, 'waiting'), '40');
      const devicesTable = page.getByTestId('rollout-devices-table');
      await devicesTable
        .getByText(/fell back to the previous image/)
        .first()
        .waitFor();
      await screenshot(page, `rollout-halted-${lang}`);

      // Fixed on the routers; a retry waits out the 15 minutes since their last update.
      for (const router of broken) router.behaviour.fallBackOnReboot = false;
      const moved = await callAs(platform, advanceTestClockCall, { ms: 16 * 60_000 }, lang);
      assert.equal(moved.code, 0, moved.msg);
      await followServerClock();
      const rolloutUrl = page.url();
      const again = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(again);
      page = again.page;
      await signIn(page, email, PASSWORD);
      await dismissInstructions(page);
      await page.goto(rolloutUrl);
      await page.getByTestId('rollout-retry').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await waitFor(
        async () =>
          (await page.getByTestId('rollout-state').textContent()) === ROLLOUT_STATE_LABELS.completed[lang],
        'the rollout to complete',
        300_000,
      );
      assert.equal(await count(page, 'success'), String(FLEET));
      for (const router of routers) assert.equal(router.state.firmwareVersion, version);
      await screenshot(page, `rollout-completed-${lang}`);
    });
  });
}
