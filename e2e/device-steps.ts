/**
 * Steps the device journeys share: a new company signed in, an import file of routers, waiting on
 * the page, and the bulk menu of the device list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_IMPORT_COLUMNS } from '@fleetport/contract';
import { createSimulatedDevice, identityOf, type SimulatedDevice } from '@fleetport/device-sim';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { acknowledgeInstructions, consolePath, consoleUrl, mailedCode, serverClockAhead } from './harness.ts';

/** Where the server's device gateway listens (scripts/e2e.mjs picks a free port). */
export const mqttUrl = process.env.E2E_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

export const OWNER_NAME = 'Harbour Owner';

/**
 * Registers a company and signs its owner in; ends inside the device console. Returns the owner's
 * account (`<who>.<stamp>@example.com`).
 */
export async function signUp(page: Page, stamp: string, who = 'devices'): Promise<string> {
  const email = `${who}.${stamp}@example.com`;
  const password = 'Fleet!port-Secure9';
  await page.goto(consoleUrl('register'));
  await page.getByTestId('register-company').fill(`Harbour ${stamp}`);
  await page.getByTestId('register-account').fill(email);
  await page.getByTestId('register-user-name').fill(OWNER_NAME);
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
  await acknowledgeInstructions(page);
  return email;
}

/** An import file as a customer writes it: the template's header, one R3000-Q router a row. */
export async function writeImportFile(sns: string[]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow([...DEVICE_IMPORT_COLUMNS]);
  for (const [i, sn] of sns.entries())
    sheet.addRow([sn, `Quay ${i + 1}`, 'R3000-Q', identityOf(sn, 'r3000').mac, '']);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-import-')), 'harbour-routers.xlsx');
  await book.xlsx.writeFile(file);
  return file;
}

/** Powers on a simulated R3000-Q router for each SN; each claims itself over the server's gateway. */
export function switchOnRouters(
  sns: string[],
  options: { telemetryPeriodMs?: number; vpnBytesPerSecond?: number } = {},
): Promise<SimulatedDevice[]> {
  return Promise.all(
    sns.map((sn) =>
      createSimulatedDevice({
        sn,
        series: 'r3000',
        model: 'R3000-Q',
        url: mqttUrl,
        // Routers set their clocks from the network: after a journey moved the server's, theirs follow.
        claim: { clockAheadMs: serverClockAhead() },
        timeScale: 0.01,
        ...options,
      }),
    ),
  );
}

/** How many rows of the device list show their device online. */
export const onlineCount = (page: Page) =>
  page.locator('[data-testid^="online-"][data-online="true"]').count();

/** Polls `check` until it holds; `what` names it in the timeout error. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens the bulk menu and picks an entry by its label. */
export async function bulk(page: Page, label: string) {
  await page.getByTestId('bulk-actions').click();
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: label }).click();
}

/** Waits for the per-device results summary, then closes the results. */
export async function closeResults(page: Page, summary: string) {
  await page.getByText(summary).waitFor();
  await page.keyboard.press('Escape');
  await page.getByText(summary).waitFor({ state: 'hidden' });
}

/**
 * Imports `sns` from an .xlsx through the import page (preview, then commit) and waits for the
 * device list; `commitLabel` is the commit button's text in the page's language. `onPreview` runs
 * while the preview is shown (a screenshot, say).
 */
export async function importRouters(
  page: Page,
  sns: string[],
  commitLabel: string,
  onPreview?: () => Promise<unknown>,
): Promise<void> {
  await page.goto(consoleUrl('robustlink/devices/import'));
  await page.locator('input[type=file]').setInputFiles(await writeImportFile(sns));
  await page.getByTestId('import-preview').waitFor();
  await page.getByText(commitLabel.replace('{{count}}', String(sns.length))).waitFor();
  await onPreview?.();
  await page.getByTestId('import-commit').click();
  await page.waitForURL(`**${consolePath}robustlink/devices/allDevices`);
  // A fleet larger than a page shows some of them on page one, in the list's own order.
  await page
    .locator(sns.map((sn) => `[data-testid="device-link-${sn}"]`).join(', '))
    .first()
    .waitFor({ timeout: 60_000 });
}
