/**
 * Device console journey (issue 6), once per language: a new company imports routers from an .xlsx,
 * watches them come online live as simulated routers connect, groups and tags them, opens one, runs
 * ping, speed test and reboot and sees each result, and types commands into the CLI.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Lang } from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import { deviceDetails } from '../packages/web/src/features/device-details/device-details.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import {
  bulk,
  closeResults,
  importRouters,
  onlineCount,
  signUp,
  switchOnRouters,
  waitFor,
} from './device-steps.ts';
import { consoleUrl, newPage, screenshot } from './harness.ts';

const FLEET = Number(process.env.E2E_SIM_DEVICES ?? 8);
const running: SimulatedDevice[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

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
      await importRouters(page, sns, t.import.commit_other, () =>
        screenshot(page, `devices-${lang}-01-import-preview`),
      );
      await page.getByText(t.live.open, { exact: true }).waitFor();
      assert.equal(await onlineCount(page), 0);

      // The routers connect; the list turns them online live, without a reload.
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      const fleet = await switchOnRouters(sns, { telemetryPeriodMs: 5000 });
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

      // The serial port: the meter on COM1 echoes what is typed and answers it.
      await page.getByTestId('tab-actions').click();
      await page.getByTestId('serial-show').click({ timeout: 20_000 });
      await page.getByTestId('serial-open').click();
      await page.locator('[data-testid="serial-status"][data-status="open"]').waitFor({ timeout: 30_000 });
      const serialTerminal = page.locator('[data-testid="serial-terminal"] .xterm-rows');
      await page.getByTestId('serial-terminal').click();
      await page.keyboard.type('ATI');
      await page.keyboard.press('Enter');
      await waitFor(
        async () => ((await serialTerminal.textContent()) ?? '').includes(`FP-METER ${sn} COM1 9600 8N1`),
        'serial port answer',
        20_000,
      );
      await screenshot(page, `devices-${lang}-05-serial`);
      await page.getByTestId('serial-close').click();
      await page.locator('[data-testid="serial-status"][data-status="closed"]').waitFor();

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
