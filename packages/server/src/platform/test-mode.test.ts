import {
  advanceTestClockCall,
  ErrorCode,
  TEST_CLOCK_MAX_ADVANCE_MS,
  testClockCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../test/helpers.ts';
import { ensureSuperAdmin } from '../modules/accounts/accounts.service.ts';
import { companyOwner } from '../modules/devices/device-test-kit.ts';

/**
 * AUTOMATED_TEST_MODE's clock (browser journeys let a month pass with it): only that mode serves the
 * call, only the Super Admin may move the clock, only forwards and within bounds, and everything the
 * services time by reads the moved clock.
 */

const DAY_MS = 86_400_000;
let testMode: TestApp;
let production: TestApp;
let admin: SignedIn;
let adminAccount: { account: string; password: string };

beforeAll(async () => {
  testMode = await createTestApp({ config: testConfig({ automatedTestMode: true }), appClock: 'own' });
  production = await createTestApp();
  adminAccount = (await ensureSuperAdmin(testMode.deps))!;
  admin = await signIn(testMode, adminAccount.account, adminAccount.password);
}, 120_000);
afterAll(async () => {
  await testMode?.close();
  await production?.close();
});

describe('the test-mode clock', () => {
  it('moves the services’ time forward for the Super Admin, and answers the new time', async () => {
    const before = testMode.deps.clock.now().getTime();
    const res = await admin.call('POST', advanceTestClockCall.path, { ms: 31 * DAY_MS });
    expect(res.body.code).toBe(0);
    const now = (res.body.data as { now: number }).now;
    expect(now - before).toBeGreaterThanOrEqual(31 * DAY_MS);
    expect(testMode.deps.clock.now().getTime()).toBeGreaterThanOrEqual(now);
    // Anyone may read it (a browser must sign with it before it can sign in anything else).
    const read = await testMode.call('GET', testClockCall.path);
    expect((read.body.data as { now: number }).now).toBeGreaterThanOrEqual(now);
    // Requests are signed with the time they are sent at: the test's clock moves as a browser's must.
    testMode.clock.advance(31 * DAY_MS);
  });

  it('refuses a company owner (5), and a step back, nothing or more than 400 days naming the field', async () => {
    // A month has passed: every session has ended.
    admin = await signIn(testMode, adminAccount.account, adminAccount.password);
    const owner = await companyOwner(testMode, 'Clockwork Co', 'owner@clockwork.test');
    expect((await owner.run(advanceTestClockCall, { ms: DAY_MS })).code).toBe(ErrorCode.NO_PERMISSION);
    for (const ms of [-DAY_MS, 0, TEST_CLOCK_MAX_ADVANCE_MS + 1]) {
      const res = await admin.call('POST', advanceTestClockCall.path, { ms });
      expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.body.msg).toContain('ms');
    }
  });

  it('is not served outside AUTOMATED_TEST_MODE', async () => {
    const res = await production.call('POST', advanceTestClockCall.path, { ms: DAY_MS });
    expect(res.status).toBe(404);
    expect((await production.call('GET', testClockCall.path)).status).toBe(404);
  });
});
