import { z } from 'zod';
import { defineCall } from './define.ts';

/**
 * Calls a server offers only under AUTOMATED_TEST_MODE=true (the mode that already turns the captcha
 * off and says so in the log): browser journeys run the real server as a child process and cannot
 * inject a clock the way API tests do, yet "a licence expires" must happen within a journey. They are
 * not in ALL_CALLS: a production server never registers them, and the route, tenancy and fuzz tests walk
 * what production serves.
 */

const DAY_MS = 86_400_000;
/** Far enough for a licence period and an auto-renew lead; a test never needs years. */
export const TEST_CLOCK_MAX_ADVANCE_MS = 400 * DAY_MS;

export const advanceTestClockCall = defineCall({
  id: 'testMode.advanceClock',
  method: 'POST',
  path: '/test/clock/advance',
  input: z.strictObject({ ms: z.number().int().min(1).max(TEST_CLOCK_MAX_ADVANCE_MS) }),
  output: z.object({ now: z.number().int() }),
  permission: 'superAdmin',
  mutates: true,
  summary:
    "AUTOMATED_TEST_MODE only: moves the server's clock forward by `ms` (never back); jobs, sessions and licence periods all read it. Answers the new time (Unix ms)",
});

export const testClockCall = defineCall({
  id: 'testMode.clock',
  method: 'GET',
  path: '/test/clock',
  input: z.strictObject({}),
  output: z.object({ now: z.number().int() }),
  permission: 'public',
  summary:
    "AUTOMATED_TEST_MODE only: the server's time (Unix ms), so a journey's browser can sign requests with it after the clock moved",
});

export const TEST_MODE_CALLS = [advanceTestClockCall, testClockCall] as const;
