/**
 * Device console journey (issue 6), once per language: a new company imports routers from an .xlsx,
 * watches them come online live as simulated routers connect, groups and tags them, opens one, runs
 * ping, speed test and reboot and sees each result, and types commands into the CLI.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { Lang } from '@fleetport/contract';
import { createSimulatedDevice, identityOf, type SimulatedDevice } from '@fleetport/device-sim';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { deviceDetails } from '../packages/web/src/features/device-details/device-details.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { consolePath, consoleUrl, mailedCode, newPage, screenshot } from './harness.ts';

const mqttUrl = process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const FLEET = Number(process.env.E2E_SIM_DEVICES ?? 8);
const running: SimulatedDevice[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

/** Registers a company and signs its owner in; ends inside the device console. */
async function signUp(page: Page, stamp: string): Promise<void> {
  const email = `devices.${stamp}@example.com`;
  const password = 'Fleet!port-Secure9';
  await page.goto(consoleUrl('register'));
  await page.getByTestId('register-company').fill(`Harbour ${stamp}`);
  await page.getByTestId('register-account').fill(email);
  await page.getByTestId('register-user-name').fill('Harbour Owner');
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  const codeAsked = Date.now();
  await page.getByTestId('send-code').click();
  await page.getByTestId('send-code').and(page.locator('[disabled]')).waitFor();
  await page.getByTestId('register-code').fill(await mailedCode(email, codeAsked));
  await page.getByTestId('register-submit').click();
  await page.waitForURL(`**${consolePath}login`);
  await page.getByTestId('login-account').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('shell').waitFor();
  await page.getByTestId('instructions-ok').click();
  await page.getByTestId('instructions-dialog').waitFor({ state: 'hidden' });
}

/** An import file as a customer writes it: the template's header, one router a row. */
async function writeImportFile(sns: string[]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow(['SN', 'Name', 'Model', 'MAC or IMEI', 'Tags']);
  for (const [i, sn] of sns.entries())
    sheet.addRow([sn, `Quay ${i + 1}`, 'R3000-Q', identityOf(sn, 'r3000').mac, '']);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-import-')), 'harbour-routers.xlsx');
  await book.xlsx.writeFile(file);
  return file;
}

const onlineCount = (page: Page) => page.locator('[data-testid^="online-"][data-online="true"]').count();

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens the bulk menu and picks an entry by its label. */
async function bulk(page: Page, label: string) {
  await page.getByTestId('bulk-actions').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: label }).click();
}

