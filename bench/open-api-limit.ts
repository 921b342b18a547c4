/**
 * The open API's limit under load (issue 18): 100 clients, each offering 30 calls a second to
 * `GET /openapi/v1/devices` with its own token, against the real app on in-memory PGlite; the same
 * load with the company's limit lifted (the same gateway, bucket statement and calling log, nothing
 * refused); and a bare Fastify route answering the same JSON, all in one run.
 */
import http from 'node:http';
import os from 'node:os';
import { createOpenApiClientCall, ErrorCode, OPEN_API_PREFIX, OPEN_API_RATE } from '@fleetport/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { ManualClock } from '../packages/server/src/platform/clock.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/open.ts';

import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { benchTestApp } from './lib/app-shim.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { Measurement, ResultSection } from './lib/types.ts';

const CLIENTS = 100;
const OFFERED_PER_SECOND = 30;
/** A second limit run with as few clients as this machine answers in full, so every refusal is the limit's. */
const FEW_CLIENTS = 2;
const WARMUP_MS = 1000;
const LIMITED_MS = 10_000;
const OTHER_MS = 5000;
/** A client holding this many unanswered calls skips its next tick (counted), as a real client would wait. */
const MAX_IN_FLIGHT = 4;
const PATH = `${OPEN_API_PREFIX}/devices?pageNum=1&pageSize=20`;

interface Answer {
  client: number;
  ms: number;
  status: number;
  retryAfter: string | undefined;
  code: number | undefined;
}

