/**
 * Device details journey (issue 6), once per language: a new company's routers come online; one is
 * switched off and its "offline" notification arrives live and is marked read; on another router the
 * firmware, apps (uninstall), timers (saved, read back from the device, and the 15-minute rule) and
 * logs tabs show what the user did; a group gets its owner as administrator.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  activityActionLabel,
  ErrorCode,
  errorMessage,
  getTimersCall,
  type Lang,
  NOTIFICATION_BIZ_TYPE_LABELS,
  notificationText,
  timersCall,
  uninstallDeviceAppCall,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import type { Page } from 'playwright-core';
import { deviceDetails } from '../packages/web/src/features/device-details/device-details.i18n.ts';
import { deviceSoftware } from '../packages/web/src/features/device-details/software.i18n.ts';
import { deviceNotifications } from '../packages/web/src/features/device-notifications/device-notifications.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { operation } from '../packages/web/src/i18n/operation.ts';
import { importRouters, OWNER_NAME, onlineCount, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, newPage, screenshot } from './harness.ts';

const ROUTERS = 3;
const MINUTE = 60_000;
const running: SimulatedDevice[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

const pad = (n: number) => String(n).padStart(2, '0');
/** A time as the date picker shows and takes it (local time, YYYY-MM-DD HH:mm:ss). */
function pickerText(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A whole minute `minutes` from now. */
const minutesAhead = (minutes: number) => Math.ceil((Date.now() + minutes * MINUTE) / MINUTE) * MINUTE;

const timerInput = (page: Page, index: number) =>
  page.locator(`[data-testid="timer-at-${index}"] input, input[data-testid="timer-at-${index}"]`);

/** Types a time into a timer row's date picker and confirms it with Enter, as a keyboard user does. */
async function typeTimerTime(page: Page, index: number, at: number) {
  const input = timerInput(page, index);
  await input.click();
  await input.fill(pickerText(at));
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Picks an option in the open select dropdown by its label. */
async function chooseOption(page: Page, label: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
}

/** The unread count the notifications page's badge shows. */
async function unreadBadge(page: Page): Promise<number> {
  const count = page.getByTestId('noti-unread').locator('.ant-badge-count');
  return Number((await count.count()) === 0 ? 0 : await count.getAttribute('title'));
}

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = deviceTexts[lang];
  const d = deviceDetails[lang];
  const n = deviceNotifications[lang];
  const s = deviceSoftware[lang];
  describe(`device details journey (${lang})`, () => {
    it('tells an offline router live, and shows firmware, apps, timers, logs and group admins', async () => {
      const { page, errors, close } = await newPage({ lang, width: 1440, height: 900 });
      const stamp = `${lang}${Date.now()}`;
      const email = await signUp(page, stamp, 'details');
      const owner = `${OWNER_NAME} (${email})`;

      // A few routers imported and switched on; the list shows them online.
      const base = `${lang === 'en' ? '73' : '74'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: ROUTERS }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, t.import.commit_other);
      const fleet = await switchOnRouters(sns);
      running.push(...fleet);
      await waitFor(async () => (await onlineCount(page)) === ROUTERS, `${ROUTERS} routers online`);

      // Notifications: each router's registration is told; switching one off is told live.
      await page.goto(consoleUrl('robustlink/noti'));
      const rowOf = (sn: string, kind: string) =>
        page.locator('tr[data-testid^="noti-row-"]', {
          has: page.getByTestId(`noti-sn-${sn}`),
          hasText: kind,
        });
      for (const sn of sns) await rowOf(sn, NOTIFICATION_BIZ_TYPE_LABELS.deviceClaimed[lang]).waitFor();
      await waitFor(
        async () => (await unreadBadge(page)) === ROUTERS,
        'unread badge counts the registrations',
      );
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      const [offSn, offDevice] = [sns[2]!, fleet[2]!];
      await offDevice.stop();
      const offline = rowOf(offSn, NOTIFICATION_BIZ_TYPE_LABELS.deviceOffline[lang]);
      await offline.waitFor({ timeout: 20_000 });
      assert.equal(await offline.getAttribute('data-unread'), 'true');
      await offline.getByText(notificationText('deviceOffline', {}, lang)).waitFor();
      await waitFor(async () => (await unreadBadge(page)) === ROUTERS + 1, 'unread badge counts the offline');
      assert.deepEqual(navigations, []);
      await screenshot(page, `device-details-${lang}-01-offline-notification`);
      const id = (await offline.getAttribute('data-testid'))!.replace('noti-row-', '');
      await page.getByTestId(`noti-mark-${id}`).click();
      await page.getByText(n.marked.replace('{{count}}', '1')).waitFor();
      const read = page.locator(`tr[data-testid="noti-row-${id}"][data-unread="false"]`);
      await read.getByText(n.read, { exact: true }).waitFor();
      await waitFor(async () => (await unreadBadge(page)) === ROUTERS, 'unread badge after mark read');
      await screenshot(page, `device-details-${lang}-02-marked-read`);

      // Firmware: the version the router runs and its operating system line.
      const [sn, router] = [sns[0]!, fleet[0]!];
      await page.goto(consoleUrl(`robustlink/device/deviceDetails/${sn}?tab=firmware`));
      await page
        .getByTestId('firmware-version')
        .getByText(router.state.firmwareVersion, { exact: true })
        .waitFor();
      assert.equal(await page.getByTestId('os-line').textContent(), s.software.osLines.standard);
      await screenshot(page, `device-details-${lang}-03-firmware`);

      // Apps: what the router has, one uninstalled after a confirmation.
      await page.getByTestId('tab-apps').click();
      const apps = router.state.apps.map((a) => a.name);
      assert.ok(apps.length >= 2, `an R3000 ships with at least two apps, got ${apps.join(', ')}`);
      const table = page.getByTestId('apps-table');
      for (const name of apps) await table.getByText(name, { exact: true }).waitFor();
      const gone = router.state.apps[0]!;
      await page.getByTestId(`uninstall-${gone.packageName}`).click();
      const confirmTitle = s.apps.confirmUninstall.replace('{{name}}', gone.name).replace('{{sn}}', sn);
      await page.locator('.ant-modal-confirm-title', { hasText: confirmTitle }).waitFor();
      await page.getByTestId('confirm-uninstall').click();
      const result = page.locator('[data-testid="uninstall-result"][data-state="success"]');
      await result.getByText(s.apps.uninstalled.replace('{{name}}', gone.name)).waitFor({ timeout: 30_000 });
      await page.getByTestId(`uninstall-${gone.packageName}`).waitFor({ state: 'detached' });
      await table.getByText(apps[1]!, { exact: true }).waitFor();
      assert.ok(!router.state.apps.some((a) => a.packageName === gone.packageName));
      await screenshot(page, `device-details-${lang}-04-app-uninstalled`);

      // Timers: one less than 15 minutes ahead is refused in the page's language; a daily one is
      // saved, and read back from the router after a reload.
      // The card reads the router's timers first; a row added meanwhile would be replaced.
      const timersRead = page.waitForResponse((r) => r.url().endsWith(getTimersCall.path));
      await page.getByTestId('tab-actions').click();
      await timersRead;
      await page.getByTestId('timers-reload').and(page.locator(':not(.ant-btn-loading)')).waitFor();
      await page.getByText(d.timerList.empty).waitFor({ timeout: 20_000 });
      await page.getByTestId('timers-add').click();
      await typeTimerTime(page, 0, minutesAhead(5));
      const tooSoon = errorMessage(ErrorCode.TIMER_TOO_SOON, lang);
      await page.getByTestId('timer-problem-0').getByText(tooSoon).waitFor();
      await page.getByTestId('timers-save').click();
      assert.equal(await page.getByTestId('confirm-timers').count(), 0);
      await screenshot(page, `device-details-${lang}-05-timer-too-soon`);
      const at = minutesAhead(120);
      await typeTimerTime(page, 0, at);
      await page.getByTestId('timer-problem-0').waitFor({ state: 'detached' });
      await page.getByTestId('timer-repeat-0').click();
      await chooseOption(page, d.timerList.repeats.daily);
      await page.getByTestId('timers-save').click();
      await page
        .locator('.ant-modal-confirm-title', {
          hasText: d.timerList.confirm.replace('{{sn}}', sn).replace('{{count}}', '1'),
        })
        .waitFor();
      await page.getByTestId('confirm-timers').click();
      await page.locator('[data-testid="result-timers"][data-state="success"]').waitFor({ timeout: 30_000 });
      await page.reload();
      await waitFor(
        async () =>
          (await timerInput(page, 0).count()) === 1 &&
          (await timerInput(page, 0).inputValue()) === pickerText(at),
        'the saved timer read back from the router',
        20_000,
      );
      await page.getByTestId('timer-repeat-0').getByText(d.timerList.repeats.daily).waitFor();
      assert.deepEqual(
        router.state.timers.map(({ action, at, repeat }) => ({ action, at, repeat })),
        [{ action: 'reboot', at, repeat: 'daily' }],
      );
      await page.getByTestId('action-timers').scrollIntoViewIfNeeded();
      await screenshot(page, `device-details-${lang}-06-timer-saved`);

      // Logs: the uninstall and the timers, each by this user.
      await page.getByTestId('tab-logs').click();
      const logs = page.getByTestId('device-logs-table');
      for (const call of [uninstallDeviceAppCall, timersCall]) {
        const entry = logs.locator('tr', { hasText: activityActionLabel(call.id, lang) });
        await entry.getByText(owner).waitFor();
        await entry.getByText(operation[lang].activity.success, { exact: true }).waitFor();
      }
      await screenshot(page, `device-details-${lang}-07-logs`);

      // Group administrators: the owner chosen for a new group, saved, still shown after a reload.
      await page.goto(consoleUrl('robustlink/devices/deviceGroup'));
      await page.getByTestId('group-create').click();
      await page.getByTestId('group-name').fill('South quay');
      await page.getByTestId('group-save').click();
      await page.getByTestId('group-South quay').getByRole('link', { name: 'South quay' }).click();
      const admins = page.getByTestId('group-admins');
      await admins.getByText(t.groupAdmins.title, { exact: true }).waitFor();
      await page.getByTestId('group-admins-select').click();
      await chooseOption(page, owner);
      await page.keyboard.press('Escape');
      await page.getByTestId('group-admins-save').click();
      await page.getByText(t.groupAdmins.saved).waitFor();
      await page.reload();
      await admins.locator('.ant-select-selection-item', { hasText: owner }).waitFor();
      assert.equal(await page.getByTestId('group-admins-save').isDisabled(), true);
      await screenshot(page, `device-details-${lang}-08-group-admins`);

      assert.deepEqual(errors, []);
      await close();
    });
  });
}
