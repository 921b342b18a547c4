/**
 * Chinese completeness (issue 12): a new company's owner with the console in Chinese opens every
 * built page (the public ones, every console page of the features' manifests, the device details
 * tabs of a simulated router) and the journey reads what a person sees or hears: the visible text
 * and the aria-labels, titles, placeholders and alt texts. Any Latin word left after the allowed
 * names below (proper names, units, models, protocols) is an untranslated string, and fails.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { SimulatedDevice } from '@fleetport/device-sim';
import type { Page } from 'playwright-core';
import { CONSOLE_FEATURES } from '../packages/web/src/app/features.ts';
import { devices as deviceTexts } from '../packages/web/src/features/devices/devices.i18n.ts';
import { importRouters, onlineCount, switchOnRouters, waitFor } from './device-steps.ts';
import {
  acknowledgeInstructions,
  consolePath,
  consoleUrl,
  mailedCode,
  newPage,
  openInConsole,
  screenshot,
  settledRequests,
} from './harness.ts';

/**
 * Latin words a Chinese page may show: product and protocol names, units, abbreviations Chinese
 * users read as such (SN, IMEI, WAN ...), and the model names of the simulated fleet. Compared
 * case-sensitively, whole words only.
 */
const ALLOWED = new Set([
  // Names of products, standards and protocols.
  'Fleetport',
  'RobustLink',
  'Robustel',
  'RobustOS',
  'RobustVPN',
  'MQTT',
  'HTTP',
  'HTTPS',
  'TCP',
  'UDP',
  'IP',
  'IPv4',
  'IPv6',
  'DNS',
  'DHCP',
  'NTP',
  'SSH',
  'SNMP',
  'VPN',
  'OpenVPN',
  'IPsec',
  'WireGuard',
  'GRE',
  'LTE',
  'NR',
  'WCDMA',
  'GSM',
  'UMTS',
  'CDMA',
  'NB',
  'IoT',
  'Cat',
  'GPS',
  'GNSS',
  'PoE',
  'USB',
  'RS',
  'CLI',
  'API',
  'URL',
  // Mail and webhook settings (features/notifications): protocol names and the product term.
  'SMTP',
  'STARTTLS',
  'SSL',
  'TLS',
  'Webhook',
  'CSV',
  'Excel',
  'xlsx',
  'csv',
  'PDF',
  // Image formats an upload names (logos, banners).
  'PNG',
  'JPEG',
  'JPG',
  'JSON',
  'ID',
  'OK',
  'Google',
  'Authenticator',
  'WiFi',
  'Wi',
  'Fi',
  'WLAN',
  'LAN',
  'WAN',
  'APN',
  'PIN',
  'PUK',
  'SIM',
  'eSIM',
  'ICCID',
  'IMSI',
  'IMEI',
  'MAC',
  'SN',
  'RSSI',
  'RSRP',
  'RSRQ',
  'SINR',
  'ECIO',
  'CPU',
  'RAM',
  'DIRECT',
  'INDIRECT',
  'OTA',
  'DI',
  'DO',
  'AI',
  'Modbus',
  // Industrial and installer terms Chinese users write in Latin: programmable controllers, scopes of work.
  'PLC',
  'SOW',
  'SMS',
  'OSPF',
  'BGP',
  'VRRP',
  'NAT',
  'ACL',
  'QoS',
  'SSID',
  'WPA',
  'WPA2',
  'PSK',
  'AES',
  'SHA',
  'UTC',
  'GMT',
  'Ping',
  'Traceroute',
  'Docker',
  'Python',
  'App',
  'ARM',
  'Linux',
  'Leaflet',
  'OpenStreetMap',
  // Protocol and unit names of the configuration forms (features/device-config).
  'PPPoE',
  'CHAP',
  'PAP',
  'SAE',
  'DoS',
  'Mbit',
  'MBUS',
  'Euridis',
  'mA',
  'V',
  'Telnet',
  'TFTP',
  'FTP',
  'SFTP',
  'LED',
  // A language's own name on the language switch; examples users type (the password rule's "qwer").
  'English',
  'qwer',
  'OEM',
  'IO',
  'ping',
  'uci',
  'UCI',
  // Units.
  'B',
  'KB',
  'MB',
  'GB',
  'TB',
  'bps',
  'Kbps',
  'Mbps',
  'Gbps',
  'kbps',
  'dB',
  'dBm',
  'ms',
  's',
  'min',
  'h',
  'Hz',
  'MHz',
  'GHz',
  'V',
  'mA',
  'W',
  'KM',
  'km',
  'm',
  'AM',
  'PM',
  // Model names of the simulated routers (R3000-Q ...), series names.
  'R',
  'Q',
  'LG',
  'LTE',
  'EG',
  'MG',
  'R1510',
  'R2000',
  'R3000',
  'R5020',
  'R1520',
  'EG5120',
  'EG5100',
  'MG460',
]);

