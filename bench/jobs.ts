/**
 * Job queue benchmark: no-op jobs per second through the queue (enqueued one by one, claimed with
 * FOR UPDATE SKIP LOCKED, run, marked succeeded) beside the bare limit, a single-row INSERT and a
 * DELETE by id of the same rows in a table of the same shape, in the same run. On in-memory PGlite,
 * and on a fresh PostgreSQL database when DATABASE_URL is set.
 *
 *   npm run bench -- jobs            node --import tsx bench/jobs.ts   (this section only)
 */
import os from 'node:os';
import { sql } from 'kysely';
import { systemClock } from '../packages/server/src/platform/clock.ts';
import { type Db, openDatabase } from '../packages/server/src/platform/db/open.ts';
import { defineJob, enqueueJob, startJobWorker } from '../packages/server/src/platform/jobs/index.ts';
import { openFreshPostgres } from '../packages/server/test/helpers.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = 8;
const silent = { info() {}, warn() {}, error() {} };

async function bare(db: Db): Promise<number> {
  await sql`create table if not exists bench_bare_job (like job including defaults)`.execute(db);
  const started = performance.now();
  const ids: number[] = [];
  for (let i = 0; i < JOBS; i++) {
    const at = new Date();
    const row = await sql<{
      id: number;
    }>`insert into bench_bare_job (id, kind, payload, run_at, created_at, updated_at)
      values (${i + 1}, 'bench.noop', ${JSON.stringify({ i })}, ${at}, ${at}, ${at}) returning id`.execute(
      db,
    );
    ids.push(Number(row.rows[0]?.id));
  }
  for (const id of ids) await sql`delete from bench_bare_job where id = ${id}`.execute(db);
  return JOBS / ((performance.now() - started) / 1000);
}

async function queue(db: Db): Promise<number> {
  let ran = 0;
  const noop = defineJob({
    kind: 'bench.noop',
    async run() {
      ran++;
    },
  });
  const worker = startJobWorker({
    db,
    clock: systemClock,
    log: silent,
    handlers: [noop],
    concurrency: CONCURRENCY,
    manual: true,
  });
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) await enqueueJob(db, { kind: 'bench.noop', payload: { i } });
  while ((await worker.runOnce()) > 0) {}
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  if (ran !== JOBS) throw new Error(`ran ${ran} of ${JOBS} jobs`);
  return JOBS / seconds;
}

async function measure(dialect: 'pglite' | 'postgres', url?: string): Promise<ResultSection> {
  const loadAtStart = (os.loadavg()[0] ?? 0).toFixed(1);
  const database = url
    ? await openFreshPostgres(url, 'fp_bench_jobs')
    : await openDatabase({ dataDir: 'memory://' });
  try {
    const limit = await bare(database.db);
    const value = await queue(database.db);
    const on = dialect === 'pglite' ? 'in-memory PGlite' : 'PostgreSQL (a fresh database on this machine)';
    return {
      title: `Job queue throughput on ${dialect === 'pglite' ? 'PGlite' : 'PostgreSQL'} (\`bench/jobs.ts\`)`,
      method:
        `${JOBS.toLocaleString('en')} no-op jobs on ${on}, in this process: each enqueued alone (one INSERT, as a module ` +
        `does in its own transaction), then one worker (concurrency ${CONCURRENCY}) claims them in batches with ` +
        'FOR UPDATE SKIP LOCKED, runs them and marks each succeeded. The limit is the bare work on the same rows: a ' +
        `single-row INSERT of each into a table of the job table's shape, then a DELETE of each by id. Load average ` +
        `at start ${loadAtStart} on ${os.cpus().length} cores.`,
      measurements: [
        {
          what: 'no-op jobs through the queue, enqueue to succeeded, jobs/s',
          value,
          unit: 'jobs/s',
          limit: { what: 'bare INSERT + DELETE of the same rows', value: limit },
          higherIsBetter: true,
        },
      ],
      notes: [
        'A job costs four statements (insert, claim of its batch, finish, and the claim that finds nothing at the end) ' +
          'against the bare two; the claim updates and returns the whole row.',
      ],
    };
  } finally {
    await database.close();
  }
}

export async function run(): Promise<ResultSection[]> {
  const sections = [await measure('pglite')];
  const url = process.env.DATABASE_URL;
  if (url) sections.push(await measure('postgres', url));
  return sections;
}

await runWhenMain(import.meta.url, run);
