/**
 * Route fuzz: every route the app registers gets malformed JSON, wrong types, arrays, null, deep
 * junk, unknown fields, huge strings and oversized bodies, with and without a ticket, in English and
 * Chinese. Every API answer must be an envelope with code 1 or another catalogue code of the route
 * (never 2 or 500), never HTTP 5xx, never a stack trace; the console and docs routes never 5xx either.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_CALLS, type CallDef, ErrorCode, errorEntry, type Lang, LIVE_PATH } from '@fleetport/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import {
  bodyCases,
  contractRefuses,
  type FuzzCase,
  NUMERIC_EDGES,
  numericEdgeCases,
  queryCases,
} from '../../../test/fuzz-cases.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { probeInput } from '../../../test/probe-input.ts';
import { concreteUrl, registeredRoutes } from '../../../test/route-list.ts';
import type { Session } from '../auth/session.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-fuzz-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log("console")');

/** A session that passes every permission check, so validation itself is reached on every call. */
const superAdmin: Session = {
  sessionId: 'fuzz-session',
  userId: 0,
  userName: 'fuzz',
  loginAccount: 'fuzz@example.com',
  companyId: null,
  companyType: null,
  roleId: null,
  roleType: null,
  superAdmin: true,
  funCodes: new Set<string>(),
};

