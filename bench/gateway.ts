/**
 * Gateway benchmark: N devices connected to the embedded broker, memory per connection, and
 * telemetry messages per second stored with none lost, beside the same load on a bare Aedes broker
 * whose handler does nothing (the limit). Writes its section of bench/RESULTS.md.
 *
 *   npm run bench -- gateway         (with the other benchmarks: npm run bench)
 *   node --import tsx bench/gateway.ts --devices 20000 --rate 5000 --seconds 10   (this section only)
 *   node --import tsx bench/gateway.ts --devices 2000 --rate 2000 --side fleetport --profile max.cpuprofile
 *     (one side only: prints its figures and leaves bench/RESULTS.md alone; --profile writes a CPU
 *     profile of the server process over the as-fast-as-acknowledged burst)
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Aedes } from 'aedes';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import type { Gateway } from '../packages/server/src/gateway/gateway.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase } from '../packages/server/src/platform/db/open.ts';
import { benchFleet, insertFleet } from './lib/fleet-rows.ts';
import { ask, startLoadProcesses } from './lib/load-fleet.ts';
import { runWhenMain } from './lib/results-file.ts';
import { SERVER_NODE_FLAGS } from './lib/server-flags.ts';
import type { Measurement, ResultSection } from './lib/types.ts';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2)
  args.set(process.argv[i]?.replace(/^--/, '') ?? '', process.argv[i + 1] ?? '');
const FD_LIMIT = Number(execSync('sh -c "ulimit -n"').toString().trim()) || 1024;
// One file descriptor per connection in this process, plus some for itself.
const WANTED = Number(args.get('devices') ?? 20_000);
const DEVICES = Math.min(WANTED, FD_LIMIT - 150);
const RATE = Number(args.get('rate') ?? 5000);
const SECONDS = Number(args.get('seconds') ?? 10);
const WORKERS = Math.max(2, Math.ceil(DEVICES / 10_000));
const COMPANY = 1;
/** Messages a load process keeps in flight (sent, not yet acknowledged) when sending as fast as it can. */
const WINDOW = 4000;
const LOAD_AT_START = os.loadavg()[0]?.toFixed(1) ?? '?';

interface Burst {
  sent: number;
  acked: number;
  stored: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Server process CPU time (user + system) per acknowledged message: robust to a shared machine. */
  cpuUs: number;
  /** Share of the burst the server's main thread was busy (event loop utilisation), in %. */
  mainThreadBusy: number;
  /** CPU per acknowledged message of the main thread and of the busiest other thread, in µs. */
  mainThreadCpuUs: number;
  busiestOtherThreadCpuUs: number;
}

interface Figures {
  connected: number;
  connectSeconds: number;
  rssPerConnectionKb: number;
  heapPerConnectionKb: number;
  paced: Burst;
  max: Burst;
  /** The same, with a window four times as wide: what a wider window buys each side. */
  wide: Burst;
}

function startWorkers() {
  return startLoadProcesses(WORKERS);
}

// Collect garbage before reading memory, so the per-connection figure is what connections hold.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

async function memory() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 200));
  }
  const m = process.memoryUsage();
  // Socket and packet buffers live outside the JS heap ("external").
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

/** CPU time (ms) of each thread of this process, by thread id (Linux; empty elsewhere). */
function threadCpuMs(): Map<string, number> {
  const times = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync('/proc/self/task')) {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
      times.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {}
  return times;
}

