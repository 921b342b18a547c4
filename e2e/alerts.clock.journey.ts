/**
 * Alerts and reports journey (issue 16), once per language, against 50 simulated routers in one group.
 * The owner adds a signed webhook and creates two rules in the alert centre: "offline > 2 min" (major,
 * the group, e-mail to all users) and "RSRP < -110 dBm for 3 min, clears above -100 for 2 min" (minor).
 * 20 routers go offline: one grouped live message, the unread badge up by 20, one e-mail listing them,
 * a signed webhook. They come back: resolved. One of them flaps: one flapping message. Acknowledging and
 * marking all read empties the dashboard's alert summary. A daily data usage report runs at its UTC time,
 * goes generating → ready (the webhook tells both), is downloaded, shared and opened signed out.
 * The server's clock is moved instead of waiting the minutes (a `.clock` journey); every wait is for
 * what the user, the mailbox or the webhook receiver sees.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  ALERT_SEVERITY_LABELS,
  advanceTestClockCall,
  createGroupCall,
  dashboardSummaryCall,
  type Lang,
  moveDevicesCall,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { alerts as alertTexts } from '../packages/web/src/features/alerts/alerts.i18n.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { notifications as notificationTexts } from '../packages/web/src/features/notifications/notifications.i18n.ts';
import { shell as shellTexts } from '../packages/web/src/features/shell/shell.i18n.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import {
  consoleUrl,
  followServerClock,
  type JourneyPage,
  mailboxDir,
  newPage,
  type ReceivedMail,
  screenshot,
  serverClockAhead,
  waitForMail,
} from './harness.ts';
import { callAs, choose, platformPage } from './operation-steps.ts';

const FLEET = 50;
const DOWN = 20;
const running: SimulatedDevice[] = [];
const pages: JourneyPage[] = [];

/** The webhook receiver: every POST it got, with whether its signature held for the secret shown. */
interface Delivery {
  hook: string;
  type: string;
  cursor: number;
  data: Record<string, unknown>;
  signature: string;
  body: string;
}
const deliveries: Delivery[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    body += chunk;
  });
  req.on('end', () => {
    const parsed = JSON.parse(body) as { type: string; cursor: number; data: Record<string, unknown> };
    deliveries.push({
      hook: req.url ?? '',
      type: parsed.type,
      cursor: parsed.cursor,
      data: parsed.data,
      signature: String(req.headers['fleetport-signature'] ?? ''),
      body,
    });
    res.writeHead(204).end();
  });
});

before(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
  await Promise.all(pages.map((p) => p.close().catch(() => {})));
  receiver.close();
});

/** Whether `Fleetport-Signature: t=…,v1=…` is HMAC-SHA256(secret, "t.body"), as a receiver checks it. */
function signedBy(delivery: Delivery, secret: string): boolean {
  const t = /t=(\d+)/.exec(delivery.signature)?.[1];
  const v1 = /v1=([0-9a-f]+)/.exec(delivery.signature)?.[1];
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  const got = Buffer.from(v1, 'hex');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** Every mail to `to` whose subject contains `subject` (the test SMTP server's files). */
function mailsTo(to: string, subject: string): ReceivedMail[] {
  return fs
    .readdirSync(mailboxDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(mailboxDir, name), 'utf8')) as ReceivedMail)
    .filter((m) => m.to.split(', ').includes(to.toLowerCase()) && m.subject.includes(subject));
}

/** The unread count the Alerts tab's badge shows (antd puts the number in its title; none at 0). */
async function unreadBadge(page: Page): Promise<number> {
  // Read in one step: the number may go while it is read.
  return Number(
    await page
      .getByTestId('alerts-unread')
      .evaluate((badge) => badge.querySelector('sup')?.getAttribute('title') ?? '0'),
  );
}