/** User data the journey itself typed or imported: an e-mail address, SNs, device names. */
const DATA_PATTERNS = [
  // Paths the not-found page repeats, file names the activity log names.
  /(\/[\w-]+)+/g,
  /[\w.-]+\.(xlsx|csv)\b/g,
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g,
  /https?:\/\/\S+/g,
  /\bQuay\s\d+\b/g,
  /\b[\dA-F]{2}(:[\dA-F]{2}){5}\b/gi,
  // Setting names an administrator sets (MAP_TILE_URL), model names with a suffix (EC25-E), °C.
  /\b[A-Z][A-Z0-9]*(_[A-Z0-9]+)+\b/g,
  /\b[A-Z]+\d+[A-Z0-9]*(-[A-Z0-9]+)+\b/g,
  /°C\b/g,
];

const running: SimulatedDevice[] = [];
after(async () => {
  await Promise.all(running.map((d) => d.stop().catch(() => {})));
});

/**
 * What a person sees or hears on the page now: the text of visible elements, then the labels read
 * out or shown on hover. Left out: content marked `translate="no"` (device-reported text such as
 * syslog lines and raw payloads, which no console language changes) and the names Ant Design gives
 * its icon glyphs (`<span role="img" aria-label="down">`): a control with only an icon carries its
 * own label, which is checked.
 */
// A string, not a function: tsx would wrap named helpers in `__name(...)`, unknown in the page.
const VISIBLE_TEXT_SCRIPT = `(() => {
  const raw = (el) => !!el && !!el.closest('[translate="no"], pre');
  const parts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || raw(parent) || parent.closest('script, style, noscript')) continue;
    if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    parts.push(node.textContent || '');
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    if (raw(el) || (el.getAttribute('role') === 'img' && el.classList.contains('anticon'))) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
      if (el.getAttribute(name)) parts.push(el.getAttribute(name));
  }
  return parts.join('\\n');
})()`;

async function visibleWords(page: Page): Promise<string> {
  return page.evaluate<string>(VISIBLE_TEXT_SCRIPT);
}

/** Latin words not on the allowed list, each with a little of the text around it. */
function latinWords(text: string): string[] {
  let rest = text;
  for (const pattern of DATA_PATTERNS) rest = rest.replace(pattern, ' ');
  const found = new Set<string>();
  // Whole runs of letters and digits: "272F" of an SSID is one token, not the word "F".
  for (const match of rest.matchAll(/[A-Za-z0-9]+/g)) {
    const word = match[0];
    if (!/[A-Za-z]/.test(word) || ALLOWED.has(word)) continue;
    // Models, SNs and hex ids mix letters and digits (R3000, EG5120, D1F0); words do not.
    if (/\d/.test(word)) continue;
    const at = match.index ?? 0;
    found.add(`${word} … "${rest.slice(Math.max(0, at - 20), at + word.length + 20).replace(/\s+/g, ' ')}"`);
  }
  return [...found];
}

/** Every route of the console's features (app/features.ts), with its parameters filled in. */
function builtRoutes(params: Record<string, string>): string[] {
  const routes = CONSOLE_FEATURES.flatMap((feature) => Object.keys(feature.pages));
  return [...new Set(routes)].map((route) =>
    route.replace(/:(\w+)/g, (_, name: string) => params[name] ?? ''),
  );
}

const findings = new Map<string, string[]>();

