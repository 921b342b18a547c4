/**
 * What every browser journey shares: the server's address, one Chromium per journey file, pages in a
 * chosen language, and screenshots. `npm run test:e2e` (scripts/e2e.mjs) starts the server and sets
 * E2E_BASE_URL; each `e2e/*.journey.ts` is a node:test file that imports from here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { after, afterEach } from 'node:test';
import { type Lang, testClockCall, updateInstructionStatusCall } from '@fleetport/contract';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { common } from '../packages/web/src/i18n/common.ts';
import { LANGUAGE_STORAGE_KEY } from '../packages/web/src/i18n/language.ts';

/** The names the switch shows for each language (the same in both languages). */
const LANGUAGE_LABELS = common.en.languages;

const base = process.env.E2E_BASE_URL;
if (!base) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');

/** The server's origin, without a trailing slash (http://127.0.0.1:PORT). */
export const baseUrl = base.replace(/\/$/, '');

/** Where the console is served (BASE_PATH, read the way the server reads it). */
export const consolePath = loadConfig(process.env).basePath;

export const screenshotDir = path.resolve(import.meta.dirname, 'screenshots');

/** Where scripts/e2e.mjs's test SMTP server keeps each received mail as one JSON file. */
export const mailboxDir = path.resolve(import.meta.dirname, '.artifacts/mailbox');

/** One message the server sent, as the test SMTP server received it. */
export interface ReceivedMail {
  /** The envelope recipients, lower-case, joined with ", ". */
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** ISO time the test SMTP server received it. */
  receivedAt: string;
}

/** Newest first: files are named <received ms>-<sequence>.json. */
function readMailbox(): ReceivedMail[] {
  if (!fs.existsSync(mailboxDir)) return [];
  return fs
    .readdirSync(mailboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .map((name) => JSON.parse(fs.readFileSync(path.join(mailboxDir, name), 'utf8')) as ReceivedMail);
}

/**
 * The newest mail to `to` (and with a subject containing or matching `subject`, received at or after
 * `after`), waiting up to `timeoutMs` for it to arrive.
 */
export async function waitForMail(options: {
  to: string;
  subject?: string | RegExp;
  after?: Date | number;
  timeoutMs?: number;
}): Promise<ReceivedMail> {
  const { subject, timeoutMs = 15_000 } = options;
  const to = options.to.toLowerCase();
  const after = options.after === undefined ? 0 : new Date(options.after).getTime();
  const matches = (mail: ReceivedMail) =>
    mail.to.split(', ').includes(to) &&
    Date.parse(mail.receivedAt) >= after &&
    (subject === undefined ||
      (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailbox().find(matches);
    if (found) return found;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `no mail to ${options.to}${subject ? ` with subject ${subject}` : ''} within ${timeoutMs} ms`,
  );
}

/** The six-digit verification code in the newest mail to `to` (registration, password reset). */
export async function mailedCode(to: string, after?: Date | number): Promise<string> {
  const mail = await waitForMail({ to, after });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`the newest mail to ${to} ("${mail.subject}") holds no six-digit code`);
  return code;
}

/** An absolute URL for a console route, e.g. consoleUrl('index') -> http://…/rcms/index. */
export function consoleUrl(route = ''): string {
  return `${baseUrl}${consolePath}${route.replace(/^\//, '')}`;
}

let browser: Promise<Browser> | undefined;

/** Debian's Chromium, headless; one instance per journey file, closed when the file ends. */
export function launchBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return browser;
}

after(async () => {
  if (browser) await (await browser).close();
});

export interface JourneyPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions and console errors the page produced so far; journeys assert it stays empty. */
  errors: string[];
  /** The page's latest API calls, newest last ("POST /path → code (ms)"), for the failure report. */
  calls: string[];
  close(): Promise<void>;
}

/** Pages still open, so that a failed step can say what each one last asked and showed. */
const openPages = new Set<JourneyPage>();
const CALLS_KEPT = 25;

/**
 * When a journey step fails, CI keeps only the runner's output: print, for every open page, its
 * address, its latest API calls with their codes, and the messages and dialogs on screen, so that a
 * failure seen once can be understood without reproducing it.
 */
afterEach(async (t) => {
  if (!('passed' in t) || t.passed) return;
  let n = 0;
  for (const p of openPages) {
    n += 1;
    const shot = await screenshot(p.page, `failed-${Date.now()}-${n}`).catch(() => 'none');
    const shown = await p.page
      .locator(
        '.ant-message-notice, .ant-notification-notice, .ant-modal-content, .ant-form-item-explain-error, .ant-alert',
      )
      .allInnerTexts()
      .catch(() => []);
    const lines = [
      `[e2e] page at ${p.page.url()} (screenshot ${path.basename(shot)})`,
      ...p.calls.map((call) => `  api  ${call}`),
      ...shown.map((text) => `  shown  ${text.replace(/\s+/g, ' ').slice(0, 300)}`),
    ];
    process.stderr.write(`${lines.join('\n')}\n`);
  }
});

