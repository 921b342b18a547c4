/**
 * Steps the operation journeys share: registering an owner, reading mail from the test mailbox,
 * signing in, choosing from Ant Design selects, and calling the API with a page's own session.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type CallDef,
  type Envelope,
  grantLicencesCall,
  type Lang,
  type LicenceProduct,
} from '@fleetport/contract';
import { Secret, TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import {
  acknowledgeInstructions,
  baseUrl,
  consolePath,
  consoleUrl,
  type JourneyPage,
  newPage,
  waitForMail,
} from './harness.ts';
import { signedTicketInPage } from './page-ticket.ts';

/**
 * The first match of `pattern` in the newest mail to `to` that the test SMTP server received (at or
 * after `after`, when given).
 */
export async function mailed(to: string, pattern: RegExp, after?: number): Promise<string> {
  const mail = await waitForMail({ to, after });
  const found = pattern.exec(mail.text)?.[1];
  if (!found) throw new Error(`the newest mail to ${to} ("${mail.subject}") does not match ${pattern}`);
  return found;
}

/** Clicks the instructions away if a new user gets them (one second after the shell opens). */
export async function dismissInstructions(page: Page): Promise<void> {
  try {
    await page.getByTestId('instructions-ok').waitFor({ timeout: 4000 });
  } catch {
    return; // No instructions for this user.
  }
  await acknowledgeInstructions(page);
}

export async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.goto(consoleUrl('login'));
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('shell').waitFor();
}

/** Registers a company with a mailed code and signs its owner in (as the sign-in journey does). */
export async function registerOwner(
  page: Page,
  v: { email: string; password: string; companyName: string; userName: string },
): Promise<void> {
  await page.goto(consoleUrl('register'));
  await page.getByTestId('register-company').fill(v.companyName);
  await page.getByTestId('register-account').fill(v.email);
  await page.getByTestId('register-user-name').fill(v.userName);
  await page.getByTestId('register-password').fill(v.password);
  await page.getByTestId('register-confirm-password').fill(v.password);
  const codeAsked = Date.now();
  await page.getByTestId('send-code').click();
  await page.getByTestId('send-code').and(page.locator('[disabled]')).waitFor();
  await page.getByTestId('register-code').fill(await mailed(v.email, /\b(\d{6})\b/, codeAsked));
  await page.getByTestId('register-submit').click();
  await page.waitForURL(`**${consolePath}login`);
  await signIn(page, v.email, v.password);
  await dismissInstructions(page);
}

/** Opens a console page by address and waits for its test id. */
export async function open(page: Page, route: string, testId: string): Promise<void> {
  await page.goto(consoleUrl(route));
  await page.getByTestId(testId).waitFor();
}

