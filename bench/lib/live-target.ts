/**
 * The live fan-out benchmark's server (bench/live-fanout.ts), in a worker thread: the real app on
 * in-memory PGlite with one company of `people` members, each signed in (sessions opened directly,
 * no scrypt), so the main thread can open their console sockets. Posts `{ port, companyId, sessions }`;
 * on `{ burst: n }` it plays n devices connecting (presence online and hello each, spread over a
 * second, as the gateway publishes them) and answers 'burst done'; 'close' ends it.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { COMPANY_TYPE, defaultFunCodes, ROLE_TYPE } from '@fleetport/contract';
import { buildApp } from '../../packages/server/src/app.ts';
import * as accounts from '../../packages/server/src/modules/accounts/accounts.store.ts';
import { openSession } from '../../packages/server/src/platform/auth/session.store.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';
import { openDatabase } from '../../packages/server/src/platform/db/open.ts';

const { people } = workerData as { people: number };
const database = await openDatabase({ dataDir: 'memory://' });
const config = loadConfig({ LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
const { app, deps } = await buildApp({
  config,
  db: database.db,
  dialect: database.dialect,
  logger: { level: 'silent', stream: fs.createWriteStream('/dev/null') },
});
const db = database.db;
const companyId = await accounts.insertCompany(db, 'Bench Harbour', COMPANY_TYPE.endCustomer);
await accounts.insertRootGroup(db, companyId, 'Bench Harbour');
const roleId = await accounts.insertRole(db, {
  companyId,
  name: 'Owner',
  roleType: ROLE_TYPE.owner,
  isDefault: true,
  funCodes: defaultFunCodes(ROLE_TYPE.owner),
});
const sessions: { ticket: string; key: string }[] = [];
for (let i = 0; i < people; i++) {
  const userId = await accounts.insertUser(db, {
    loginAccount: `watcher${i}@bench.example`,
    userName: `Watcher ${i}`,
    passwordHash: 'not-a-hash',
    now: new Date(),
  });
  await accounts.insertMembership(db, {
    companyId,
    userId,
    roleId,
    isDefault: true,
    isDelete: i === 0 ? 0 : 1,
  });
  const { ticket, key } = await openSession(db, userId, companyId, new Date());
  sessions.push({ ticket, key });
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
parentPort?.postMessage({
  port: typeof address === 'object' && address ? address.port : 0,
  companyId,
  sessions,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let round = 0;
parentPort?.on('message', async (message: 'close' | { burst: number }) => {
  if (message === 'close') {
    await app.close();
    await database.close();
    process.exit(0);
  }
  round++;
  const online = round % 2 === 1;
  // 20 steps over a second, as devices arrive one after another.
  const perStep = Math.ceil(message.burst / 20);
  for (let step = 0; step < 20; step++) {
    for (let d = step * perStep; d < Math.min(message.burst, (step + 1) * perStep); d++) {
      const sn = `BENCH${String(d).padStart(6, '0')}`;
      deps.hub.publish('device.presence', companyId, { sn, online, at: new Date().toISOString() });
      if (online)
        deps.hub.publish('device.hello', companyId, {
          sn,
          model: 'R3000-Q',
          series: 'r3000',
          firmwareVersion: '3.2.1',
        });
    }
    await sleep(50);
  }
  parentPort?.postMessage('burst done');
});
