/**
 * VPN journey (issue 17), once per language: the owner creates a VPN group, its 20 simulated routers
 * join it and show connected with traffic on the VPN dashboard; a service client is created and its
 * .ovpn profile downloaded; the group's data limit is lowered under the traffic so far, and the group
 * page shows the 80 % warning (with its "VPN data low" mail), then, lowered again, the exhausted state
 * with its code (180021) in the page's language. The simulator's tunnels are simulated (no root): each
 * router reports its tunnel and counters itself (docs/device-protocol.md §7.6).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { after, describe, it } from 'node:test';
import {
  addVpnGroupDevicesCall,
  assignDeviceLicencesCall,
  type CompanyAccount,
  errorMessage,
  getCompanyAccountCall,
  getVpnGroupUsageCall,
  type Lang,
  listVpnGroupsCall,
  type VpnGroup,
  type VpnGroupUsage,
} from '@fleetport/contract';
import type { SimulatedDevice } from '@fleetport/device-sim';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { vpn as vpnTexts } from '../packages/web/src/features/vpn/vpn.i18n.ts';
import { importRouters, signUp, switchOnRouters, waitFor } from './device-steps.ts';
import { consoleUrl, type JourneyPage, newPage, screenshot, waitForMail } from './harness.ts';
import { callAs, choose, grantAsPlatform, platformPage } from './operation-steps.ts';

const FLEET = 20;
const MB = 1024 * 1024;
/** Each router's tunnel traffic: 20 routers carry about 1 MB/s together. */
const BYTES_PER_SECOND = 50_000;
const running: SimulatedDevice[] = [];
const pages: JourneyPage[] = [];

after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
  await Promise.all(pages.map((p) => p.close().catch(() => {})));
});

const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(vars[key] ?? ''));