/** Picks the option showing `text` in the Ant Design select `select`. */
export async function choose(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

/** The open dialog holding `inner`, and its Save button. */
export function dialogSave(page: Page, inner: string): Locator {
  return page
    .locator('.ant-modal')
    .filter({ has: page.getByTestId(inner) })
    .locator('.ant-modal-footer .ant-btn-primary');
}

/** Confirms the open confirmation dialog. */
export async function confirm(page: Page): Promise<void> {
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('confirm-ok').waitFor({ state: 'detached' });
}

/** Paths of the left menu's pages. */
export function menuPaths(page: Page): Promise<string[]> {
  return page
    .getByTestId('menu-item')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-path') ?? ''));
}

/**
 * Calls the API as the page's signed-in user would, bypassing the console: proves the server
 * refuses what the console hides.
 */
export async function callAs(page: Page, call: CallDef, body: unknown, lang: Lang): Promise<Envelope> {
  const ticket = await signedTicketInPage(page);
  const response = await fetch(`${baseUrl}/api${call.path}`, {
    method: call.method,
    headers: { 'content-type': 'application/json', language: lang, ticket },
    ...(call.method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Envelope;
}

/**
 * The Super Admin's account, one-time password and authenticator key, which scripts/e2e.mjs reads
 * from a fresh server's log and enrols (the Super Admin always signs in with a second factor).
 */
export function superAdmin(): { account: string; password: string; totpSecret: string } {
  const account = process.env.E2E_SUPER_ADMIN_ACCOUNT;
  const password = process.env.E2E_SUPER_ADMIN_PASSWORD;
  const totpSecret = process.env.E2E_SUPER_ADMIN_TOTP_SECRET;
  if (!account || !password || !totpSecret)
    throw new Error('scripts/e2e.mjs passes the Super Admin read from a fresh server log, enrolled');
  return { account, password, totpSecret };
}

const STEP_MS = 30_000;

/** The server's time (a clock journey may have moved it). */
async function serverNow(): Promise<number> {
  const res = await fetch(`${baseUrl}/api/test/clock`);
  return ((await res.json()) as { data: { now: number } }).data.now;
}

/**
 * Journeys run two at a time, each its own process, and a code is good once (RFC 6238 §5.2): the
 * Super Admin's sign-ins take turns (a directory made atomically is the lock) and each uses a 30-second
 * step after the last one used (kept in a file; scripts/e2e.mjs writes the enrolment's).
 */
const ARTIFACTS = path.join(import.meta.dirname, '.artifacts');
const SIGN_IN_LOCK = path.join(ARTIFACTS, 'super-admin-sign-in.lock');
const LAST_STEP = path.join(ARTIFACTS, 'super-admin-last-step');

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(SIGN_IN_LOCK);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(SIGN_IN_LOCK, { recursive: true, force: true });
  }
}

/** The authenticator app's code of a step after the last one used (waiting for it, as a person would). */
async function freshCode(secret: string): Promise<{ code: string; step: number }> {
  const last = fs.existsSync(LAST_STEP) ? Number(fs.readFileSync(LAST_STEP, 'utf8')) : -1;
  let now = await serverNow();
  if (Math.floor(now / STEP_MS) <= last) {
    await new Promise((resolve) => setTimeout(resolve, (last + 1) * STEP_MS - now + 500));
    now = await serverNow();
  }
  return {
    code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now }),
    step: Math.floor(now / STEP_MS),
  };
}

/** Signs the Super Admin in: password, then the authenticator's code of a step no journey used yet. */
async function signInSuperAdmin(page: Page, admin: ReturnType<typeof superAdmin>): Promise<void> {
  await page.goto(consoleUrl('login'));
  await page.getByTestId('login-account').fill(admin.account);
  await page.getByTestId('login-password').fill(admin.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('two-factor-code').waitFor();
  await inTurn(async () => {
    const { code, step } = await freshCode(admin.totpSecret);
    await page.getByTestId('two-factor-code').fill(code);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/pl/sso/loginSecondFactor')),
      page.getByTestId('two-factor-submit').click(),
    ]);
    const answer = (await response.json()) as { code: number; msg: string };
    if (answer.code !== 0)
      throw new Error(`the Super Admin's code was refused: ${answer.code} ${answer.msg}`);
    fs.writeFileSync(LAST_STEP, String(step));
  });
  await page.getByTestId('shell').waitFor();
}

/** A page signed in as the Super Admin (the platform), closed with the journey's other `pages`. */
export async function platformPage(lang: Lang, pages: JourneyPage[]): Promise<Page> {
  const platform = await newPage({ lang });
  pages.push(platform);
  await signInSuperAdmin(platform.page, superAdmin());
  return platform.page;
}

/** The platform grants `companyId` licences, as the Super Admin's grant call does. */
export async function grantAsPlatform(
  platform: Page,
  lang: Lang,
  grant: { companyId: number; product: LicenceProduct; quantity: number },
): Promise<void> {
  const granted = await callAs(platform, grantLicencesCall, { ...grant, idempotencyKey: randomUUID() }, lang);
  if (granted.code !== 0) throw new Error(`the grant was refused: ${granted.code} ${granted.msg}`);
}