async function closeResults(page: Page, summary: string) {
  await page.getByText(summary).waitFor();
  await page.keyboard.press('Escape');
  await page.getByText(summary).waitFor({ state: 'hidden' });
}

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = deviceTexts[lang];
  const d = deviceDetails[lang];
  describe(`device console journey (${lang})`, () => {
    it('imports, watches routers come online, groups, tags, acts and uses the CLI', async () => {
      const { page, errors, close } = await newPage({ lang, width: 1440, height: 900 });
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp);

      // Import the routers from an .xlsx: a preview first, then the devices are saved.
      const base = `${lang === 'en' ? '71' : '72'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await page.goto(consoleUrl('robustlink/devices/import'));
      await page.locator('input[type=file]').setInputFiles(await writeImportFile(sns));
      await page.getByTestId('import-preview').waitFor();
      await page.getByText(t.import.commit.replace('{{count}}', String(FLEET))).waitFor();
      await screenshot(page, `devices-${lang}-01-import-preview`);
      await page.getByTestId('import-commit').click();
      await page.waitForURL(`**${consolePath}robustlink/devices/allDevices`);
      await page.getByTestId(`device-link-${sns[0]}`).waitFor();
      await page.getByText(t.live.open, { exact: true }).waitFor();
      assert.equal(await onlineCount(page), 0);

      // The routers connect; the list turns them online live, without a reload.
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      const fleet = await Promise.all(
        sns.map((sn) =>
          createSimulatedDevice({
            sn,
            series: 'r3000',
            model: 'R3000-Q',
            url: mqttUrl,
            claim: true,
            timeScale: 0.01,
            telemetryPeriodMs: 5000,
          }),
        ),
      );
      running.push(...fleet);
      await waitFor(async () => (await onlineCount(page)) === FLEET, `${FLEET} devices online`);
      assert.deepEqual(navigations, []);
      await screenshot(page, `devices-${lang}-02-online-live`);

      // A group, then every device moved into it and tagged.
      await page.goto(consoleUrl('robustlink/devices/deviceGroup'));
      await page.getByTestId('group-create').click();
      await page.getByTestId('group-name').fill('North quay');
      await page.getByTestId('group-save').click();
      await page.getByTestId('group-North quay').waitFor();
      await page.goto(consoleUrl('robustlink/devices/allDevices'));
      await page.getByTestId(`device-link-${sns[0]}`).waitFor();
      await page.locator('.ant-table-thead .ant-checkbox-input').check();
      await bulk(page, t.bulk.move);
      await page.getByTestId('move-group').click();
      await page.locator('.ant-select-item-option', { hasText: 'North quay' }).click();
      await page.getByTestId('move-save').click();
      const allDone = t.bulk.summary.replace('{{succeeded}}', String(FLEET)).replace('{{failed}}', '0');
      await closeResults(page, allDone);
      await bulk(page, t.bulk.tag);
      await page.getByTestId('tag-add').click();
      await page.keyboard.type('pier7');
      await page.keyboard.press('Enter');
      await page.getByTestId('tag-save').click();
      await closeResults(page, allDone);
      await page.getByText('North quay').first().waitFor();
      await screenshot(page, `devices-${lang}-03-grouped-tagged`);
      await page.goto(consoleUrl('robustlink/tags'));
      const tagRow = page.locator('tr', { hasText: 'pier7' });
      await tagRow.waitFor();
      assert.ok((await tagRow.locator('td').allTextContents()).includes(String(FLEET)));

      // One router: ping, speed test and reboot, each with its result.
      const sn = sns[0]!;
      await page.goto(consoleUrl(`robustlink/device/deviceDetails/${sn}?tab=actions`));
      await page.getByTestId('remote-actions').waitFor();
      await page.getByTestId('run-ping').click();
      await page.locator('[data-testid="result-ping"][data-state="success"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('run-speedTest').click();
      await page
        .locator('[data-testid="result-speedTest"][data-state="success"]')
        .waitFor({ timeout: 30_000 });
      await page.getByTestId('run-reboot').click();
      await page.getByTestId('confirm-reboot').click();
      await page.locator('[data-testid="result-reboot"][data-state="success"]').waitFor({ timeout: 30_000 });
      await screenshot(page, `devices-${lang}-04-remote-actions`);
      // The router goes away for its reboot and comes back, and the header says so live.
      await page.locator('[data-testid="device-online"][data-online="true"]').waitFor({ timeout: 30_000 });

      // The CLI: each line runs on the router and its answer appears in the terminal.
      await page.getByTestId('tab-cli').click();
      const terminal = page.locator('[data-testid="cli-terminal"] .xterm-rows');
      // The greeting (wide Chinese characters are spaced out cell by cell), then the prompt.
      const greeting = d.cli.connected.replace('{{sn}}', sn).replace(/\s/g, '');
      await waitFor(
        async () => ((await terminal.textContent()) ?? '').replace(/\s/g, '').includes(greeting),
        'CLI greeting',
        20_000,
      );
      await waitFor(
        async () => ((await terminal.textContent()) ?? '').includes(`${sn}>`),
        'CLI prompt',
        20_000,
      );
      await page.getByTestId('cli-terminal').click();
      await page.keyboard.type('show version');
      await page.keyboard.press('Enter');
      await waitFor(
        async () => ((await terminal.textContent()) ?? '').includes('Firmware version:'),
        'show version answer',
        20_000,
      );
      await page.keyboard.type('show uptime');
      await page.keyboard.press('Enter');
      await waitFor(
        async () => /up|uptime/i.test(((await terminal.textContent()) ?? '').split('show uptime')[1] ?? ''),
        'uptime answer',
        20_000,
      );
      await screenshot(page, `devices-${lang}-05-cli`);

      // The dashboard counts the fleet.
      await page.goto(consoleUrl('robustlink/dashboard'));
      await page.getByTestId('stat-total').getByText(String(FLEET)).waitFor();
      await page.getByTestId('card-byModel').waitFor();
      await screenshot(page, `devices-${lang}-06-dashboard`);

      assert.deepEqual(errors, []);
      await close();
    });
  });
}