async function check(page: Page, where: string, settled?: () => Promise<void>) {
  // Lists and charts load after the route: wait for the network to settle and spinners to go.
  if (settled) await settled();
  else await page.waitForLoadState('networkidle').catch(() => {});
  await page
    // antd's spinners and the console's own (widgets/spinner.tsx).
    .locator('.ant-spin-spinning, [role="progressbar"][aria-busy="true"]')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => {});
  const words = latinWords(await visibleWords(page));
  if (words.length > 0) {
    findings.set(where, words);
    console.log(`${where}:\n  ${words.join('\n  ')}`);
  }
}

describe('the console in Chinese (cn)', () => {
  it('shows no untranslated Latin word on any built page', async () => {
    const { page, close } = await newPage({ lang: 'cn', width: 1440, height: 900 });
    const settled = settledRequests(page);
    const stamp = String(Date.now());

    for (const route of ['index', 'login', 'register', 'resetPassword', 'no/such/page']) {
      await page.goto(consoleUrl(route));
      await check(page, `/${route}`);
    }

    // A company registered with Chinese names, so every Latin word left is the console's own.
    const email = `zh.${stamp}@example.com`;
    const password = 'Fleet!port-Secure9';
    await page.goto(consoleUrl('register'));
    await page.getByTestId('register-company').fill(`海港物流${stamp.slice(-6)}`);
    await page.getByTestId('register-account').fill(email);
    await page.getByTestId('register-user-name').fill('王海');
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
    await page.getByTestId('instructions-dialog').waitFor();
    await check(page, 'instructions dialog');
    await acknowledgeInstructions(page);

    // One simulated router online, for the list, the dashboard and its details.
    const sn = `76${stamp.slice(-8)}0001`;
    await importRouters(page, [sn], deviceTexts.cn.import.commit_other);
    running.push(...(await switchOnRouters([sn])));
    await waitFor(async () => (await onlineCount(page)) === 1, 'the router online');

    // A device group and a role to open their detail pages.
    await page.goto(consoleUrl('robustlink/devices/deviceGroup'));
    await check(page, '/robustlink/devices/deviceGroup');
    const groupLink = page.locator('a[href*="devices/deviceGroup/"]').first();
    const groupId =
      (await groupLink.count()) > 0
        ? /deviceGroup\/(\w+)/.exec((await groupLink.getAttribute('href')) ?? '')?.[1]
        : undefined;
    await page.goto(consoleUrl('operation/userManager/role'));
    await page.getByTestId('role-privileges').first().click();
    await page.waitForURL('**/jurisdiction/*');
    const roleId = /jurisdiction\/(\w+)/.exec(page.url())?.[1];

    const params: Record<string, string> = { sn, ...(groupId ? { id: groupId } : {}) };
    for (const route of [...builtRoutes(params), 'myAccount', 'exportRecords', 'robustlink/no/such/page']) {
      // The Super Admin's console (the same my-account page) is closed to a company's owner.
      if (route.endsWith('/') || route.startsWith('superAdmin/')) continue;
      const path = route.includes('jurisdiction/')
        ? route.replace(/jurisdiction\/.*/, `jurisdiction/${roleId ?? ''}`)
        : route;
      if (path.endsWith('/')) continue;
      // Opened as the menu opens a page: the console starts once, not once per page.
      await openInConsole(page, path, settled);
      await check(page, `/${path}`, settled);
      if (path.startsWith('robustlink/device/deviceDetails/')) {
        // Every tab of the details, and the tabs inside them.
        const seen = new Set<string>();
        for (let round = 0; round < 40; round++) {
          const tabs = page.getByTestId('device-details').locator('[role="tab"]:visible');
          const labels = await tabs.allInnerTexts();
          const next = labels.findIndex((label) => !seen.has(label));
          if (next < 0) break;
          seen.add(labels[next]!);
          await tabs.nth(next).click();
          await check(page, `/${path} tab ${labels[next]}`, settled);
        }
      }
    }
    await screenshot(page, 'chinese-complete-last-page');
    await close();

    const report = [...findings].map(([where, words]) => `${where}:\n  ${words.join('\n  ')}`).join('\n');
    assert.equal(findings.size, 0, `Latin words on Chinese pages:\n${report}`);
  });
});
