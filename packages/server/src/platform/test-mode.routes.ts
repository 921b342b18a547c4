import { advanceTestClockCall, testClockCall } from '@fleetport/contract';
import type { OffsetClock } from './clock.ts';
import { bind, type RouteBinding } from './http/calls.ts';

/**
 * The calls of AUTOMATED_TEST_MODE (contract `api/test-mode.ts`), registered by `buildApp` only in that
 * mode and only when the app runs on its own offset clock: a production server has no such route (404).
 */
export function testModeRoutes(clock: OffsetClock): RouteBinding[] {
  return [
    bind(advanceTestClockCall, async (ctx) => {
      clock.advance(ctx.input.ms);
      return { now: clock.now().getTime() };
    }),
    bind(testClockCall, async () => ({ now: clock.now().getTime() })),
  ];
}
