import {
  ANONYMOUS_BODY_LIMIT_BYTES,
  DEFAULT_ADDRESS_RATE_PER_MINUTE,
  DEFAULT_CODE_RECIPIENTS_PER_ADDRESS_HOUR,
  ErrorCode,
  errorMessage,
  MAX_JSON_DEPTH,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxCode, registerCompany, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import { jsonDepthExceeds } from './abuse-limits.ts';

/** The production defaults, as a server started without RATE_LIMIT_* settings has them. */
const DEFAULTS = loadConfig({} as NodeJS.ProcessEnv).abuse;

let t: TestApp;
let address = 0;
/** A fresh client address per test, so one test's budget does not leak into the next. */
const nextAddress = () => `198.51.100.${++address}`;

async function post(path: string, body: unknown, remoteAddress: string, payload?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    remoteAddress,
    headers: { language: 'en', 'content-type': 'application/json' },
    payload: payload ?? JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json() as { code: number; data: unknown; msg: string },
  };
}

beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ abuse: DEFAULTS }) });
  // Registered from an address of its own, so no test's budget is spent here.
  await registerCompany(t, { companyName: 'Abuse Test Ltd', account: 'known@abuse.example' });
});
afterAll(async () => {
  await t.close();
});

describe('per-address limits on anonymous calls', () => {
  it('has realistic defaults', () => {
    expect(DEFAULTS.signInPerMinute).toBe(DEFAULT_ADDRESS_RATE_PER_MINUTE.signIn);
    expect(DEFAULTS.codeRecipientsPerHour).toBe(DEFAULT_CODE_RECIPIENTS_PER_ADDRESS_HOUR);
    expect(DEFAULTS.anonymousBodyLimit).toBe(ANONYMOUS_BODY_LIMIT_BYTES);
  });

  it('answers sign-in past the limit with 429, Retry-After and 14080, per address', async () => {
    const from = nextAddress();
    for (let i = 0; i < DEFAULTS.signInPerMinute; i++) {
      const res = await post(
        '/pl/sso/login',
        { account: `nobody${i}@abuse.example`, password: 'Wrong!Pass123' },
        from,
      );
      expect(res.status).toBe(200);
      expect(res.body.code).not.toBe(ErrorCode.TOO_MANY_REQUESTS);
    }
    const refused = await post(
      '/pl/sso/login',
      { account: 'known@abuse.example', password: TEST_PASSWORD },
      from,
    );
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(refused.body.msg).toBe(errorMessage(ErrorCode.TOO_MANY_REQUESTS, 'en'));
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body.data).toBe(wait);
    // Another address still signs in.
    const other = await post(
      '/pl/sso/login',
      { account: 'known@abuse.example', password: TEST_PASSWORD },
      nextAddress(),
    );
    expect(other.body.code).toBe(0);
  });

  it('limits the captcha and registration the same way', async () => {
    const from = nextAddress();
    for (let i = 0; i < DEFAULTS.captchaPerMinute; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/pl/sso/captcha', remoteAddress: from });
      expect(res.json().code).toBe(0);
    }
    const captcha = await t.app.inject({ method: 'GET', url: '/api/pl/sso/captcha', remoteAddress: from });
    expect(captcha.statusCode).toBe(429);
    expect(captcha.json().code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(Number(captcha.headers['retry-after'])).toBeGreaterThan(0);

    const form = {
      companyName: 'Never Made',
      account: 'never@abuse.example',
      userName: 'Never',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      code: '000000',
    };
    const registering = nextAddress();
    for (let i = 0; i < DEFAULTS.registrationPerMinute; i++) {
      expect((await post('/pl/sso/register', form, registering)).body.code).toBe(ErrorCode.CODE_EXPIRED);
    }
    const refused = await post('/pl/sso/register', form, registering);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('answers code sending past the limit with 14081 and Retry-After', async () => {
    const from = nextAddress();
    for (let i = 0; i < DEFAULTS.codesPerMinute; i++) {
      expect(
        (await post('/pl/user/sendEmailCode', { email: `rate${i}@abuse.example` }, from)).body.code,
      ).toBe(0);
    }
    const refused = await post('/pl/user/sendEmailCode', { email: 'rate-last@abuse.example' }, from);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.CODE_TOO_OFTEN);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('verification mail per requesting address', () => {
  it('mails at most N different recipients an hour from one address (14081), by the test clock', async () => {
    // A relaxed per-minute rate, so only the hourly recipient cap is in play.
    const app = await createTestApp({
      config: testConfig({ abuse: { ...DEFAULTS, codesPerMinute: 1000 } }),
    });
    try {
      const from = '203.0.113.7';
      const send = async (email: string, remoteAddress = from) => {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/pl/user/sendEmailCode',
          remoteAddress,
          headers: { language: 'en' },
          payload: { email },
        });
        return res.json() as { code: number; data: unknown };
      };
      const cap = DEFAULTS.codeRecipientsPerHour;
      for (let i = 0; i < cap; i++) expect((await send(`r${i}@spread.example`)).code).toBe(0);
      const refused = await send('one-more@spread.example');
      expect(refused.code).toBe(ErrorCode.CODE_TOO_OFTEN);
      expect(Number(refused.data)).toBeGreaterThan(3500);
      const mailed = await app.deps.db
        .selectFrom('mail_outbox')
        .select('to_address')
        .where('to_address', '=', 'one-more@spread.example')
        .execute();
      expect(mailed).toEqual([]);
      // The same recipient again is the per-recipient interval's business, not the cap's.
      app.clock.advance(61_000);
      expect((await send('r0@spread.example')).code).toBe(0);
      // Another address is not held back; an hour later this one is free again.
      expect((await send('one-more@spread.example', '203.0.113.8')).code).toBe(0);
      app.clock.advance(60 * 60 * 1000);
      expect((await send('late@spread.example')).code).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('an unknown account answers as a known one', () => {
  it('gives the same answers to sign-in, password reset and registration', async () => {
    const attempts = async (account: string) => {
      const from = nextAddress();
      const answers: unknown[] = [];
      answers.push((await post('/pl/sso/login', { account, password: 'Wrong!Pass123' }, from)).body);
      const reset = {
        account,
        code: '123456',
        password: 'Another!Harbour88',
        confirmPassword: 'Another!Harbour88',
      };
      answers.push((await post('/pl/sso/resetPassword', reset, from)).body);
      const register = {
        companyName: `Probe ${account}`,
        account,
        userName: 'Probe',
        password: 'Another!Harbour88',
        confirmPassword: 'Another!Harbour88',
        code: '123456',
      };
      answers.push((await post('/pl/sso/register', register, from)).body);
      return answers.map((a) => JSON.stringify(a).replace(account, '<account>'));
    };
    expect(await attempts('stranger@abuse.example')).toEqual(await attempts('known@abuse.example'));
  });

  it('tells "not registered" only to whoever holds the code mailed to the address', async () => {
    const from = nextAddress();
    await post('/pl/user/sendEmailCode', { email: 'nobody-here@abuse.example' }, from);
    const code = await outboxCode(t, 'nobody-here@abuse.example');
    const res = await post(
      '/pl/sso/resetPassword',
      {
        account: 'nobody-here@abuse.example',
        code,
        password: 'Another!Harbour88',
        confirmPassword: 'Another!Harbour88',
      },
      from,
    );
    expect(res.body.code).toBe(ErrorCode.EMAIL_NOT_REGISTERED);
  });
});

describe('body size and depth', () => {
  it('refuses an anonymous body over 16 KB with code 1 naming the body', async () => {
    const res = await post(
      '/pl/sso/login',
      { account: 'a@b.example', password: 'x'.repeat(ANONYMOUS_BODY_LIMIT_BYTES) },
      nextAddress(),
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toBe('body: the request body is too large');
  });

  it(`refuses JSON nested more than ${MAX_JSON_DEPTH} deep on any call`, async () => {
    const deep = `{"account":${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}}`;
    const res = await post('/pl/sso/login', null, nextAddress(), deep);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toContain(`nested more than ${MAX_JSON_DEPTH} deep`);
  });

  it('reads no body of a signed-in call sent without a session', async () => {
    // Not even parsed: malformed JSON gets "no credentials", not a parse error.
    const res = await post('/link/device/getDeviceList', null, nextAddress(), `{"x":${'['.repeat(100_000)}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(ErrorCode.NO_CREDENTIALS);
  });

  it('measures depth outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[["}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('[[[]]]', 3)).toBe(false);
  });
});
