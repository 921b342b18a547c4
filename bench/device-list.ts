import os from 'node:os';
import { DEVICE_LIST_COUNT_CAP, type DeviceListQuery, ErrorCode, listDevicesCall } from '@fleetport/contract';
import Fastify from 'fastify';
import { type KyselyPlugin, sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { signTicket } from '../packages/server/src/platform/auth/ticket.ts';
import { ManualClock } from '../packages/server/src/platform/clock.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/open.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { openFreshPostgres } from '../packages/server/test/helpers.ts';
import { benchTestApp } from './lib/app-shim.ts';
import { type LoadResult, loadPost } from './lib/post-load.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { Measurement, ResultSection } from './lib/types.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const LOAD = { connections: 8, warmupMs: 1000, durationMs: 4000 };
/** One user waiting for the page: no queue in front of their call, so the figure is the call itself. */
const ALONE = { ...LOAD, connections: 1 };

type Query = Partial<DeviceListQuery> & { pageNum: number; pageSize: number };

/** What a console user does on the list: the first page, filters with a sort, searches, a deep page. */
export const SCENARIOS: { what: string; query: Query }[] = [
  { what: 'first page, newest seen first (default sort)', query: { pageNum: 1, pageSize: 20 } },
  {
    what: 'online + model filter, sorted by name, page 5',
    query: {
      pageNum: 5,
      pageSize: 20,
      online: 'online',
      model: 'R1510-4L',
      sortField: 'name',
      sortOrder: 'asc',
    },
  },
  {
    what: 'search by name part "Site 4217", sorted by SN',
    query: { pageNum: 1, pageSize: 20, search: 'Site 4217', sortField: 'sn', sortOrder: 'asc' },
  },
  { what: 'search by IP part "10.3.17."', query: { pageNum: 1, pageSize: 20, search: '10.3.17.' } },
  {
    what: 'firmware filter, sorted by last seen, page 200',
    query: { pageNum: 200, pageSize: 20, firmwareVersion: '5.2.2' },
  },
];

/** 100,000 devices in one INSERT ... SELECT: realistic spread of models, states, versions and addresses. */
export async function seed(db: Db, companyId: number, dialect: 'pglite' | 'postgres'): Promise<void> {
  await sql`
    insert into device (sn, company_id, name, model, series, firmware_version, app_version, online, last_seen_at,
                        mac, imei, ip, licence_level, secret_hash, sim_count)
    select '2023' || lpad(i::text, 10, '0'), ${companyId},
           'Site ' || i || ' ' || (array['pump','gate','depot','kiosk','tower'])[1 + i % 5],
           (array['R1510-4L','R1511','R3000-Q','R2010','MEG5000','R1520-4L'])[1 + i % 6],
           (array['r151x','r151x','r3000','r201x','meg5000','r1520'])[1 + i % 6],
           (array['5.3.0','5.2.2','5.1.4','2.3.1'])[1 + i % 4], '1.0.' || (i % 7),
           (i % 5) < 3, now() - (i % 10000) * interval '37 seconds',
           '00:1A:2B:' || lpad(to_hex((i >> 16) & 255), 2, '0') || ':' || lpad(to_hex((i >> 8) & 255), 2, '0') || ':' || lpad(to_hex(i & 255), 2, '0'),
           '35' || lpad(i::text, 13, '0'),
           '10.' || (i % 8) || '.' || ((i / 8) % 256) || '.' || ((i / 2048) % 256),
           case when i % 10 = 0 then 'ESSENTIALS' else 'BASE' end, 'x', 2
      from generate_series(1, ${DEVICES}) as i`.execute(db);
  // PostgreSQL's autovacuum would otherwise start on the new rows in the middle of a measurement.
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze device' : 'analyze device').execute(db);
}

/** Median time of a bare SQL statement over 9 runs. */
async function medianMs(db: Db, text: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 9; i++) {
    const started = performance.now();
    await sql.raw(text).execute(db);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[4]!;
}

async function countCosts(db: Db, companyId: number) {
  const where = `company_id = ${Number(companyId)}`;
  const fw = `${where} and firmware_version = '5.2.2'`;
  const cap = DEVICE_LIST_COUNT_CAP + 1;
  return {
    exactAll: await medianMs(db, `select count(*) from device where ${where}`),
    cappedAll: await medianMs(
      db,
      `select count(*) from (select 1 from device where ${where} limit ${cap}) m`,
    ),
    exactFiltered: await medianMs(db, `select count(*) from device where ${fw}`),
    cappedFiltered: await medianMs(
      db,
      `select count(*) from (select 1 from device where ${fw} limit ${cap}) m`,
    ),
    page: await medianMs(
      db,
      `select sn from device where ${where} order by last_seen_at desc nulls last, sn desc limit 20`,
    ),
  };
}

/**
 * The list on in-memory PGlite (the default set-up: one connection, so every statement of every call
 * waits its turn) and, when DATABASE_URL names a PostgreSQL server, on PostgreSQL too, each with
 * its own bare route measured beside it in the same run.
 */
export async function run(): Promise<ResultSection[]> {
  const sections = [await measure('pglite')];
  const url = process.env.DATABASE_URL;
  if (url) sections.push(await measure('postgres', url));
  return sections;
}

async function measure(dialect: 'pglite' | 'postgres', url?: string): Promise<ResultSection> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const database = url
    ? await openFreshPostgres(url, 'fp_bench')
    : await openDatabase({ dataDir: 'memory://' });
  const onWhat = dialect === 'pglite' ? 'in-memory PGlite' : 'PostgreSQL (a fresh database on this machine)';
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv), webDist: '/nonexistent' };
  const clock = new ManualClock();
  // Counts the SQL statements the app sends, so the notes can say how many one call costs.
  const sent = { statements: 0 };
  const counting: KyselyPlugin = {
    // Called for every query builder, subqueries included; the result comes once per statement.
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      sent.statements++;
      return args.result;
    },
  };
  const db = database.db.withPlugin(counting);
  const { app, deps } = await buildApp({ config, db, dialect: database.dialect, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  try {
    // Sign up and sign in through the real flow, as a console user would.
    const shim = benchTestApp(app, deps, clock, config.apiPrefix);
    const { companyId } = await registerCompany(shim, {
      companyName: 'Bench Fleet',
      account: 'owner@bench-fleet.test',
    });
    const session = await signIn(shim, 'owner@bench-fleet.test');
    const seedStarted = performance.now();
    await seed(deps.db, companyId, dialect);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const headers = () => ({ language: 'en', ticket: signTicket(session.ticket, session.key, Date.now()) });
    const address = app.server.address() as { port: number };
    const url = `http://127.0.0.1:${address.port}${config.apiPrefix}${listDevicesCall.path}`;

    // The bare route answers exactly what the real call answered for the same page.
    const answers = new Map<string, unknown>();
    const statements = new Map<string, number>();
    // Several passes: later ones find the session already read, as every call after a user's first
    // does, and the fewest statements seen leaves out the app's own background work (mail outbox ...).
    for (const s of Array.from({ length: 6 }, () => SCENARIOS).flat()) {
      sent.statements = 0;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers() },
        body: JSON.stringify(s.query),
      });
      const body = (await res.json()) as { code: number; total: number };
      if (body.code !== ErrorCode.SUCCESS) throw new Error(`${s.what}: code ${body.code}`);
      answers.set(JSON.stringify(s.query), body);
      const key = JSON.stringify(s.query);
      statements.set(key, Math.min(statements.get(key) ?? Number.POSITIVE_INFINITY, sent.statements));
    }
    bare.post('/bare', async (request) => answers.get(JSON.stringify(request.body)));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

    const counts = await countCosts(deps.db, companyId);
    const measurements: Measurement[] = [];
    const notes: string[] = [
      `Why a filtered list counts only up to ${DEVICE_LIST_COUNT_CAP.toLocaleString('en')} matches (then answers "more"), and the whole fleet's total comes from a trigger-kept counter: an exact COUNT over ` +
        `the whole company took ${counts.exactAll.toFixed(1)} ms and over a firmware filter ${counts.exactFiltered.toFixed(1)} ms, against ` +
        `${counts.cappedAll.toFixed(1)} ms and ${counts.cappedFiltered.toFixed(1)} ms capped, while the first page itself took ` +
        `${counts.page.toFixed(1)} ms (medians of 9 runs of the bare SQL, same database, same run).`,
      `Load average (1 min) when this benchmark began: ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs; ` +
        'the bare route is measured beside each scenario, so its figures show how much of the machine was left.',
      `Seeding ${DEVICES.toLocaleString('en')} devices with one INSERT … SELECT took ${seedSeconds.toFixed(1)} s.`,
    ];
    if (dialect === 'postgres') {
      const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(
        deps.db,
      );
      notes.push(
        `PostgreSQL ${rows[0]?.v} on the same 2 CPUs as the load loop and the app, default settings; the app's pool holds 10 connections; the table was vacuumed and analyzed after seeding.`,
      );
    }
    const bareWhat = 'bare Fastify route, same JSON';
    const latencies = (what: string, real: LoadResult, limit: LoadResult): Measurement[] =>
      (['p50', 'p95'] as const).map((p) => ({
        what: `${what}: ${p}`,
        value: real[`${p}Ms`],
        unit: 'ms',
        limit: { what: bareWhat, value: limit[`${p}Ms`] },
        higherIsBetter: false,
      }));
    for (const s of SCENARIOS) {
      const body = JSON.stringify(s.query);
      // Alternate bare and real so a slower moment of the shared machine does not favour one side.
      const limit = await loadPost(bareUrl, body, () => ({}), LOAD);
      const real = await loadPost(url, body, headers, LOAD);
      const aloneLimit = await loadPost(bareUrl, body, () => ({}), ALONE);
      const alone = await loadPost(url, body, headers, ALONE);
      const errors = real.errors + alone.errors;
      if (errors > 0) throw new Error(`${s.what}: ${errors} failed requests`);
      const total = (answers.get(body) as { total: number }).total;
      notes.push(
        `${s.what}: ${total.toLocaleString('en')} matching devices, ${statements.get(body)} SQL statements per call (session check included), ${real.requests} requests measured on ${LOAD.connections} connections, ${alone.requests} on one.`,
      );
      measurements.push(
        ...latencies(s.what, real, limit),
        {
          what: `${s.what}: requests/s`,
          value: real.requestsPerSecond,
          unit: 'req/s',
          limit: { what: bareWhat, value: limit.requestsPerSecond },
          higherIsBetter: true,
        },
        ...latencies(`${s.what}, one connection`, alone, aloneLimit),
      );
    }
    return {
      title:
        dialect === 'pglite'
          ? `Device list over ${DEVICES.toLocaleString('en')} devices (\`bench/device-list.ts\`)`
          : `Device list over ${DEVICES.toLocaleString('en')} devices on PostgreSQL (\`bench/device-list.ts\`)`,
      method:
        `One company holds ${DEVICES.toLocaleString('en')} devices in ${onWhat}. The real app and a bare Fastify route ` +
        `run in this process on 127.0.0.1; ${LOAD.connections} keep-alive connections POST ${listDevicesCall.path} (signed ticket per ` +
        `request, page size 20) for ${LOAD.warmupMs / 1000} s of warm-up and ${LOAD.durationMs / 1000} s measured per scenario, then one ` +
        'connection alone for as long: "one connection" is what a single user waiting for the page sees, while with ' +
        `${LOAD.connections} a call on PGlite also waits for the calls queued before it on its one database connection. The bare ` +
        'route answers the same JSON the real call answered. Each page carries the matching total, counted up to ' +
        `${DEVICE_LIST_COUNT_CAP.toLocaleString('en')}.`,
      measurements,
      notes,
    };
  } finally {
    await bare.close();
    await app.close();
    await database.close();
  }
}

await runWhenMain(import.meta.url, run);
