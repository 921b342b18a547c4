/**
 * Zero-touch templates journey (issue 14), once per language: the Super Admin uploads a firmware image
 * and an app with its logo and a document through the app centre's upload dialog, and publishes both
 * to one company. That company's owner creates a template for the R3000 series holding the firmware,
 * the app and a configuration file, imports ten routers and powers them on. They claim for the first
 * time and the Provisioning tab shows each one waiting for a licence (the reason, not silence); once
 * the owner gives them Essential, each router's steps run to the end, live, and each router runs the
 * new image, the app and the template's configuration.
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
import { png, publishAsPlatform } from './app-centre-steps.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import { callAs, choose, dialogSave, grantAsPlatform, platformPage } from './operation-steps.ts';

const FLEET = 10;
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
    it('provisions new routers with firmware, an app and a configuration, waiting for their licence first', async () => {
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      const { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'templates');
      const account = await callAs(page, getCompanyAccountCall, {}, lang);
      const companyId = (account.data as CompanyAccount).companyId;

      // The Super Admin publishes a newer image than the routers run (5.3.1) and an app, to this company.
      const platform = await platformPage(lang, pages);
      const version = `5.3.${100 + (Date.now() % 900)}`;
      const firmwareName = `Quay OS ${stamp}`;
      const appName = `Quay agent ${stamp}`;
      await publishAsPlatform(platform, lang, {
        kind: 'firmware',
        name: firmwareName,
        packageName: `quay-os-${stamp}`,
        version,
        file: {
          name: 'quay-os.bin',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from(`Quay image ${version} `.repeat(3000)),
        },
        company: `Harbour ${stamp}`,
      });
      await publishAsPlatform(platform, lang, {
        kind: 'app',
        name: appName,
        packageName: `quay-agent-${stamp}`,
        version: '1.0.0',
        file: {
          name: 'quay-agent.deb',
          mimeType: 'application/octet-stream',
          buffer: Buffer.from('quay agent package '.repeat(500)),
        },
        logo: { name: 'quay-logo.png', mimeType: 'image/png', buffer: png(260, 105) },
        documents: [
          { name: 'quay-agent-guide.txt', mimeType: 'text/plain', buffer: Buffer.from('Start the agent.') },
        ],
        company: `Harbour ${stamp}`,
      });
      await screenshot(platform, `device-templates-${lang}-00-published`);

      // The template: the R3000 series, every model, the firmware, the app and a configuration file.
      await page.goto(consoleUrl('robustlink/devices/deviceTemplate'));
      await page.getByTestId('template-create').first().click();
      const name = `Quay_${lang}`;
      await page.getByTestId('template-name').fill(name);
      await choose(page, page.getByTestId('template-series'), 'R3000');
      await choose(page, page.getByTestId('template-firmware'), `${firmwareName} ${version}`);
      await choose(page, page.getByTestId('template-apps'), `${appName} 1.0.0`);
      await page.keyboard.press('Escape');
      await page.getByTestId('template-form').locator('input[type=file]').setInputFiles(configFile());
      await page.getByTestId('template-config-file').getByText('quay.xml').waitFor();
      await dialogSave(page, 'template-form').click();
      await page.getByTestId('templates-table').getByText(name).waitFor();

      const base = `${lang === 'en' ? '85' : '86'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      const routers = await switchOnRouters(sns);
      running.push(...routers);

      // They claimed: each waits at its step, saying it needs a licence.
      await page.goto(consoleUrl('robustlink/devices/deviceTemplate?tab=provisioning'));
      const needsLicence = errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, lang);
      for (const sn of sns)
        await page
          .getByTestId(`provisioning-step-${sn}`)
          .getByText(needsLicence)
          .waitFor({ timeout: 60_000 });
      await screenshot(page, `device-templates-${lang}-01-waiting`);

      await grantAsPlatform(platform, lang, { companyId, product: 'ESSENTIAL', quantity: FLEET });
      const assigned = await callAs(
        page,
        assignDeviceLicencesCall,
        { sns, level: 'ESSENTIALS', idempotencyKey: randomUUID() },
        lang,
      );
      assert.equal(assigned.code, 0, assigned.msg);

      // The licences' news starts each router's steps: the image, the app, then the configuration
      // (the last step), and the page follows live.
      const done = `${t.provisioning.stepKinds.configuration.replace('{{target}}', 'quay.xml')} · ${t.provisioning.stepStates.done}`;
      for (const sn of sns)
        await page.getByTestId(`provisioning-step-${sn}`).getByText(done).waitFor({ timeout: 180_000 });
      const steps = page.getByTestId(`provisioning-steps-${sns[0]}`);
      for (const kind of ['firmware', 'app'] as const)
        await steps.getByText(t.provisioning.stepKinds[kind].replace(' {{target}}', '')).first().waitFor();
      await waitFor(
        async () =>
          routers.every(
            (r) =>
              r.state.firmwareVersion === version &&
              r.state.apps.some((a) => a.packageName === `quay-agent-${stamp}`) &&
              /port="2222"/.test(r.state.configXml),
          ),
        'every router running the new image, the app and the template configuration',
      );
      await screenshot(page, `device-templates-${lang}-02-done`);
    });
  });
}
