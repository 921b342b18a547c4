/**
 * Child process of bench/memory.ts (run with --expose-gc): builds the server as `npm start` does,
 * one part at a time, and reports the RSS after each part (garbage collected first) on stdout as JSON.
 */
import path from 'node:path';
import { ask, startLoadProcesses } from './load-fleet.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function rssMb(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await pause(100);
  }
  return process.memoryUsage().rss / 1024 / 1024;
}

const stages: { stage: string; rssMb: number }[] = [];
const mark = async (stage: string) => stages.push({ stage, rssMb: await rssMb() });

// `prepare`: create and migrate the data directory, so the measured run opens it as a restart does.
if (process.argv[2] === 'prepare') {
  const { openDatabase } = await import('../../packages/server/src/platform/db/open.ts');
  const prepared = await openDatabase({ dataDir: path.join(process.env.BENCH_DATA_DIR as string, 'pglite') });
  await prepared.close();
  process.exit(0);
}

await mark('node + tsx');
const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
  import('../../packages/server/src/app.ts'),
  import('../../packages/server/src/platform/config.ts'),
  import('../../packages/server/src/platform/db/open.ts'),
]);
await mark('server code loaded');
const dataDir = process.env.BENCH_DATA_DIR as string;
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
await mark('PGlite open (existing data directory)');
const base = loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: dataDir } as NodeJS.ProcessEnv);
const config = { ...base, webDist: '/nonexistent', mqtt: { ...base.mqtt, port: 0 } };
const { app, deps } = await buildApp({
  config,
  db: database.db,
  dialect: database.dialect,
  gateway: true,
  jobs: true,
  logger: { level: 'warn' },
});
await app.listen({ port: 0, host: '127.0.0.1' });
await mark('app and broker listening, no device');

const { benchFleet, insertFleet } = await import('./fleet-rows.ts');
const devices = benchFleet('MEM', DEVICES);
await insertFleet(database.db, 1, devices);
const [load] = startLoadProcesses(1);
if (!load) throw new Error('no load process');
const port = Number(new URL(deps.gateway?.endpoint() ?? '').port);
await ask(load, { cmd: 'connect', port, hosts: ['127.0.0.1'], devices, concurrency: 20 });
// Each device reports once a second for 10 s (far more often than a real router), then rests.
await ask(load, { cmd: 'telemetry', ratePerSecond: DEVICES, seconds: 10, maxInflight: 1000 });
await pause(10_000);
await mark(`${DEVICES} devices connected, at rest after 10 s of telemetry`);
await ask(load, { cmd: 'close' });
await app.close();
await database.close();
process.stdout.write(`STAGES ${JSON.stringify(stages)}\n`);
process.exit(0);
