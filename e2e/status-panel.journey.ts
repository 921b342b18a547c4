/**
 * Status panel, one count and the map (issue 12), once per language: 50 simulated routers come
 * online; a router's status tab shows its SIMs with signal bars and their history; the map shows
 * coloured clusters and says its tiles cannot load (the test machine has no internet); then all 50
 * drop at once: one grouped notification arrives, and the dashboard, the menu badge, the header bell
 * and the device list agree before and after, without a reload.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Lang, NOTIFICATION_BIZ_TYPE_LABELS, notificationText } from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import type { Page } from 'playwright-core';
import { deviceNotifications } from '../packages/web/src/features/device-notifications/device-notifications.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, newPage, screenshot } from './harness.ts';

const ROUTERS = 50;
const running: SimulatedDevice[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

/** The number an Ant Design badge shows (0 when it shows none). */
async function badgeNumber(page: Page, testId: string): Promise<number> {
  const count = page.getByTestId(testId).locator('.ant-badge-count').first();
  if ((await count.count()) === 0) return 0;
  // The menu badge's title says "50 unread" ("50 条未读"); the bell's is the bare number.
  return Number.parseInt((await count.getAttribute('title')) ?? '', 10);
}

/** The dashboard's tiles, the menu badge and the bell, as the user reads them. */
async function counts(page: Page) {
  const stat = async (id: string) =>
    Number(((await page.getByTestId(id).getByTestId('stat-value').textContent()) ?? '').replace(/\D/g, ''));
  return {
    total: await stat('stat-total'),
    online: await stat('stat-online'),
    offline: await stat('stat-offline'),
    unread: await stat('stat-unread'),
    menuBadge: await badgeNumber(page, 'menu-unread-badge'),
    bell: await badgeNumber(page, 'notifications-bell'),
  };
}