// Two apps on one database each: the app's own session handling, and one where every ticket is a
// Super Admin's. The list of routes is read from the first before the tests are declared.
const anonymous: TestApp = await createTestApp({ config: testConfig({ webDist }) });
const signedIn: TestApp = await createTestApp({
  config: testConfig({ webDist }),
  sessions: { resolve: async () => superAdmin },
});
afterAll(async () => {
  await anonymous.close();
  await signedIn.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const { apiPrefix, bodyLimit } = anonymous.deps.config;
const routes = registeredRoutes(anonymous.app);
const callOf = (method: string, url: string) =>
  ALL_CALLS.find((call) => call.method === method && apiPrefix + call.path === url);
/** Routes under the API prefix that are not JSON calls: the docs UI and the live WebSocket. */
const notCalls = [`${apiPrefix}/docs`, apiPrefix + LIVE_PATH];
const isApiRoute = (url: string) =>
  url.startsWith(`${apiPrefix}/`) &&
  !notCalls.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

const STACK_TRACE = /\n\s+at |node_modules|\.tsx?:\d+|\bat \w+ \(|TypeError|ReferenceError/;
const CJK = /[\u3400-\u9fff]/;
const LANGS: Lang[] = ['en', 'cn'];

interface Variant {
  name: string;
  t: TestApp;
  ticket?: string;
  /** Fresh headers per request (a real session signs each one). */
  headers?: () => Record<string, string>;
}
const VARIANTS: Variant[] = [
  { name: 'no ticket', t: anonymous },
  { name: 'forged ticket', t: anonymous, ticket: 'forged.1700000000000.0000' },
  { name: 'signed in', t: signedIn, ticket: 'fuzz-ticket' },
];

async function send(variant: Variant, method: string, url: string, fuzz: FuzzCase, lang: Lang) {
  const headers: Record<string, string> = { language: lang };
  if (variant.ticket) headers.ticket = variant.ticket;
  if (variant.headers) Object.assign(headers, variant.headers());
  if (fuzz.contentType) headers['content-type'] = fuzz.contentType;
  const res = await variant.t.app.inject({
    method: method as 'GET',
    url: fuzz.query ? `${url}?${fuzz.query}` : url,
    headers,
    ...(fuzz.body !== undefined ? { payload: fuzz.body } : {}),
  });
  return { status: res.statusCode, text: res.body };
}

/** What is wrong with one API answer, or null when it is a proper envelope. */
function problemWithEnvelope(
  call: CallDef,
  fuzz: FuzzCase,
  lang: Lang,
  answer: { status: number; text: string },
): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (STACK_TRACE.test(answer.text)) return `stack trace in answer: ${answer.text.slice(0, 300)}`;
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `not JSON: ${answer.text.slice(0, 200)}`;
  }
  const { code, msg } = body;
  if (typeof code !== 'number' || typeof msg !== 'string' || !('data' in body))
    return `not an envelope: ${answer.text.slice(0, 200)}`;
  if (code === ErrorCode.INTERNAL_ERROR || code === ErrorCode.DATABASE_ERROR) return `code ${code}: ${msg}`;
  if (!errorEntry(code)) return `code ${code} is not in the catalogue`;
  if (code === 0 && contractRefuses(call, fuzz)) return 'answered success to input the contract refuses';
  if (code !== 0 && msg.length === 0) return `code ${code} without a message`;
  if (code !== 0 && lang === 'cn' && !CJK.test(msg)) return `code ${code}: message not in Chinese: ${msg}`;
  if (lang === 'en' && CJK.test(msg)) return `code ${code}: Chinese in an English message: ${msg}`;
  return null;
}

const apiRoutes = routes.filter((route) => isApiRoute(route.url));
const otherRoutes = routes.filter((route) => !isApiRoute(route.url));

describe('route fuzz: contract calls', () => {
  it('finds every contract call among the registered routes, and no API route outside the contract', () => {
    expect(apiRoutes.length).toBeGreaterThan(0);
    const stray = apiRoutes.filter((route) => !callOf(route.method, route.url));
    expect(stray).toEqual([]);
    const missing = ALL_CALLS.filter(
      (call) => !apiRoutes.some((r) => r.method === call.method && r.url === apiPrefix + call.path),
    );
    expect(missing.map((call) => call.id)).toEqual([]);
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers hostile input with an envelope',
    async (_label, route) => {
      const call = callOf(route.method, route.url)!;
      const readsQuery = call.method === 'GET' || call.method === 'DELETE';
      const cases = readsQuery ? queryCases(call) : bodyCases(call, bodyLimit);
      const url = concreteUrl(route.url);
      const problems: string[] = [];
      for (const variant of VARIANTS) {
        for (const fuzz of cases) {
          // With a real session the handler would run on input the contract accepts; that is not fuzz.
          if (variant.t === signedIn && !contractRefuses(call, fuzz)) continue;
          for (const lang of LANGS) {
            const answer = await send(variant, route.method, url, fuzz, lang);
            const problem = problemWithEnvelope(call, fuzz, lang, answer);
            if (problem) problems.push(`[${variant.name}, ${lang}] ${fuzz.name}: ${problem}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('route fuzz: numeric edges reach the handlers', () => {
  // A real company owner, so that input the contract accepts runs the handler against real rows; the
  // Super Admin app covers the platform's own calls the owner may not make.
  const OWNER = 'numeric-edges@example.com';
  let owner: SignedIn;
  const SESSION_ENDED = new Set<number>([ErrorCode.SESSION_EXPIRED, ErrorCode.LOGGED_IN_ELSEWHERE]);

  it('sets every numeric field of every call to each edge', () => {
    const withNumbers = ALL_CALLS.filter((call) => numericEdgeCases(call, {}).length > 0);
    // pageNum and pageSize at least, on every paged call.
    expect(withNumbers.filter((call) => call.paged).length).toBe(ALL_CALLS.filter((c) => c.paged).length);
    expect(NUMERIC_EDGES.map((edge) => edge.text)).toContain(String(Number.MAX_SAFE_INTEGER + 1));
  });

  it.each(apiRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s answers numeric edges with an envelope, never 5xx',
    async (_label, route) => {
      const call = callOf(route.method, route.url)!;
      const cases = numericEdgeCases(call, probeInput(call, {}) ?? {});
      if (cases.length === 0) return;
      if (!owner) {
        await registerCompany(anonymous, { companyName: 'Numeric Edges', account: OWNER });
        owner = await signIn(anonymous, OWNER);
        // The SN the generated inputs name ('probe'), so device calls get past "device does not exist".
        const added = await owner.call('POST', '/link/device/addDevice', {
          sn: 'probe',
          mac: '00:11:22:33:44:55',
        });
        expect(added.body.code).toBe(0);
      }
      const url = concreteUrl(route.url);
      const problems: string[] = [];
      for (const fuzz of cases) {
        for (const who of ['owner', 'superAdmin'] as const) {
          const variant: Variant =
            who === 'owner'
              ? { name: who, t: anonymous, headers: () => owner.headers() }
              : { name: who, t: signedIn, ticket: 'fuzz-ticket' };
          const answer = await send(variant, route.method, url, fuzz, 'en');
          const problem = problemWithEnvelope(call, fuzz, 'en', answer);
          if (problem) problems.push(`[${who}] ${fuzz.name}: ${problem}`);
          // A call that ended the owner's session (sign-in, logout, a company switch) is not a finding.
          const code = (JSON.parse(answer.text) as { code?: number }).code;
          if (who === 'owner' && code !== undefined && SESSION_ENDED.has(code))
            owner = await signIn(anonymous, OWNER);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('route fuzz: console and documentation routes', () => {
  const hostile: FuzzCase[] = [
    { name: 'plain', query: '' },
    { name: 'junk query', query: 'a[b]=1&a=%E0%A4%A&=' },
    { name: 'huge query', query: `q=${'x'.repeat(64 * 1024)}` },
    { name: 'malformed JSON body', body: '{"a": [', contentType: 'application/json' },
    { name: 'oversized body', body: 'z'.repeat(bodyLimit + 1), contentType: 'application/json' },
  ];

  it.each(otherRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s never fails with 5xx or a stack trace',
    async (_label, route) => {
      const problems: string[] = [];
      for (const fuzz of hostile) {
        for (const lang of LANGS) {
          const answer = await send(VARIANTS[1]!, route.method, concreteUrl(route.url), fuzz, lang);
          if (answer.status >= 500) problems.push(`${fuzz.name} (${lang}): HTTP ${answer.status}`);
          if (STACK_TRACE.test(answer.text)) problems.push(`${fuzz.name} (${lang}): stack trace`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('does not serve files outside the console directory', async () => {
    const { basePath } = anonymous.deps.config;
    const escapes = [
      '../../../../etc/passwd',
      '%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '..%2f..%2f..%2fetc%2fpasswd',
    ];
    for (const url of escapes.map((tail) => basePath + tail)) {
      const res = await anonymous.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('root:');
    }
  });
});
