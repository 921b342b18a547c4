/**
 * A server under test, run in a worker thread so the load loop in the main thread does not take its
 * CPU time: either the real Fleetport app (in-memory PGlite) or a bare Fastify route answering the
 * same JSON. Posts `{ port }` when listening; closes on the message 'close'.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/open.ts';

export interface TargetOptions {
  kind: 'fleetport' | 'bare';
  /** Fleetport's request logging; written to /dev/null so the cost is paid but nothing is shown. */
  logLevel: 'silent' | 'info';
  /** For the bare target: the routes and the JSON each answers. */
  routes?: { url: string; body: unknown }[];
}

const options = workerData as TargetOptions;
let app: FastifyInstance;
let closeDb = async () => {};

if (options.kind === 'fleetport') {
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({ LOG_LEVEL: options.logLevel } as NodeJS.ProcessEnv);
  ({ app } = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    logger: { level: options.logLevel, stream: fs.createWriteStream('/dev/null') },
  }));
  closeDb = database.close;
} else {
  app = Fastify({ logger: false });
  for (const route of options.routes ?? []) app.get(route.url, async () => route.body);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
parentPort?.postMessage({ port: typeof address === 'object' && address ? address.port : 0 });
parentPort?.on('message', async (message) => {
  if (message !== 'close') return;
  await app.close();
  await closeDb();
  process.exit(0);
});
