/**
 * Exports journey (issue 10), run per language by exports.journey.ts (en) and exports-cn.journey.ts: export the device list, watch its record on the
 * export records page turn from generating to ready, download the .xlsx and read it; the same for
 * the activity log.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACTIVITY_EXPORT_COLUMNS, DEVICE_EXPORT_COLUMNS, type Lang } from '@fleetport/contract';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { exports as exportTexts } from '../packages/web/src/features/exports/exports.i18n.ts';
import { importRouters, signUp } from './device-steps.ts';
import { consoleUrl, newPage, screenshot } from './harness.ts';

/** The states the record page showed, in order, until the record was ready. */
async function watchUntilReady(page: Page, lang: Lang): Promise<{ states: string[]; recordId: string }> {
  const x = exportTexts[lang];
  const newest = page.getByTestId('export-state').first();
  await newest.waitFor();
  const states: string[] = [];
  for (;;) {
    // The state and its words read at one moment: the record may turn ready between two reads.
    const [state, text] = await newest.evaluate((el) => [
      el.getAttribute('data-state') ?? '',
      el.textContent,
    ]);
    if (states.at(-1) !== state) states.push(state);
    assert.equal(text, x.state[state as keyof typeof x.state]);
    if (state === 'ready') break;
    assert.equal(state, 'generating');
    await page.waitForTimeout(100);
  }
  return { states, recordId: (await newest.getAttribute('data-record')) ?? '' };
}

/** Clicks the record's download and reads the file the browser saved. */
async function downloadSheet(page: Page, recordId: string): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`export-download-${recordId}`).click(),
  ]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return { name: download.suggestedFilename(), rows };
}

/** Opens the list's export dialog, starts the export and follows the notice to the records page. */
async function exportFromList(page: Page): Promise<void> {
  await page.getByTestId('export-open').click();
  await page.getByTestId('export-start').click();
  await page.getByTestId('open-export-records').click();
  await page.getByTestId('export-records').waitFor();
}

export function exportsJourney(lang: Lang) {
  describe(`exports journey (${lang})`, () => {
    it('exports the device list and the activity log, then downloads both files', async () => {
      const { page, errors, close } = await newPage({ lang, width: 1440, height: 900 });
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'exports');
      const base = `${lang === 'en' ? '81' : '82'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: 3 }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);

      // The device list: every column, one row per device, headers in the page's language.
      await exportFromList(page);
      const devices = await watchUntilReady(page, lang);
      await screenshot(page, `exports-${lang}-01-device-export-ready`);
      const deviceFile = await downloadSheet(page, devices.recordId);
      assert.match(deviceFile.name, /\.xlsx$/);
      assert.deepEqual(
        deviceFile.rows[0],
        DEVICE_EXPORT_COLUMNS.map((c) => c.header[lang]),
      );
      assert.deepEqual(
        deviceFile.rows
          .slice(1)
          .map((r) => r[0])
          .sort(),
        [...sns].sort(),
      );

      // The activity log: the import above is in it.
      await page.goto(consoleUrl('robustlink/activity'));
      await page.getByTestId('activity-table').waitFor();
      await exportFromList(page);
      const activity = await watchUntilReady(page, lang);
      assert.notEqual(activity.recordId, devices.recordId);
      await screenshot(page, `exports-${lang}-02-activity-export-ready`);
      const activityFile = await downloadSheet(page, activity.recordId);
      assert.deepEqual(
        activityFile.rows[0],
        ACTIVITY_EXPORT_COLUMNS.map((c) => c.header[lang]),
      );
      assert.ok(activityFile.rows.length > 1, 'the activity file holds the import');
      assert.deepEqual(errors, []);
      await close();
    });
  });
}