interface Offered {
  answers: Answer[];
  offered: number;
  skipped: number;
  failed: number;
  elapsedMs: number;
  from: Date;
  to: Date;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Open-loop load: every client ticks OFFERED_PER_SECOND times a second (clients staggered over one
 * tick) and sends a call unless MAX_IN_FLIGHT of its calls are still unanswered. Answers during the
 * warm-up are not kept.
 */
async function offer(port: number, tokens: readonly string[], durationMs: number): Promise<Offered> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * MAX_IN_FLIGHT });
  const answers: Answer[] = [];
  let measuring = false;
  let offered = 0;
  let skipped = 0;
  let failed = 0;
  const inFlight = new Array<number>(tokens.length).fill(0);
  const tickMs = 1000 / OFFERED_PER_SECOND;
  const send = (client: number) => {
    if (measuring) offered++;
    if (inFlight[client]! >= MAX_IN_FLIGHT) {
      if (measuring) skipped++;
      return;
    }
    inFlight[client]!++;
    const counted = measuring;
    const started = process.hrtime.bigint();
    const req = http.get(
      { host: '127.0.0.1', port, path: PATH, agent, headers: { authorization: `Bearer ${tokens[client]}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          inFlight[client]!--;
          if (!counted) return;
          let code: number | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString()) as { code?: number }).code;
          } catch {
            code = undefined;
          }
          const retryAfter = res.headers['retry-after'];
          answers.push({
            client,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            status: res.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            code,
          });
        });
      },
    );
    req.on('error', () => {
      inFlight[client]!--;
      if (counted) failed++;
    });
  };
  const timers: ReturnType<typeof setInterval>[] = [];
  const starts = tokens.map((_, client) =>
    setTimeout(
      () => {
        send(client);
        timers.push(setInterval(() => send(client), tickMs));
      },
      (client * tickMs) / tokens.length,
    ),
  );
  await sleep(WARMUP_MS);
  measuring = true;
  const from = new Date();
  const started = performance.now();
  await sleep(durationMs);
  measuring = false;
  const to = new Date();
  const elapsedMs = performance.now() - started;
  for (const timer of starts) clearTimeout(timer);
  for (const timer of timers) clearInterval(timer);
  // Let the calls already sent finish before the next run starts.
  while (inFlight.some((n) => n > 0)) await sleep(20);
  agent.destroy();
  return { answers, offered, skipped, failed, elapsedMs, from, to };
}

function latencies(run: Offered, status?: number) {
  const ms = run.answers
    .filter((a) => status === undefined || a.status === status)
    .map((a) => a.ms)
    .sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99) };
}

/**
 * Calls admitted (200) per client and calendar second, as the server recorded them in the calling
 * log (its clock, its status), over the measured window.
 */
async function admittedLog(db: Db, run: Offered) {
  const rows = await sql<{ n: number }>`
    select count(*)::int as n from open_api_call_log
     where status = 200 and at >= ${run.from} and at < ${run.to}
     group by client_id, date_trunc('second', at)`.execute(db);
  const whole = await sql<{ n: number }>`
    select coalesce(max(n), 0)::int as n from (select count(*) as n from open_api_call_log
     where status = 200 and at >= ${run.from} and at < ${run.to} group by client_id) s`.execute(db);
  const counts = rows.rows.map((r) => r.n);
  const seconds = (run.to.getTime() - run.from.getTime()) / 1000;
  return {
    /** The most one client had admitted over the whole window, its burst taken off, per second. */
    pastBurst: Math.max(0, (whole.rows[0]?.n ?? 0) - OPEN_API_RATE.burst) / seconds,
    max: Math.max(0, ...counts),
    mean: counts.reduce((a, n) => a + n, 0) / Math.max(1, counts.length),
  };
}

function refusals(run: Offered) {
  const tooMany = run.answers.filter((a) => a.status === 429);
  return {
    tooMany: tooMany.length,
    withCode: tooMany.filter((a) => a.code === ErrorCode.OPEN_API_RATE_LIMITED).length,
    withRetryAfter: tooMany.filter((a) => a.retryAfter !== undefined && Number(a.retryAfter) >= 1).length,
    other: run.answers.filter((a) => a.status !== 200 && a.status !== 429).length,
  };
}

const perSecond = (run: Offered, status: number) =>
  (run.answers.filter((a) => a.status === status).length / run.elapsedMs) * 1000;

export async function run(): Promise<ResultSection> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), webDist: '/nonexistent' };
  // The app keeps the system clock: the token bucket refills in real time. The manual clock only
  // signs the console session that makes the clients.
  const { app, deps } = await buildApp({ config, db: database.db, dialect: database.dialect, logger: false });
  const bare = Fastify({ logger: false });
  try {
    const shim = benchTestApp(app, deps, new ManualClock(), config.apiPrefix);
    const { companyId } = await registerCompany(shim, {
      companyName: 'Bench API',
      account: 'o@bench-api.test',
    });
    const owner = await signIn(shim, 'o@bench-api.test');
    await sql`
      insert into device (sn, company_id, name, model, series, firmware_version, online, last_seen_at, licence_level, secret_hash, sim_count)
      select 'FPAPI' || lpad(i::text, 8, '0'), ${companyId}, 'Site ' || i, 'R1520-4L', 'r1520', '5.3.0', i % 3 = 0,
             now() - i * interval '37 seconds', 'BASE', 'x', 2
        from generate_series(1, 50) as i`.execute(deps.db);
    const tokens: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const made = await owner.call<{ client: { clientId: string }; clientSecret: string }>(
        createOpenApiClientCall.method,
        createOpenApiClientCall.path,
        { name: `Bench client ${i}`, scopes: ['devices:read'] },
      );
      if (made.body.code !== 0 || !made.body.data) throw new Error(`client ${i}: ${made.body.code}`);
      const token = await app.inject({
        method: 'POST',
        url: `${OPEN_API_PREFIX}/oauth/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: made.body.data.client.clientId,
          client_secret: made.body.data.clientSecret,
        }).toString(),
      });
      tokens.push((token.json() as { access_token: string }).access_token);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    // The bare route answers exactly what the real one answered, with the same limit headers.
    const sample = await fetch(`http://127.0.0.1:${port}${PATH}`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const sampleBody = await sample.json();
    if ((sampleBody as { code: number }).code !== ErrorCode.SUCCESS) throw new Error('sample call refused');
    bare.get(`${OPEN_API_PREFIX}/devices`, async (_request, reply) =>
      reply
        .header('RateLimit-Limit', '12')
        .header('RateLimit-Remaining', '11')
        .header('RateLimit-Reset', '1')
        .send(sampleBody),
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;
    await sleep(1500); // every bucket full again

    const limited = await offer(port, tokens, LIMITED_MS);
    const limitedLog = await admittedLog(deps.db, limited);
    await sleep(1500); // every bucket full again
    const few = await offer(port, tokens.slice(0, FEW_CLIENTS), LIMITED_MS);
    const fewLog = await admittedLog(deps.db, few);

    await sql`insert into company_quota (company_id, api_calls_per_second, updated_at) values (${companyId}, 1000000, now())
              on conflict (company_id) do update set api_calls_per_second = 1000000`.execute(deps.db);
    const lifted = await offer(port, tokens, OTHER_MS);
    const bareRun = await offer(barePort, tokens, OTHER_MS);

    const l = latencies(limited);
    const u = latencies(lifted);
    const bl = latencies(bareRun);
    const limitedRefused = refusals(limited);
    const fewRefused = refusals(few);
    const bareWhat = 'bare Fastify route, same JSON and headers, same load';
    const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 1 });
    const share = (part: number, whole: number) => `${whole === 0 ? 0 : Math.round((part / whole) * 100)} %`;
    const measurements: Measurement[] = [
      {
        what: `${CLIENTS} clients: answers (200 and 429) per second`,
        value: perSecond(limited, 200) + perSecond(limited, 429),
        unit: 'answers/s',
        limit: { what: bareWhat, value: perSecond(bareRun, 200) },
        higherIsBetter: true,
      },
      {
        what: `${CLIENTS} clients: calls admitted (200) per second`,
        value: perSecond(limited, 200),
        unit: 'calls/s',
        limit: {
          what: `${CLIENTS} × ${OPEN_API_RATE.perSecond}/s, what the limit allows`,
          value: CLIENTS * OPEN_API_RATE.perSecond,
        },
        higherIsBetter: true,
      },
      ...(['p50', 'p95', 'p99'] as const).map((p) => ({
        what: `${CLIENTS} clients: latency of every answer, ${p}`,
        value: l[p],
        unit: 'ms',
        limit: { what: bareWhat, value: bl[p] },
        higherIsBetter: false,
      })),
      {
        what: `${CLIENTS} clients, limit lifted (same gateway, nothing refused): answers per second`,
        value: perSecond(lifted, 200),
        unit: 'answers/s',
        limit: { what: bareWhat, value: perSecond(bareRun, 200) },
        higherIsBetter: true,
      },
      ...(['p50', 'p95'] as const).map((p) => ({
        what: `${CLIENTS} clients, limit lifted: latency, ${p}`,
        value: u[p],
        unit: 'ms',
        limit: { what: bareWhat, value: bl[p] },
        higherIsBetter: false,
      })),
      {
        what: `${FEW_CLIENTS} clients: calls admitted per client per second (mean)`,
        value: fewLog.mean,
        unit: 'calls',
        limit: { what: 'the limit', value: OPEN_API_RATE.perSecond },
        higherIsBetter: true,
      },
      {
        what: `${FEW_CLIENTS} clients: the busiest client's admitted calls per second over the run, its burst taken off`,
        value: fewLog.pastBurst,
        unit: 'calls/s',
        limit: { what: 'the limit', value: OPEN_API_RATE.perSecond },
        higherIsBetter: false,
      },
      {
        what: `${FEW_CLIENTS} clients: refused with 429 per second`,
        value: perSecond(few, 429),
        unit: 'calls/s',
        limit: {
          what: 'calls sent beyond the limit in this run (sent per second − clients × 12)',
          value: (few.answers.length / few.elapsedMs) * 1000 - FEW_CLIENTS * OPEN_API_RATE.perSecond,
        },
        higherIsBetter: true,
      },
    ];
    const runLine = (name: string, run: Offered) =>
      `${name}: ${fmt(run.offered)} ticks, ${fmt(run.skipped)} skipped (the client still waiting), ${fmt(run.answers.length)} answered, ${run.failed} failed`;
    const refusedLine = (r: ReturnType<typeof refusals>) =>
      `${fmt(r.tooMany)} refused with 429 (${share(r.withCode, r.tooMany)} with code 610006, ${share(r.withRetryAfter, r.tooMany)} with Retry-After ≥ 1 s), ${fmt(r.other)} other answers`;
    const fewLatency = latencies(few);
    return {
      title: 'Open API limit: 100 clients offering 30 calls/s each (`bench/open-api-limit.ts`)',
      method:
        `One app on in-memory PGlite in this process (system clock, so buckets refill in real time), one company with 50 devices and ${CLIENTS} open API clients, each with its own token. ` +
        `Each client ticks ${OFFERED_PER_SECOND} times a second (clients staggered) and sends \`GET ${PATH}\` unless ${MAX_IN_FLIGHT} of its calls are unanswered (then the tick is skipped and counted). ` +
        `Each run has ${WARMUP_MS / 1000} s of warm-up, not counted. Runs: ${LIMITED_MS / 1000} s of all ${CLIENTS} clients with the limit (12/s, burst 12, one bucket row per client, exact across nodes); ` +
        `${LIMITED_MS / 1000} s of ${FEW_CLIENTS} clients only, a load this machine answers in full, so that every refusal is the limit's; ` +
        `${OTHER_MS / 1000} s of all clients with the company's limit lifted (quota 1,000,000/s: the same gateway, token look-up, bucket statement and calling log, nothing refused); ` +
        `${OTHER_MS / 1000} s of all clients against a bare Fastify route answering the same JSON with the same headers. Admitted per client and second is read from the calling log (the server's clock and status). ` +
        `The load loop shares the process and the 2 CPUs with the app; load average at start ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs.`,
      measurements,
      notes: [
        `${runLine(`${CLIENTS} clients`, limited)}: ${refusedLine(limitedRefused)}. Admitted per client and second: mean ${fmt(limitedLog.mean)}, max ${limitedLog.max}.`,
        `${runLine(`${FEW_CLIENTS} clients`, few)}: ${refusedLine(fewRefused)}. Admitted per client and second: mean ${fmt(fewLog.mean)}, max ${fewLog.max}. ` +
          `Latency p50 ${fmt(fewLatency.p50)} ms, p95 ${fmt(fewLatency.p95)} ms, p99 ${fmt(fewLatency.p99)} ms. The calling log's time is when the answer left, so a slower answer can move a call across a calendar second's edge: the per-second maximum is the limit seen through answer times, the figure over the whole run is the limit itself.`,
        `${runLine(`${CLIENTS} clients, limit lifted`, lifted)}. ${runLine('Bare route', bareRun)}.`,
        'Each open API call costs the token look-up (a join with the company quota), the bucket statement, the company tree, the handler and the calling log insert, all on the one PGlite connection; a refusal skips the handler. ' +
          `When the ${CLIENTS} clients offer more than the app answers, the app is the bottleneck and the limit is not reached; the ${FEW_CLIENTS}-client run shows the limit itself, and open-api-limits.test.ts proves it exact on one node and on two (injected clock).`,
      ],
    };
  } finally {
    await bare.close();
    await app.close();
    await database.close();
  }
}

await runWhenMain(import.meta.url, run);