/** `--profile <file>`: a CPU profile of this process over the as-fast-as-acknowledged burst alone. */
async function startProfiler() {
  const file = args.get('profile');
  if (!file) return undefined;
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Connects the fleet, then sends telemetry twice: paced at RATE, then as fast as the server takes it. */
async function drive(
  port: number,
  devices: { sn: string; secret: string }[],
  stored: () => Promise<number>,
): Promise<Figures> {
  const workers = startWorkers();
  const before = await memory();
  const share = (i: number) => devices.filter((_, k) => k % WORKERS === i);
  const connectStart = performance.now();
  const connected = await Promise.all(
    workers.map((w, i) =>
      ask(w, {
        cmd: 'connect',
        port,
        hosts: ['127.0.0.1'],
        devices: share(i),
        concurrency: 100,
      }),
    ),
  );
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const count = connected.reduce((n, r) => n + (r.cmd === 'connected' ? r.connected : 0), 0);
  const after = await memory();

  async function burst(rate: number, seconds: number, maxInflight: number): Promise<Burst> {
    const start = await stored();
    const cpu0 = process.cpuUsage();
    const elu0 = performance.eventLoopUtilization();
    const threads0 = threadCpuMs();
    const t0 = performance.now();
    const replies = await Promise.all(
      workers.map((w) => ask(w, { cmd: 'telemetry', ratePerSecond: rate / WORKERS, seconds, maxInflight })),
    );
    let sent = 0;
    let acked = 0;
    let p50 = 0;
    let p99 = 0;
    for (const r of replies) {
      if (r.cmd !== 'telemetry') continue;
      sent += r.sent;
      acked += r.acked;
      p50 = Math.max(p50, r.latencyP50);
      p99 = Math.max(p99, r.latencyP99);
    }
    const elapsed = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const elu = performance.eventLoopUtilization(elu0);
    // The main thread's CPU, and the busiest other thread's (PGlite's, when it has one).
    const spentBy = [...threadCpuMs()].map(([tid, ms]) => ({ tid, ms: ms - (threads0.get(tid) ?? 0) }));
    const mainMs = spentBy.find((t) => t.tid === String(process.pid))?.ms ?? 0;
    const otherMs = Math.max(0, ...spentBy.filter((t) => t.tid !== String(process.pid)).map((t) => t.ms));
    await new Promise((r) => setTimeout(r, 500));
    const landed = (await stored()) - start;
    return {
      sent,
      acked,
      stored: landed,
      perSecond: Math.round(acked / elapsed),
      p50: Math.round(p50),
      p99: Math.round(p99),
      cpuUs: Math.round((cpu.user + cpu.system) / Math.max(1, acked)),
      mainThreadBusy: Math.round(elu.utilization * 100),
      mainThreadCpuUs: Math.round((mainMs * 1000) / Math.max(1, acked)),
      busiestOtherThreadCpuUs: Math.round((otherMs * 1000) / Math.max(1, acked)),
    };
  }

  const paced = await burst(RATE, SECONDS, 20_000);
  // As fast as the server acknowledges: a bounded window of messages in flight per load process.
  const profiler = await startProfiler();
  const max = await burst(1_000_000, (2 * RATE * SECONDS) / 1_000_000, WINDOW);
  await profiler?.stop();
  const wide = await burst(1_000_000, (2 * RATE * SECONDS) / 1_000_000, 4 * WINDOW);
  await Promise.all(workers.map((w) => ask(w, { cmd: 'close' })));
  return {
    connected: count,
    connectSeconds: Math.round(connectSeconds * 10) / 10,
    rssPerConnectionKb: Math.round(((after.rss - before.rss) / Math.max(1, count) / 1024) * 10) / 10,
    heapPerConnectionKb: Math.round(((after.heap - before.heap) / Math.max(1, count) / 1024) * 10) / 10,
    paced,
    max,
    wide,
  };
}

async function benchFleetport(devices: { sn: string; secret: string }[]): Promise<Figures> {
  // On disk, as `npm start` runs it: an in-memory PGlite grows each table file by copying it whole
  // (Emscripten's MEMFS), a cost the real server does not have.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const base = loadConfig({ LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
  const config = {
    ...base,
    dataDir,
    mqtt: { ...base.mqtt, port: 0 },
  };
  const { app, deps } = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    gateway: true,
    logger: { level: 'warn' },
  });
  await insertFleet(database.db, COMPANY, devices);
  const gateway = deps.gateway as Gateway;
  const port = Number(new URL(gateway.endpoint()).port);
  const stored = async () => {
    await gateway.telemetry.flush();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from device_telemetry`.execute(
      database.db,
    );
    return rows[0]?.n ?? 0;
  };
  try {
    return await drive(port, devices, stored);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchBareAedes(devices: { sn: string; secret: string }[]): Promise<Figures> {
  let handled = 0;
  const broker = new Aedes({
    maxClientsIdLength: 128,
    authenticate: (_c, _u, _p, done) => done(null, true),
    published: (_packet, client, done) => {
      if (client) handled++;
      done();
    },
  });
  await broker.listen();
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve));
  const { port } = server.address() as net.AddressInfo;
  try {
    return await drive(port, devices, async () => handled);
  } finally {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function measurements(ours: Figures, bare: Figures): Measurement[] {
  const limit = (value: number) => ({ what: 'bare Aedes, no-op handler', value });
  const m = (what: string, unit: string, a: number, b: number, higherIsBetter: boolean): Measurement => ({
    what,
    value: a,
    unit,
    limit: limit(b),
    higherIsBetter,
  });
  /** A burst's rate, what it lost, and its PUBACK latencies, each beside the bare broker's. */
  const burstRows = (what: string, burst: (f: Figures) => Burst, latencies: ('p50' | 'p99')[]) => [
    m(what, 'msg/s', burst(ours).perSecond, burst(bare).perSecond, true),
    m(
      `... lost of ${burst(ours).sent} sent`,
      'msgs',
      burst(ours).sent - burst(ours).stored,
      burst(bare).sent - burst(bare).stored,
      false,
    ),
    ...latencies.map((p) => m(`... PUBACK latency ${p}`, 'ms', burst(ours)[p], burst(bare)[p], false)),
  ];
  return [
    m(`devices connected (of ${DEVICES})`, 'devices', ours.connected, bare.connected, true),
    m('time to connect them all', 's', ours.connectSeconds, bare.connectSeconds, false),
    m('server RSS per connection', 'KB', ours.rssPerConnectionKb, bare.rssPerConnectionKb, false),
    m(
      'server JS heap + buffers per connection',
      'KB',
      ours.heapPerConnectionKb,
      bare.heapPerConnectionKb,
      false,
    ),
    ...burstRows(`telemetry offered at ${RATE}/s for ${SECONDS} s, stored`, (f) => f.paced, ['p99']),
    ...burstRows('telemetry as fast as acknowledged, stored', (f) => f.max, ['p50', 'p99']),
    m('... server CPU time per message (all threads)', 'µs', ours.max.cpuUs, bare.max.cpuUs, false),
    ...burstRows(
      `telemetry as fast as acknowledged, ${4 * WINDOW} in flight per load process, stored`,
      (f) => f.wide,
      ['p50'],
    ),
  ];
}

export async function run(): Promise<ResultSection> {
  const devices = benchFleet('BENCH', DEVICES);
  const side = args.get('side');
  if (side === 'fleetport' || side === 'bare') {
    const figures = side === 'fleetport' ? await benchFleetport(devices) : await benchBareAedes(devices);
    console.log(`  ${side}`, JSON.stringify(figures));
    process.exit(0);
  }
  console.log(`  ${DEVICES} devices, ${RATE} msg/s for ${SECONDS} s, ${WORKERS} load processes`);
  const ours = await benchFleetport(devices);
  console.log('  fleetport', JSON.stringify(ours));
  const bare = await benchBareAedes(devices);
  console.log('  bare aedes', JSON.stringify(bare));
  return {
    title: 'Device gateway: connections and telemetry',
    method: `${DEVICES} simulated devices (bare MQTT 3.1.1 connections from ${WORKERS} load processes on the same machine, each authenticated with its own secret and subscribed to its command topic) connect to the embedded Aedes broker of a full server on PGlite with its data directory on disk (as npm start runs it); then they publish telemetry with QoS 1, first at ${RATE} msg/s for ${SECONDS} s, then as fast as acknowledged (at most ${WINDOW} in flight per load process, then ${4 * WINDOW}). The limit is the same load on a bare Aedes broker whose handler does nothing. Memory is the server process's growth after garbage collection, divided by the connections. Both run in this process with the server's Node.js options (${SERVER_NODE_FLAGS.join(' ')}, scripts/server-node-flags.json).`,
    measurements: measurements(ours, bare),
    notes: [
      `Load average when this benchmark began: ${LOAD_AT_START} on ${os.availableParallelism()} CPUs${
        Number(LOAD_AT_START) >= 1 ? ' (other work shared the machine; figures are lower bounds)' : ''
      }.`,
      `Server CPU per message as fast as acknowledged: Fleetport's main thread ${ours.max.mainThreadCpuUs} µs and its busiest other thread (PGlite's) ${ours.max.busiestOtherThreadCpuUs} µs, the main thread busy ${ours.max.mainThreadBusy} % of the burst; bare Aedes ${bare.max.mainThreadCpuUs} µs on its main thread, busy ${bare.max.mainThreadBusy} %. The server, its PGlite thread and the two load processes share the 2 CPUs, so the bare broker's rate is also bounded by the load processes.`,
      'Fleetport acknowledges a telemetry message only once its row is committed (batched inserts, every 200 ms or 500 rows; the PUBACKs of a batch go out after its commit, so PUBACK latency includes the batch wait), so stored = rows counted in device_telemetry and lost = sent − rows; the bare broker stores nothing and its PUBACK comes at once.',
      `The open-file limit here is ${FD_LIMIT} per process (ulimit -n, not raisable in this sandbox), so one server process holds at most about ${FD_LIMIT - 150} device connections${WANTED > DEVICES ? `; the run asked for ${WANTED}` : ''}.`,
    ],
  };
}

await runWhenMain(import.meta.url, run);