/**
 * A fresh browser context (own local storage and cookies) whose console language is preset to
 * `lang`, as if the user had chosen it on an earlier visit. The language is seeded once, so a
 * switch made in the page survives reloads.
 */
/**
 * How far the server's clock runs ahead of this machine's, once a journey moved it
 * (`followServerClock`): a page opened after that reads the same time, or its signed requests would be
 * refused as stale (docs/api.md "Signing requests"). Such journeys are `*.clock.journey.ts` and run last.
 */
let serverClockAheadMs = 0;

/**
 * Reads the server's time (testMode.clock) and has every page opened from now on run its clock from it:
 * after a move, and at the start of a journey that follows one (each journey file is its own process).
 */
export async function followServerClock(): Promise<void> {
  const response = await fetch(`${baseUrl}/api${testClockCall.path}`);
  const { data } = (await response.json()) as { data: { now: number } };
  const ahead = data.now - Date.now();
  // Within a minute the server's and this machine's clocks agree: nothing to install.
  serverClockAheadMs = Math.abs(ahead) > 60_000 ? ahead : 0;
}

/** How far the server's clock runs ahead of this machine's (0 until a journey moved it). */
export function serverClockAhead(): number {
  return serverClockAheadMs;
}

export async function newPage(options: { lang?: Lang; width?: number; height?: number } = {}) {
  const { lang = 'en', width = 1366, height = 800 } = options;
  const context = await (await launchBrowser()).newContext({
    viewport: { width, height },
    locale: lang === 'cn' ? 'zh-CN' : 'en-US',
    // Dialogs appear without their zoom (app/antd-theme.ts): under load a click on a dialog that is
    // still growing can land on the mask behind it and close the dialog instead.
    reducedMotion: 'reduce',
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl, localStorage: [{ name: LANGUAGE_STORAGE_KEY, value: lang }] }],
    },
  });
  // The page's clock runs from the server's time, in real time (timers fire as they would).
  if (serverClockAheadMs !== 0) await context.clock.install({ time: Date.now() + serverClockAheadMs });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  const calls: string[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    void request
      .response()
      .then(async (response) => {
        const body = (await response?.json().catch(() => null)) as { code?: number; msg?: string } | null;
        const timing = request.timing();
        const ms = Math.round(timing.responseEnd - timing.requestStart);
        calls.push(
          `${request.method()} ${url.pathname} → ${response?.status()} ${body?.code ?? ''} ${body?.msg ?? ''} (${ms} ms)`,
        );
        if (calls.length > CALLS_KEPT) calls.shift();
      })
      .catch(() => {});
  });
  const journeyPage: JourneyPage = {
    page,
    context,
    errors,
    calls,
    close: async () => {
      openPages.delete(journeyPage);
      await context.close();
    },
  };
  openPages.add(journeyPage);
  return journeyPage;
}

/**
 * Waits, when called, until the page's requests (its calls and lazy chunks) are answered: twice in a
 * row nothing in flight, a quarter second apart. For pages opened without a new document, where
 * Playwright's `networkidle` does not apply.
 */
export function settledRequests(page: Page): () => Promise<void> {
  const open = new Set<unknown>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return async () => {
    for (let quiet = 0; quiet < 2; ) {
      await page.waitForTimeout(250);
      quiet = open.size === 0 ? quiet + 1 : 0;
    }
  };
}

/**
 * Opens a console path the way the console's own links do, without loading a new document (journeys
 * that visit every page would otherwise spend most of their time starting the console again), and
 * waits until the page's requests are answered.
 */
export async function openInConsole(page: Page, path: string, settled: () => Promise<void>): Promise<void> {
  await page.evaluate(
    (url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    new URL(consoleUrl(path)).pathname,
  );
  await page.getByTestId('shell').waitFor();
  await settled();
}

/**
 * Closes the first-visit instructions with "Got it" and waits until the server has stored that: the
 * dialog closes at once and saves behind it, so a page loaded before the save shows it again.
 */
export async function acknowledgeInstructions(page: Page): Promise<void> {
  const saved = page.waitForResponse((response) => response.url().endsWith(updateInstructionStatusCall.path));
  await page.getByTestId('instructions-ok').click();
  await page.getByTestId('instructions-dialog').waitFor({ state: 'hidden' });
  await saved;
}

/**
 * Picks a language in the console's language switch (`data-testid="language-switch"`, two
 * segments over radio buttons) the way a user does, and waits until the chosen one is checked.
 */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  const switcher = page.getByTestId('language-switch');
  await switcher.getByText(LANGUAGE_LABELS[lang], { exact: true }).click();
  await switcher
    .getByRole('radio', { name: LANGUAGE_LABELS[lang], checked: true })
    .waitFor({ state: 'attached' });
}

/** Saves a full-page PNG to e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
