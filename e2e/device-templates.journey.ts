/**
 * Zero-touch templates journey (issue 14, templates slice), once per language: the owner creates a
 * template for the R3000 series holding a configuration file, imports two routers and powers them on.
 * They claim for the first time and the Provisioning tab shows each one waiting for a licence (the
 * reason, not silence); once the owner gives them Essential, each router's steps run to the end, live.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  assignDeviceLicencesCall,
  type CompanyAccount,
  ErrorCode,
  errorMessage,
  getCompanyAccountCall,
  type Lang,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import { deviceTemplates } from '../packages/web/src/features/device-templates/device-templates.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, choose, dialogSave, grantAsPlatform, platformPage } from './operation-steps.ts';

const running: SimulatedDevice[] = [];
const pages: JourneyPage[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
  await Promise.all(pages.map((p) => p.close().catch(() => {})));
});

/** The template's configuration: SSH on port 2222, a section every simulated router reports. */
function configFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-template-')), 'quay.xml');
  fs.writeFileSync(file, '<config><services><ssh enabled="true" port="2222"></ssh></services></config>');
  return file;
}

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = deviceTemplates[lang];
  describe(`zero-touch templates journey (${lang})`, () => {
    it('provisions new routers by a template, waiting for their licence first', async () => {
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      const { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'templates');

      // The template: the R3000 series, every model, a configuration file.
      await page.goto(consoleUrl('robustlink/devices/deviceTemplate'));
      await page.getByTestId('template-create').first().click();
      const name = `Quay_${lang}`;
      await page.getByTestId('template-name').fill(name);
      await choose(page, page.getByTestId('template-series'), 'R3000');
      await page.getByTestId('template-form').locator('input[type=file]').setInputFiles(configFile());
      await page.getByTestId('template-config-file').getByText('quay.xml').waitFor();
      await dialogSave(page, 'template-form').click();
      await page.getByTestId('templates-table').getByText(name).waitFor();

      const base = `${lang === 'en' ? '85' : '86'}${String(Date.now()).slice(-8)}`;
      const sns = [1, 2].map((i) => `${base}${String(i).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      running.push(...(await switchOnRouters(sns)));

      // They claimed: each waits at its step, saying it needs a licence.
      await page.goto(consoleUrl('robustlink/devices/deviceTemplate?tab=provisioning'));
      const needsLicence = errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, lang);
      for (const sn of sns)
        await page
          .getByTestId(`provisioning-step-${sn}`)
          .getByText(needsLicence)
          .waitFor({ timeout: 60_000 });
      await screenshot(page, `device-templates-${lang}-01-waiting`);

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

      // The licences' news starts each router's step; its configuration is applied, and the page follows live.
      const done = `${t.provisioning.stepKinds.configuration.replace('{{target}}', 'quay.xml')} · ${t.provisioning.stepStates.done}`;
      for (const sn of sns)
        await page.getByTestId(`provisioning-step-${sn}`).getByText(done).waitFor({ timeout: 120_000 });
      await waitFor(
        async () => running.slice(-2).every((r) => /port="2222"/.test(r.state.configXml)),
        'the routers running the template configuration',
      );
      await screenshot(page, `device-templates-${lang}-02-done`);
    });
  });
}
