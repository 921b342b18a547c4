/**
 * Group profile journey (issue 15), once per language at the size: the owner opens a device
 * group's configuration profile, adds the SSH section with port 2222, saves it and applies it to the
 * group's 50 routers as a rollout in batches of 10 that halts past zero failures; five routers refuse
 * the change, and on the rollout's page (reached from the editor's link) the rollout stops by itself
 * as "Halted" with its reason, the routers of the later batches untouched.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import {
  assignDeviceLicencesCall,
  type CompanyAccount,
  createGroupCall,
  getCompanyAccountCall,
  getConfigSectionsCall,
  type Lang,
  moveDevicesCall,
  ROLLOUT_STATE_LABELS,
  UPDATE_ERROR,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import { deviceConfig } from '../packages/web/src/features/device-config/device-config.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, grantAsPlatform, platformPage } from './operation-steps.ts';

const FLEET = 50;
const BATCH = 10;
/** The routers that refuse the change: one in the first batch, whichever routers it holds, is enough. */
const REFUSING = [3, 14, 25, 36, 47];
const running: SimulatedDevice[] = [];
const pages: JourneyPage[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
  await Promise.all(pages.map((p) => p.close().catch(() => {})));
});

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  describe(`group profile journey (${lang})`, () => {
    it('applies a group profile as a rollout that halts when routers refuse it', async () => {
      const c = deviceConfig[lang];
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      const { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'profile');
      const base = `${lang === 'en' ? '77' : '78'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      const routers = await switchOnRouters(sns);
      running.push(...routers);

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
      const group = await callAs(page, createGroupCall, { groupName: `Quays ${stamp}` }, lang);
      const groupId = (group.data as { groupId: number }).groupId;
      assert.equal((await callAs(page, moveDevicesCall, { sns, groupId }, lang)).code, 0);
      // Each router's change-set is checked against the configuration it reported.
      for (const sn of sns)
        await waitFor(async () => {
          const res = await callAs(page, getConfigSectionsCall, { sn }, lang);
          return ((res.data as { sections?: unknown[] } | null)?.sections?.length ?? 0) > 0;
        }, `${sn} reported its configuration`);

      await page.goto(consoleUrl(`robustlink/devices/deviceGroup/${groupId}`));
      await page.getByTestId('group-profile-open').click();
      const editor = page.getByTestId('group-profile');
      await editor.getByText(c.profile.empty).waitFor();
      await editor.getByTestId('group-profile-add-section').click();
      await page.locator('.ant-select-item-option').getByText(c.section.ssh, { exact: true }).click();
      await editor.getByTestId('group-profile-add').click();
      const ssh = editor.getByTestId('group-profile-section-services/ssh');
      await ssh.getByTestId('config-field-port').locator('input').fill('2222');
      await editor.getByTestId('group-profile-save').click();
      await editor.getByText(c.profile.unsaved).waitFor({ state: 'hidden' });
      await screenshot(page, `group-profile-${lang}-01-profile`);

      // Five routers refuse the change: whichever batch holds one fails past its limit of none.
      for (const i of REFUSING) {
        const router = routers[i];
        if (router) router.behaviour.failNextUpdateWith = UPDATE_ERROR.invalidConfiguration;
      }
      await editor.getByTestId('group-profile-apply').click();
      const dialog = page.locator('.ant-modal:visible');
      await dialog.getByTestId('group-profile-rollout-name').fill('SSH on 2222');
      await dialog.getByTestId('group-profile-first-size').fill(String(BATCH));
      await dialog.getByTestId('group-profile-later-size').fill(String(BATCH));
      await dialog.getByTestId('group-profile-start').click();
      await editor
        .getByTestId('group-profile-started')
        .getByRole('link', { name: c.profile.openRollout })
        .click();

      const rollout = page.getByTestId('rollout-page');
      await rollout
        .getByText(ROLLOUT_STATE_LABELS.halted[lang], { exact: true })
        .first()
        .waitFor({ timeout: 90_000 });
      await page.getByTestId('rollout-stop-reason').waitFor();
      const failed = Number(await page.getByTestId('rollout-count-failure').textContent());
      assert.ok(failed >= 1, `failures shown: ${failed}`);
      // The halt holds the later batches back: at most the batches that ran took the change.
      const succeeded = Number(await page.getByTestId('rollout-count-success').textContent());
      assert.ok(failed + succeeded < FLEET, `a halted rollout reached ${failed + succeeded} routers`);
      await screenshot(page, `group-profile-${lang}-02-halted`);
    });
  });
}
