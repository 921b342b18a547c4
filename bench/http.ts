/**
 * HTTP overhead of the platform: GET /api/health of the real app (contract validation, envelope,
 * request ids, error handler, database ping) against a bare Fastify route answering the same JSON,
 * both measured here in the same run with the same load.
 */
import { healthCall, staticConfigCall } from '@fleetport/contract';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type LoadOptions, type LoadResult, loadGet } from './lib/load.ts';
import { startTarget } from './lib/targets.ts';
import type { Measurement, ResultSection } from './lib/types.ts';

const LOAD: LoadOptions = { connections: 16, warmupMs: 1000, durationMs: 4000, maxRequests: 200_000 };
const { apiPrefix } = loadConfig({} as NodeJS.ProcessEnv);
const HEALTH = apiPrefix + healthCall.path;
const STATIC_CONFIG = apiPrefix + staticConfigCall.path;

async function measure(url: string): Promise<LoadResult> {
  const result = await loadGet(url, LOAD);
  if (result.errors > 0) throw new Error(`${url}: ${result.errors} failed requests`);
  return result;
}

async function bestOfTwo(a: string, b: string): Promise<[LoadResult, LoadResult]> {
  // Alternate so that a slower moment of a shared machine does not favour one side.
  const a1 = await measure(a);
  const b1 = await measure(b);
  const a2 = await measure(a);
  const b2 = await measure(b);
  return [best(a1, a2), best(b1, b2)];
}

function best(a: LoadResult, b: LoadResult): LoadResult {
  return a.requestsPerSecond >= b.requestsPerSecond ? a : b;
}

export async function run(): Promise<ResultSection> {
  const real = await startTarget({ kind: 'fleetport', logLevel: 'silent' });
  const realLogged = await startTarget({ kind: 'fleetport', logLevel: 'info' });
  // The bare routes answer exactly what the real ones answer.
  const routes = await Promise.all(
    [HEALTH, STATIC_CONFIG].map(async (url) => ({
      url,
      body: await (await fetch(real.baseUrl + url)).json(),
    })),
  );
  const bareTarget = await startTarget({ kind: 'bare', logLevel: 'silent', routes });
  let bare: LoadResult;
  let app: LoadResult;
  let bareStatic: LoadResult;
  let appStatic: LoadResult;
  let logged: LoadResult;
  try {
    [bare, app] = await bestOfTwo(bareTarget.baseUrl + HEALTH, real.baseUrl + HEALTH);
    [bareStatic, appStatic] = await bestOfTwo(
      bareTarget.baseUrl + STATIC_CONFIG,
      real.baseUrl + STATIC_CONFIG,
    );
    logged = await measure(realLogged.baseUrl + HEALTH);
  } finally {
    await Promise.all([real.close(), realLogged.close(), bareTarget.close()]);
  }
  const bareWhat = 'bare Fastify route, same JSON';

  const measurements: Measurement[] = [
    {
      what: 'GET /api/health, requests/s (LOG_LEVEL=silent)',
      value: app.requestsPerSecond,
      unit: 'req/s',
      limit: { what: bareWhat, value: bare.requestsPerSecond },
      higherIsBetter: true,
    },
    {
      what: 'GET /api/health, requests/s (LOG_LEVEL=info, every request logged)',
      value: logged.requestsPerSecond,
      unit: 'req/s',
      limit: { what: bareWhat, value: bare.requestsPerSecond },
      higherIsBetter: true,
    },
    {
      what: 'GET /api/static/config.json (no database), requests/s',
      value: appStatic.requestsPerSecond,
      unit: 'req/s',
      limit: { what: bareWhat, value: bareStatic.requestsPerSecond },
      higherIsBetter: true,
    },
    {
      what: 'GET /api/health, median latency (silent)',
      value: app.p50Ms,
      unit: 'ms',
      limit: { what: bareWhat, value: bare.p50Ms },
      higherIsBetter: false,
    },
    {
      what: 'GET /api/health, p99 latency (silent)',
      value: app.p99Ms,
      unit: 'ms',
      limit: { what: bareWhat, value: bare.p99Ms },
      higherIsBetter: false,
    },
  ];
  return {
    title: 'HTTP: console API overhead',
    method:
      `Each server runs alone in a worker thread on 127.0.0.1; the load loop in the main thread keeps ` +
      `${LOAD.connections} keep-alive connections busy for ${LOAD.warmupMs / 1000} s of warm-up and ` +
      `${LOAD.durationMs / 1000} s measured (at most ${LOAD.maxRequests} requests). The real app runs on ` +
      'in-memory PGlite; its health call pings the database on every request. Bare and real runs alternate ' +
      '(bare, real, bare, real; the same for the static configuration call; then real with request ' +
      'logging) and the better of each pair is kept.',
    measurements,
    notes: [
      'The static configuration call runs the same platform path (contract validation, envelope, hooks) ' +
        'without the database, so the gap between the two calls is the database ping.',
    ],
  };
}
