/**
 * The device list while telemetry flows: the filtered pages of bench/device-list.ts over 100,000
 * devices, on one connection (what one user waits for), first with the gateway idle and then while
 * 2,000 devices send QoS 1 telemetry to the same server (embedded broker, acknowledged after commit).
 * On PGlite with its data directory on disk, and, when DATABASE_URL names a PostgreSQL server, on a
 * fresh database there too. The limit is the same call on the idle server, measured in the same run.
 *
 *   node --import tsx bench/list-under-telemetry.ts    (or npm run bench -- list-under-telemetry)
 *   DATABASE_URL=postgres://... node --import tsx bench/list-under-telemetry.ts   (both sections)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, listDevicesCall } from '@fleetport/contract';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import type { Gateway } from '../packages/server/src/gateway/gateway.ts';
import { TELEMETRY_ROWS_PER_STATEMENT } from '../packages/server/src/gateway/telemetry-writer.ts';
import { signTicket } from '../packages/server/src/platform/auth/ticket.ts';
import { ManualClock } from '../packages/server/src/platform/clock.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/open.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { openFreshPostgres } from '../packages/server/test/helpers.ts';
import { SCENARIOS, seed } from './device-list.ts';
import { benchTestApp } from './lib/app-shim.ts';
import { benchFleet, insertFleet } from './lib/fleet-rows.ts';
import { ask, startLoadProcesses } from './lib/load-fleet.ts';
import { type LoadResult, loadPost } from './lib/post-load.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { Measurement, ResultSection } from './lib/types.ts';

const SENDERS = Number(process.env.BENCH_SENDERS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const ONE_USER = { connections: 1, warmupMs: 1000, durationMs: 4000 };
/** The list scenarios with filters (the "filtered pages"), not the unfiltered first page. */
const FILTERED = SCENARIOS.filter((s) =>
  Object.keys(s.query).some((k) => k !== 'pageNum' && k !== 'pageSize'),
);

export async function run(): Promise<ResultSection[]> {
  const sections = [await measure('pglite')];
  const url = process.env.DATABASE_URL;
  if (url) sections.push(await measure('postgres', url));
  return sections;
}

