import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../packages/server/src/platform/app-deps.ts';
import type { ManualClock } from '../../packages/server/src/platform/clock.ts';
import type { TestApp } from '../../packages/server/test/helpers.ts';

/**
 * The test helpers' `TestApp` over an app a benchmark built itself, so a benchmark signs up and signs
 * in through the real flow (test/accounts.ts) instead of writing sessions by hand.
 */
export function benchTestApp(
  app: FastifyInstance,
  deps: AppDeps,
  clock: ManualClock,
  apiPrefix: string,
): TestApp {
  return {
    app,
    deps,
    clock,
    async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await app.inject({
        method: method as 'POST',
        url: apiPrefix + path,
        headers: { language: 'en', ...headers },
        payload: body as object,
      });
      return { status: res.statusCode, body: res.json() };
    },
  } as unknown as TestApp;
}
