import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@fleetport/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppDeps, type BuildOptions, buildApp } from '../src/app.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { loadConfig, type ServerConfig } from '../src/platform/config.ts';
import { type OpenDatabase, openDatabase } from '../src/platform/db/open.ts';

/**
 * Drops a test file's database. `with (force)` ends the file's own lingering sessions, but an
 * autovacuum worker (a superuser process the test role may not signal) can still be on it for a
 * moment after the tests: wait and try again rather than fail a suite whose tests passed.
 */
async function dropTestDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      await dropper.end();
    }
  }
}

/** A migrated PostgreSQL database of its own on the server `url` names, dropped by `close`. */
export async function openFreshPostgres(url: string, prefix: string): Promise<OpenDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await dropTestDatabase(url, name);
    },
  };
}

/**
 * A migrated database for one test file: PGlite from the suite's snapshot, or, when DATABASE_URL is
 * set (CI's second pass), a fresh PostgreSQL database created for the file and dropped afterwards.
 */
export async function openTestDatabase(options: { thread?: boolean } = {}): Promise<OpenDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) return openFreshPostgres(url, 'fp_test');
  const snapshot = process.env.FLEETPORT_PGLITE_SNAPSHOT;
  const loadDataDir = snapshot ? new Blob([fs.readFileSync(snapshot)]) : undefined;
  return openDatabase({ dataDir: 'memory://', loadDataDir, thread: options.thread ?? false });
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  return {
    ...base,
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-test-')),
    webDist: path.join(os.tmpdir(), 'fleetport-no-web'),
    // Every test signs in and registers from 127.0.0.1 many times a minute; the abuse tests
    // (platform/http/abuse-limits.test.ts) pass the production defaults.
    abuse: {
      ...base.abuse,
      signInPerMinute: 100_000,
      captchaPerMinute: 100_000,
      registrationPerMinute: 100_000,
      codesPerMinute: 100_000,
      codeRecipientsPerHour: 100_000,
    },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: OpenDatabase;
  clock: ManualClock;
  /** Calls the API in-process; returns the HTTP status and the parsed envelope. */
  call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: Partial<Omit<BuildOptions, 'db' | 'dialect'>> & {
    /**
     * The app picks its own clock, as `main.ts` leaves it to (AUTOMATED_TEST_MODE's offset clock); the
     * test's ManualClock then only signs requests, at the time it was made.
     */
    appClock?: 'own';
    /** PGlite on a worker thread of its own, as `npm start` runs it (benchmarks of the whole server). */
    pgliteThread?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ thread: options.pgliteThread ?? false });
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock();
  const config = options.config ?? testConfig();
  const { appClock, pgliteThread: _thread, ...build } = options;
  const { app, deps } = await buildApp({
    logger: false,
    revealBadResponses: true,
    ...build,
    config,
    clock: appClock === 'own' ? undefined : clock,
    db: database.db,
    dialect: database.dialect,
  });
  await app.ready();
  return {
    app,
    deps,
    database,
    clock,
    async call(method, url, body, headers = {}) {
      const readsQuery = method === 'GET' || method === 'DELETE';
      const res = await app.inject({
        method: method as 'GET',
        url: config.apiPrefix + url,
        headers: { language: 'en', ...headers },
        ...(body !== undefined && !readsQuery ? { payload: body as object } : {}),
        ...(body !== undefined && readsQuery ? { query: body as Record<string, string> } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Another server node on the test app's database, with its config and clock: what a restarted node or a
 * second one finds (timers kept in the database, queued jobs). Close its `app` when done.
 */
export async function createNodeOnSameDatabase(
  t: TestApp,
  options: Partial<Omit<BuildOptions, 'db' | 'dialect' | 'config' | 'clock'>> = {},
): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  const { app, deps } = await buildApp({
    logger: false,
    revealBadResponses: true,
    ...options,
    config: t.deps.config,
    clock: t.clock,
    db: t.database.db,
    dialect: t.database.dialect,
  });
  await app.ready();
  return { app, deps };
}

/**
 * Runs the app's job queue (a `jobs: { manual: true }` app) until nothing more is due. Areas schedule
 * jobs of their own at start (licence expiry and renewal, alert mails), so one run may take those first.
 */
export async function runDueJobs(t: TestApp, rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round++) if ((await t.deps.jobs!.runOnce()) === 0) return;
}