for (const lang of ['en', 'cn'] as const satisfies Lang[]) {
  describe(`VPN journey (${lang})`, () => {
    it('connects 20 routers, downloads a client profile, and warns then refuses at the data limit', async () => {
      const t = vpnTexts[lang];
      const owner = await newPage({ lang, width: 1440, height: 1000 });
      pages.push(owner);
      const { page } = owner;
      const stamp = `${lang}${Date.now()}`;
      const email = await signUp(page, stamp, 'vpn');
      const base = `${lang === 'en' ? '81' : '82'}${String(Date.now()).slice(-8)}`;
      const sns = Array.from({ length: FLEET }, (_, i) => `${base}${String(i + 1).padStart(4, '0')}`);
      await importRouters(page, sns, deviceTexts[lang].import.commit_other);
      const routers = await switchOnRouters(sns, {
        telemetryPeriodMs: 2000,
        vpnBytesPerSecond: BYTES_PER_SECOND,
      });
      running.push(...routers);
      const account = await callAs(page, getCompanyAccountCall, {}, lang);
      const companyId = (account.data as CompanyAccount).companyId;
      const platform = await platformPage(lang, pages);
      await grantAsPlatform(platform, lang, { companyId, product: 'ADVANCED', quantity: FLEET });
      const assigned = await callAs(
        page,
        assignDeviceLicencesCall,
        { sns, level: 'ADVANCED', idempotencyKey: randomUUID() },
        lang,
      );
      assert.equal(assigned.code, 0, assigned.msg);

      // The group, created on the groups page.
      const name = `Harbour ${lang}`;
      await page.goto(consoleUrl('vpn/groups'));
      await page.getByTestId('vpn-group-create').click();
      await page.getByTestId('vpn-group-name').fill(name);
      await page.getByTestId('vpn-group-limit').fill('1024');
      await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
      await page.getByTestId('vpn-groups-table').getByText(name, { exact: true }).waitFor();
      const groups = await callAs(page, listVpnGroupsCall, { pageNum: 1, pageSize: 10 }, lang);
      const group = (groups.data as { list: VpnGroup[] }).list.find((g) => g.name === name);
      assert.ok(group, 'the group is listed');
      const id = group.vpnGroupId;
      const added = await callAs(page, addVpnGroupDevicesCall, { vpnGroupId: id, sns }, lang);
      assert.equal(added.code, 0, added.msg);

      // The dashboard follows the routers as their tunnels come up and carry traffic.
      await page.goto(consoleUrl('vpn/dashboard'));
      await page
        .getByTestId(`vpn-dashboard-connected-${id}`)
        .getByText(fill(t.dashboard.connectedValue, { connected: FLEET, devices: FLEET }), { exact: true })
        .waitFor({ timeout: 60_000 });
      const usage = async () =>
        (await callAs(page, getVpnGroupUsageCall, { vpnGroupId: id }, lang)).data as VpnGroupUsage;
      await waitFor(async () => (await usage()).usedBytes >= 6 * MB, 'six megabytes through the tunnels');
      await page.getByTestId(`vpn-dashboard-traffic-${id}`).filter({ hasNotText: /^0 B/ }).waitFor();
      await screenshot(page, `vpn-${lang}-01-dashboard`);

      // A service client and its profile for the desktop client.
      await page.goto(consoleUrl('vpn/serviceClient'));
      await page.getByTestId('vpn-client-create').click();
      await page.getByTestId('vpn-client-name').fill(lang === 'en' ? 'Service laptop' : '维护笔记本');
      await choose(page, page.getByTestId('vpn-client-groups'), name);
      await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
      await page.getByTestId('vpn-client-key').waitFor();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      const profileButton = page.locator(`[data-testid^="vpn-profile-"][data-testid$="-${id}"]`);
      const [download] = await Promise.all([page.waitForEvent('download'), profileButton.click()]);
      const profile = fs.readFileSync(await download.path(), 'utf8');
      assert.match(download.suggestedFilename(), /\.ovpn$/);
      assert.match(profile, /^remote \S+ \d+/m);
      assert.ok(profile.includes('<cert>') && profile.includes('<key>'), 'the profile holds its certificate');
      await screenshot(page, `vpn-${lang}-02-clients`);

      // The traffic stops where it is; the limit is lowered to just above it: 80 % or more is a warning.
      for (const router of routers) router.state.vpnBytesPerSecond = 0;
      // Settled: the same count for longer than a telemetry period (every router reported once more).
      let last = -1;
      let since = Date.now();
      await waitFor(async () => {
        const used = (await usage()).usedBytes;
        if (used !== last) {
          last = used;
          since = Date.now();
        }
        return Date.now() - since > 3000;
      }, 'the traffic settled');
      const limitMb = Math.floor(last / MB / 0.85);
      assert.ok(last / MB / limitMb >= 0.8 && last / MB < limitMb, `${last} bytes against ${limitMb} MB`);
      const limitSet = Date.now();
      await page.goto(consoleUrl(`vpn/group/${id}`));
      const card = page.getByTestId('vpn-group-usage');
      await card.getByTestId('vpn-group-limit-edit').click();
      await page.getByTestId('vpn-group-limit-input').fill(String(limitMb));
      await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
      await card.getByText(t.usage.warning, { exact: true }).waitFor();
      await waitForMail({
        to: email,
        subject: lang === 'en' ? 'VPN data low' : 'VPN流量不足',
        after: limitSet,
        timeoutMs: 60_000,
      });
      await screenshot(page, `vpn-${lang}-03-warning`);

      // Lowered under the traffic: exhausted, and the page says which code refuses the tunnels.
      await card.getByTestId('vpn-group-limit-edit').click();
      await page.getByTestId('vpn-group-limit-input').fill(String(Math.max(1, Math.floor(limitMb / 2))));
      await page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
      await card
        .getByTestId('vpn-usage-refused')
        .getByText(fill(t.usage.refused, { code: 180021, message: errorMessage(180021, lang) }))
        .waitFor();
      await screenshot(page, `vpn-${lang}-04-exhausted`);
    });
  });
}