/** Opens a console page through the left menu, as a user does (no reload). */
async function openFromMenu(page: Page, path: string) {
  await page.locator(`[data-testid="menu-item"][data-path="${path}"]`).click();
  await page.waitForURL(`**${path}`);
}

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  const t = deviceTexts[lang];
  const n = deviceNotifications[lang];
  describe(`status panel, one count and the map (${lang})`, () => {
    it('shows signal bars, coloured clusters, and one grouped notification when 50 routers drop', async () => {
      const { page, errors, close } = await newPage({ lang, width: 1440, height: 900 });
      const stamp = `${lang}${Date.now()}`;
      await signUp(page, stamp, 'panel');
      const base = `${lang === 'en' ? '75' : '76'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: ROUTERS }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, t.import.commit_other);
      // Telemetry every 2 s, so the sparklines have a few samples within the journey.
      const fleet = await switchOnRouters(sns, { telemetryPeriodMs: 2_000 });
      running.push(...fleet);
      const countsLine = page.getByTestId('device-counts');
      await countsLine
        .getByText(
          t.list.counts.replace('{{total}}', '50').replace('{{online}}', '50').replace('{{offline}}', '0'),
        )
        .waitFor({ timeout: 60_000 });

      // The status tab is a panel: SIM 1 with its operator, signal bars and a history line.
      await page.goto(consoleUrl(`robustlink/device/deviceDetails/${sns[0]}?tab=status`));
      const rsrpBars = page.getByTestId('signal-1-rsrp-bars');
      await waitFor(async () => Number(await rsrpBars.getAttribute('data-bars')) > 0, 'RSRP bars lit');
      await page.getByTestId('status-sim-1').waitFor();
      await waitFor(async () => {
        await page.getByTestId('status-refresh').click();
        return (await page.getByTestId('signal-1-rsrp-spark').count()) > 0;
      }, 'an RSRP history line');
      const quality = await rsrpBars.getAttribute('data-quality');
      assert.ok(['excellent', 'good', 'fair', 'poor'].includes(quality ?? ''), `quality ${quality}`);
      await page.getByTestId('status-system').getByText('%').first().waitFor();
      await page.getByTestId('status-location').waitFor();
      await screenshot(page, `status-panel-${lang}-01-status`);

      // The map: clusters (every router online, so green) and a plain grid since no tile can load.
      await page.goto(consoleUrl('robustlink/location'));
      await page.getByTestId('map-legend').waitFor();
      await page.locator('[data-testid="map-cluster"], [data-testid="map-device"]').first().waitFor();
      const clusters = page.locator('[data-testid="map-cluster"]');
      assert.ok((await clusters.count()) > 0, 'at least one cluster');
      assert.equal(
        await clusters.first().getAttribute('data-online'),
        await clusters.first().getAttribute('data-count'),
      );
      await page.getByTestId('map-no-tiles').getByText(t.map.noTiles).waitFor({ timeout: 30_000 });
      await screenshot(page, `status-panel-${lang}-02-map`);

      // Before: the dashboard, the badge and the bell agree.
      await page.goto(consoleUrl('robustlink/dashboard'));
      let before = await counts(page);
      await waitFor(async () => {
        before = await counts(page);
        // Read one after another, the numbers may straddle a render: wait until one reading agrees.
        return (
          before.online === ROUTERS &&
          before.unread > 0 &&
          before.menuBadge === before.unread &&
          before.bell === before.unread
        );
      }, 'the dashboard counts every router online').catch((error) => {
        throw new Error(`${error.message}: ${JSON.stringify(before)}`);
      });
      assert.deepEqual(before, {
        total: ROUTERS,
        online: ROUTERS,
        offline: 0,
        unread: before.unread,
        menuBadge: before.unread,
        bell: before.unread,
      });

      // All 50 drop at once: the dashboard, badge and bell follow live, by one grouped notification.
      // A mark on the window: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { journeyMark: 'no reload' }));
      const sameDocument = async () =>
        page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark === 'no reload');
      await Promise.all(fleet.map((d) => d.stop()));
      let afterDrop = await counts(page);
      await waitFor(
        async () => {
          afterDrop = await counts(page);
          const told = before.unread + 1;
          return (
            afterDrop.offline === ROUTERS &&
            afterDrop.unread === told &&
            afterDrop.menuBadge === told &&
            afterDrop.bell === told
          );
        },
        'the dashboard counts every router offline and one new notification',
        60_000,
      ).catch((error) => {
        throw new Error(`${error.message}: ${JSON.stringify(afterDrop)}`);
      });
      assert.deepEqual(afterDrop, {
        total: ROUTERS,
        online: 0,
        offline: ROUTERS,
        unread: before.unread + 1,
        menuBadge: before.unread + 1,
        bell: before.unread + 1,
      });
      assert.ok(await sameDocument(), 'the dashboard followed without a reload');
      await page.getByTestId('notifications-bell').click();
      const grouped = notificationText('devicesOffline', { count: ROUTERS }, lang);
      await page.getByTestId('notifications-list').getByText(grouped).waitFor();
      await screenshot(page, `status-panel-${lang}-03-dashboard-after-drop`);
      await page.keyboard.press('Escape');

      // The notifications page lists one row for the 50, which opens to the devices.
      await openFromMenu(page, '/robustlink/noti');
      const row = page.locator('tr[data-testid^="noti-row-"]', {
        hasText: NOTIFICATION_BIZ_TYPE_LABELS.devicesOffline[lang],
      });
      await row.getByText(grouped).waitFor();
      assert.equal(await row.count(), 1);
      // No single "went offline" row of a device (those have an SN link; the group has none).
      const offlineRows = page.locator('tr[data-testid^="noti-row-"]', {
        has: page.locator('[data-testid^="noti-sn-"]'),
        hasText: NOTIFICATION_BIZ_TYPE_LABELS.deviceOffline[lang],
      });
      assert.equal(await offlineRows.count(), 0);
      await row.getByText(n.group.show.replace('{{count}}', String(ROUTERS))).click();
      const members = page.locator('[data-testid^="noti-group-list-"] .ant-list-item');
      await waitFor(async () => (await members.count()) === ROUTERS, 'the group lists its 50 routers');
      await screenshot(page, `status-panel-${lang}-04-grouped-notification`);
      await page.keyboard.press('Escape');

      // The device list says the same, still without a reload.
      await openFromMenu(page, '/robustlink/devices/allDevices');
      await countsLine
        .getByText(
          t.list.counts.replace('{{total}}', '50').replace('{{online}}', '0').replace('{{offline}}', '50'),
        )
        .waitFor();
      assert.equal(await badgeNumber(page, 'menu-unread-badge'), before.unread + 1);
      assert.equal(await badgeNumber(page, 'notifications-bell'), before.unread + 1);
      assert.ok(await sameDocument(), 'the notifications page and the device list opened without a reload');
      await screenshot(page, `status-panel-${lang}-05-device-list`);

      // No tile server is reachable here: the browser logs each failed tile, and nothing else.
      assert.deepEqual(
        errors.filter((e) => !e.includes('Failed to load resource')),
        [],
      );
      await close();
    });
  });
}
