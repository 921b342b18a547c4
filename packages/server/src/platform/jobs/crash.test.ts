import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openFreshPostgres } from '../../../test/helpers.ts';
import { systemClock } from '../clock.ts';
import { type OpenDatabase, openDatabase } from '../db/open.ts';
import { defineJob, enqueueJob, findJob, startJobWorker } from './index.ts';

/**
 * A job survives kill -9 of the node running it: a child process claims it and is killed with SIGKILL
 * mid-run; after the lease runs out another worker claims it again and it completes, once. On PGlite
 * the two "nodes" open the same data directory on disk one after the other (one process at a time);
 * with DATABASE_URL they share a PostgreSQL database.
 */

const LEASE_MS = 1000;
const silent = { info() {}, warn() {}, error() {} };
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const pgUrl = process.env.DATABASE_URL;
const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-jobs-crash-'));

async function openNode(): Promise<OpenDatabase> {
  if (pgUrl) return openDatabase({ databaseUrl: testDatabaseUrl, migrate: false });
  return openDatabase({ dataDir: path.join(pgliteDir, 'pglite'), migrate: false });
}
let testDatabaseUrl = '';

/** Runs the doomed node until it says its job is running, then kills it with SIGKILL. */
async function runAndKill(): Promise<void> {
  const script = path.join(import.meta.dirname, 'testing/crash-worker.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      ...(pgUrl
        ? { DATABASE_URL: testDatabaseUrl }
        : { FLEETPORT_PGLITE_DIR: path.join(pgliteDir, 'pglite') }),
      FLEETPORT_LEASE_MS: String(LEASE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('RUNNING')) resolve();
    });
    child.on('exit', (code) =>
      reject(new Error(`the node exited (${code}) before running the job: ${stderr}`)),
    );
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

describe('a node killed mid-job', { timeout: 180_000 }, () => {
  it('the job runs again on another node after the lease, to completion, exactly once', async () => {
    // The database both nodes open, with the job queued and a table counting the handler's effects.
    let setup: OpenDatabase;
    if (pgUrl) {
      setup = await openFreshPostgres(pgUrl, 'fp_jobs_crash');
      testDatabaseUrl = setup.url as string;
    } else {
      const snapshot = process.env.FLEETPORT_PGLITE_SNAPSHOT;
      setup = await openDatabase({
        dataDir: path.join(pgliteDir, 'pglite'),
        loadDataDir: snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined,
      });
    }
    await sql`create table job_effect (job_id bigint not null, note text not null)`.execute(setup.db);
    const { id } = await enqueueJob(setup.db, { kind: 'test.crash', payload: {}, clock: systemClock });
    if (pgUrl) closers.push(() => setup.close());
    else await setup.close();

    await runAndKill();

    // The surviving node: the same kind, a handler that completes.
    const node = await openNode();
    closers.push(() => node.close());
    const db = node.db;
    expect(await findJob(db, id)).toMatchObject({ state: 'running', attempts: 1, locked_by: 'doomed-node' });
    const completing = defineJob({
      kind: 'test.crash',
      async run(ctx) {
        await sql`insert into job_effect (job_id, note) values (${ctx.id}, ${`completed:${ctx.attempt}`})`.execute(
          db,
        );
      },
    });
    const survivor = startJobWorker({
      db,
      clock: systemClock,
      log: silent,
      handlers: [completing],
      nodeId: 'survivor',
      leaseMs: LEASE_MS,
      manual: true,
    });
    // Claimed again only once the doomed node's lease has run out: poll until it is done.
    for (let polls = 0; (await findJob(db, id))?.state !== 'succeeded'; polls++) {
      if (polls > 600) throw new Error('the job was never picked up again');
      await survivor.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // More polls find nothing left to do.
    for (let i = 0; i < 3; i++) expect(await survivor.runOnce()).toBe(0);
    await survivor.stop();

    const effects = await sql<{
      note: string;
    }>`select note from job_effect where job_id = ${id} order by note desc`.execute(db);
    expect(effects.rows.map((r) => r.note)).toEqual(['started:1', 'completed:2']);
    expect(await findJob(db, id)).toMatchObject({ state: 'succeeded', attempts: 2, locked_by: null });
  });
});