const devicesIn = (d: Delivery) => ((d.data.devices as { sn: string }[] | undefined) ?? []).map((x) => x.sn);

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  describe(`alerts and reports journey (${lang})`, () => {
    it('groups 20 offline routers into one message, mail and webhook, resolves, flags a flapping router and delivers a daily report', async () => {
      const started = Date.now();
      const at = alertTexts[lang];
      const live = shellTexts[lang].liveAlert;
      await followServerClock();
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      const { page } = owner;
      const platform = await platformPage(lang, pages);
      // Both pages sign their calls with the server's time: their clocks move with it.
      for (const p of [page, platform])
        if (serverClockAhead() === 0) await p.context().clock.install({ time: Date.now() });
      const advance = async (ms: number) => {
        const moved = await callAs(platform, advanceTestClockCall, { ms }, lang);
        assert.equal(moved.code, 0, moved.msg);
        await followServerClock();
        for (const p of [page, platform]) await p.clock.setSystemTime(Date.now() + serverClockAhead());
      };

      const stamp = `${lang}${Date.now()}`;
      const email = await signUp(page, stamp, 'alerts');
      const base = `${lang === 'en' ? '87' : '88'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      const routers = await switchOnRouters(sns);
      running.push(...routers);
      // The simulator's loopback control: a good signal (RSRP -85 dBm) on every router, so the minor
      // rule stays quiet and the counts below are the offline rule's.
      for (const r of routers)
        for (const radio of (r.state as unknown as { radio: { rsrp: number }[] }).radio) radio.rsrp = -85;
      const groupName = `Quay ${stamp}`;
      const group = await callAs(page, createGroupCall, { groupName }, lang);
      assert.equal(group.code, 0, group.msg);
      const groupId = (group.data as { groupId: number }).groupId;
      const moved = await callAs(page, moveDevicesCall, { sns, groupId }, lang);
      assert.equal(moved.code, 0, moved.msg);
      const offlineCount = async () =>
        ((await callAs(page, dashboardSummaryCall, {}, lang)).data as { offline: number }).offline;

      // A signed webhook for alert messages and report runs; its secret is shown once.
      const hook = `/hook/${stamp}`;
      const port = (receiver.address() as AddressInfo).port;
      await page.goto(consoleUrl('operation/notification'));
      await page.getByTestId('webhook-add').click();
      await page.getByTestId('webhook-url').fill(`http://127.0.0.1:${port}${hook}`);
      const eventWords = notificationTexts[lang].eventType;
      for (const label of [
        eventWords.alert.firing,
        eventWords.alert.resolved,
        eventWords.alert.flapping,
        eventWords.report.generating,
        eventWords.report.ready,
      ]) {
        // A multiple select stays open after each pick; a click on it would close it.
        const options = page.locator('.ant-select-dropdown:visible');
        if ((await options.count()) === 0) await page.getByTestId('webhook-events').click();
        // Firing and resolved come chosen: a click on a chosen option would take it away.
        const option = options.locator('.ant-select-item-option', { hasText: label }).first();
        if (!((await option.getAttribute('class')) ?? '').includes('ant-select-item-option-selected'))
          await option.click();
      }
      await page.keyboard.press('Escape');
      await page.getByTestId('webhook-save').click();
      const secret = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
      assert.ok(secret.length >= 16, `the secret is shown once (${secret})`);
      await page.keyboard.press('Escape');
      const got = (type: string) => deliveries.filter((d) => d.hook === hook && d.type === type);

      // The two rules, created in the alert centre.
      const offlineRule = lang === 'en' ? 'Offline over 2 min' : '离线超过2分钟';
      const signalRule = lang === 'en' ? 'Weak RSRP' : 'RSRP信号弱';
      await page.goto(consoleUrl('robustlink/alertCenter?tab=rules'));
      await page.getByTestId('rule-create').click();
      await page.getByTestId('rule-name').fill(offlineRule);
      await page.locator('[data-testid="rule-target-mode"] input[value="groups"]').check();
      await choose(
        page,
        page.locator('.ant-form-item').filter({ has: page.locator('#groupIds') }),
        groupName,
      );
      await page.keyboard.press('Escape');
      await page.locator('#conditions_0_minutes').fill('2');
      await page.locator('#conditions_0_clearMinutes').fill('0');
      await page.locator('#emailEnabled').click();
      await page.getByTestId('rule-enabled').click();
      await page.getByTestId('rule-save').click();
      await page.locator('[data-testid^="rule-row-"]', { hasText: offlineRule }).waitFor();

      await page.getByTestId('rule-create').click();
      await page.getByTestId('rule-name').fill(signalRule);
      await choose(page, page.getByTestId('rule-level'), ALERT_SEVERITY_LABELS.minor[lang]);
      await choose(page, page.getByTestId('rule-condition-type-0'), at.form.types.signal);
      await page.getByTestId('rule-below-0').fill('-110');
      await page.getByTestId('rule-clear-above-0').fill('-100');
      await page.locator('#conditions_0_clearMinutes').fill('2');
      await page.getByTestId('rule-pending').fill('3');
      await page.getByTestId('rule-enabled').click();
      await page.getByTestId('rule-save').click();
      await page.locator('[data-testid^="rule-row-"]', { hasText: signalRule }).waitFor();
      await screenshot(page, `alerts-rules-${lang}`);

      // 20 routers go offline; two minutes later (the server's clock) they fire as one message.
      await page.goto(consoleUrl('robustlink/alertCenter'));
      await page.getByTestId('alerts-tab').waitFor();
      const before = await unreadBadge(page);
      const down = routers.slice(0, DOWN);
      const downSns = sns.slice(0, DOWN);
      const mailFrom = Date.now();
      await Promise.all(down.map((r) => r.stop()));
      await waitFor(async () => (await offlineCount()) === DOWN, 'the server to see 20 routers offline');
      await advance(150_000);
      await waitFor(async () => (await unreadBadge(page)) === before + DOWN, 'the badge to go up by 20');
      await advance(31_000);
      const firingNotice = live.firing.replace('{{rule}}', offlineRule).replace('{{count}}', String(DOWN));
      await page.locator('.ant-notification-notice', { hasText: firingNotice }).waitFor({ timeout: 60_000 });
      await screenshot(page, `alerts-firing-${lang}`);
      const mail = await waitForMail({ to: email, subject: offlineRule, after: mailFrom, timeoutMs: 60_000 });
      for (const sn of downSns) assert.ok(mail.text.includes(sn), `the e-mail lists ${sn}`);
      assert.equal(mailsTo(email, offlineRule).length, 1, 'one e-mail for the 20 routers');
      await waitFor(async () => got('alert.firing').length > 0, 'the firing webhook', 60_000);
      const firing = got('alert.firing');
      assert.equal(firing.length, 1);
      assert.deepEqual(devicesIn(firing[0]!).sort(), [...downSns].sort());
      assert.ok(signedBy(firing[0]!, secret), 'the webhook is signed with the secret shown');

      // They come back: resolved, one message again.
      await Promise.all(down.map((r) => r.start()));
      await waitFor(async () => (await offlineCount()) === 0, 'the routers to be online again');
      await advance(31_000);
      await waitFor(async () => (await unreadBadge(page)) === before, 'the firing alerts to resolve');
      await advance(31_000);
      const resolvedNotice = live.resolved
        .replace('{{rule}}', offlineRule)
        .replace('{{count}}', String(DOWN));
      await page
        .locator('.ant-notification-notice', { hasText: resolvedNotice })
        .waitFor({ timeout: 60_000 });
      await waitFor(async () => got('alert.resolved').length > 0, 'the resolved webhook', 60_000);
      assert.deepEqual(devicesIn(got('alert.resolved')[0]!).sort(), [...downSns].sort());

      // One router flaps: fired and resolved once already, it goes offline, online and offline again;
      // the fifth change within 30 minutes marks it flapping (one message).
      const flapper = down[0]!;
      const flapSn = downSns[0]!;
      const offlineAgain = async () => {
        await flapper.stop();
        await waitFor(async () => (await offlineCount()) === 1, 'the router to be offline');
        await advance(150_000);
        await waitFor(async () => (await unreadBadge(page)) === before + 1, 'the router to fire');
      };
      await offlineAgain();
      await flapper.start();
      await waitFor(async () => (await offlineCount()) === 0, 'the router to be online');
      await advance(31_000);
      await waitFor(async () => (await unreadBadge(page)) === before, 'the router to resolve');
      await offlineAgain();
      const flappingNotice = live.flapping.replace('{{rule}}', offlineRule).replace('{{count}}', '1');
      await page
        .locator('.ant-notification-notice', { hasText: flappingNotice })
        .waitFor({ timeout: 60_000 });
      await waitFor(async () => got('alert.flapping').length > 0, 'the flapping webhook', 60_000);
      assert.deepEqual(devicesIn(got('alert.flapping')[0]!), [flapSn]);
      await screenshot(page, `alerts-flapping-${lang}`);

      // The dashboard counts the firing alert in its group until it is acknowledged and read.
      const summary = page.getByTestId('card-alerts');
      await page.goto(consoleUrl('robustlink/dashboard'));
      await summary.getByText(groupName).waitFor();
      await page.goto(consoleUrl('robustlink/alertCenter'));
      const row = page.locator('[data-testid^="alert-row-"]', {
        has: page.getByTestId(`alert-sn-${flapSn}`),
      });
      await row.locator('[data-testid^="alert-ack-"]').click();
      await page.getByTestId('alert-ack-note').fill(lang === 'en' ? 'Cable replaced' : '已更换线缆');
      await page.getByTestId('alert-ack-confirm').click();
      await row.locator('[data-testid^="alert-acked-"]').waitFor();
      await page.getByTestId('alerts-mark-all').click();
      await waitFor(async () => (await unreadBadge(page)) === 0, 'every alert to be read');
      await page.goto(consoleUrl('robustlink/dashboard'));
      await summary.waitFor();
      await waitFor(async () => (await summary.getByText(groupName).count()) === 0, 'the summary to drop');
      await screenshot(page, `alerts-dashboard-${lang}`);

      // A daily data usage report of the group at the next whole minute + 1 (UTC, the server's time).
      const runAt = new Date(Date.now() + serverClockAhead() + 120_000);
      const hhmm = runAt.toISOString().slice(11, 16);
      const reportName = lang === 'en' ? 'Daily usage' : '每日流量';
      const fileName = `usage-${stamp}`;
      await page.goto(consoleUrl('robustlink/customReports'));
      await page.getByTestId('report-create').first().click();
      await page.getByTestId('report-name').fill(reportName);
      await page.getByTestId('report-schedule-time').fill(hhmm);
      await choose(page, page.getByTestId('report-group'), groupName);
      await page.getByTestId('report-file-name').fill(fileName);
      await page.getByTestId('report-save').click();
      await page.getByTestId('report-save').waitFor({ state: 'detached' });
      await advance(180_000);
      await waitFor(async () => got('report.ready').length > 0, 'the report to be ready', 120_000);
      const runEvents = deliveries.filter((d) => d.hook === hook && d.type.startsWith('report.'));
      assert.deepEqual(
        runEvents.map((d) => d.type),
        ['report.generating', 'report.ready'],
      );
      assert.ok(runEvents.every((d) => signedBy(d, secret)));
      const { reportId, runId } = runEvents[1]!.data as { reportId: number; runId: number };
      await page.getByTestId(`report-runs-${reportId}`).click();
      await page.locator('[data-testid="report-run-state"][data-state="ready"]').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`report-run-download-${runId}`).click(),
      ]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      assert.ok(book.worksheets.length > 0, 'the downloaded report is a workbook');
      assert.match(download.suggestedFilename(), new RegExp(`^${fileName}`));
      await page.getByTestId(`report-run-share-${runId}`).click();
      const link = ((await page.getByTestId('report-share-link').textContent()) ?? '').trim();
      await screenshot(page, `alerts-report-shared-${lang}`);

      // Opened by someone signed out.
      const stranger = await newPage({ lang });
      pages.push(stranger);
      await stranger.page.goto(link);
      assert.match((await stranger.page.getByTestId('shared-file-name').textContent()) ?? '', /\.xlsx$/);
      const [shared] = await Promise.all([
        stranger.page.waitForEvent('download'),
        stranger.page.getByTestId('shared-file-download').click(),
      ]);
      assert.ok(fs.statSync(await shared.path()).size > 0);

      assert.deepEqual(owner.errors, []);
      process.stdout.write(
        `[e2e] alerts journey (${lang}): ${Math.round((Date.now() - started) / 1000)} s\n`,
      );
    });
  });
}