async function measure(dialect: 'pglite' | 'postgres', databaseUrl?: string): Promise<ResultSection> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  // PGlite on disk, as `npm start` runs it (an in-memory PGlite copies each growing table file whole).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-'));
  const database = databaseUrl
    ? await openFreshPostgres(databaseUrl, 'fp_bench_busy')
    : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const base = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const config = {
    ...base,
    webDist: '/nonexistent',
    dataDir,
    mqtt: { ...base.mqtt, port: 0 },
  };
  const clock = new ManualClock();
  const { app, deps } = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    gateway: true,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const workers = startLoadProcesses(2);
  try {
    const shim = benchTestApp(app, deps, clock, config.apiPrefix);
    const { companyId } = await registerCompany(shim, {
      companyName: 'Busy Fleet',
      account: 'owner@busy.test',
    });
    const session = await signIn(shim, 'owner@busy.test');
    await seed(deps.db, companyId, dialect);
    // The senders belong to the same company: their telemetry lands beside the listed devices.
    const senders = benchFleet('BUSY', SENDERS);
    await insertFleet(deps.db, companyId, senders);
    const gateway = deps.gateway as Gateway;
    const mqttPort = Number(new URL(gateway.endpoint()).port);
    await Promise.all(
      workers.map((w, k) =>
        ask(w, {
          cmd: 'connect',
          port: mqttPort,
          hosts: ['127.0.0.1'],
          devices: senders.filter((_, i) => i % workers.length === k),
          concurrency: 100,
        }),
      ),
    );
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${config.apiPrefix}${listDevicesCall.path}`;
    const headers = () => ({ language: 'en', ticket: signTicket(session.ticket, session.key, Date.now()) });
    for (const s of FILTERED) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers() },
        body: JSON.stringify(s.query),
      });
      const body = (await res.json()) as { code: number };
      if (body.code !== ErrorCode.SUCCESS) throw new Error(`${s.what}: code ${body.code}`);
    }

    const idle = new Map<string, LoadResult>();
    for (const s of FILTERED)
      idle.set(s.what, await loadPost(url, JSON.stringify(s.query), headers, ONE_USER));

    // Telemetry for as long as the list scenarios take under it, plus margin.
    const seconds = Math.ceil((FILTERED.length * (ONE_USER.warmupMs + ONE_USER.durationMs)) / 1000) + 4;
    const countStored = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from device_telemetry`.execute(
        deps.db,
      );
      return rows[0]?.n ?? 0;
    };
    const storedBefore = await countStored();
    const writerBefore = gateway.telemetry.stats();
    const sending = Promise.all(
      workers.map((w) =>
        ask(w, { cmd: 'telemetry', ratePerSecond: RATE / workers.length, seconds, maxInflight: 20_000 }),
      ),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const busy = new Map<string, LoadResult>();
    for (const s of FILTERED)
      busy.set(s.what, await loadPost(url, JSON.stringify(s.query), headers, ONE_USER));
    const replies = await sending;
    await gateway.telemetry.flush();
    const stored = (await countStored()) - storedBefore;
    let sent = 0;
    let acked = 0;
    let elapsedMs = 0;
    for (const r of replies) {
      if (r.cmd !== 'telemetry') continue;
      sent += r.sent;
      acked += r.acked;
      elapsedMs = Math.max(elapsedMs, r.ms);
    }

    const measurements: Measurement[] = [];
    for (const s of FILTERED) {
      const quiet = idle.get(s.what) as LoadResult;
      const loaded = busy.get(s.what) as LoadResult;
      if (quiet.errors + loaded.errors > 0) throw new Error(`${s.what}: failed requests`);
      for (const p of ['p50', 'p95'] as const)
        measurements.push({
          what: `${s.what}, one connection, under telemetry: ${p}`,
          value: loaded[`${p}Ms`],
          unit: 'ms',
          limit: { what: 'same call, gateway idle', value: quiet[`${p}Ms`] },
          higherIsBetter: false,
        });
    }
    measurements.push({
      what: 'telemetry stored while the list was read',
      value: Math.round(stored / (elapsedMs / 1000)),
      unit: 'msg/s',
      limit: { what: 'offered', value: RATE },
      higherIsBetter: true,
    });
    const writer = gateway.telemetry.stats();
    const batches = writer.batches - writerBefore.batches;
    const writeNote =
      batches > 0
        ? `Telemetry batches written during the loaded phase: ${batches.toLocaleString('en')}, ${Math.round(stored / batches)} rows and ${((writer.writingMs - writerBefore.writingMs) / batches).toFixed(1)} ms each on average (statements of at most ${TELEMETRY_ROWS_PER_STATEMENT} rows).`
        : 'No telemetry batch was written during the loaded phase.';
    const onWhat =
      dialect === 'pglite'
        ? 'PGlite (data directory on disk, on its own thread, as `npm start` runs it)'
        : "PostgreSQL (a fresh database on this machine, default settings, the app's pool of 10 connections)";
    return {
      title:
        dialect === 'pglite'
          ? 'Device list under telemetry load (`bench/list-under-telemetry.ts`)'
          : 'Device list under telemetry load on PostgreSQL (`bench/list-under-telemetry.ts`)',
      method:
        `One company holds ${(100_000).toLocaleString('en')} listed devices and ${SENDERS.toLocaleString('en')} sending ones in ${onWhat}, ` +
        'served by one server process with its embedded broker. One connection reads each filtered page of the device-list benchmark ' +
        `for ${ONE_USER.warmupMs / 1000} s of warm-up and ${ONE_USER.durationMs / 1000} s measured, first with the gateway idle (the limit), ` +
        `then while the ${SENDERS.toLocaleString('en')} devices (2 load processes, bare MQTT) offer ${RATE.toLocaleString('en')} QoS 1 telemetry messages per second, each acknowledged after its row is committed.`,
      measurements,
      notes: [
        `Load average (1 min) when this benchmark began: ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs.`,
        `Telemetry during the loaded phase: ${sent.toLocaleString('en')} sent, ${acked.toLocaleString('en')} acknowledged, ${stored.toLocaleString('en')} stored, over ${(elapsedMs / 1000).toFixed(1)} s.`,
        writeNote,
        dialect === 'pglite'
          ? 'PGlite is one connection: a list call that arrives while a telemetry statement runs waits for it to end, so the loaded figures are what one user sees while the fleet reports.'
          : 'On PostgreSQL the list call has a connection of its own beside the telemetry writer; the database, the server and the load processes share the same 2 CPUs.',
      ],
    };
  } finally {
    await Promise.all(workers.map((w) => ask(w, { cmd: 'close' })));
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await runWhenMain(import.meta.url, run);
