/**
 * A node that dies mid-job (crash.test.ts): opens the test's database (DATABASE_URL, or the PGlite
 * data directory in FLEETPORT_PGLITE_DIR), runs a worker whose `test.crash` handler records that it
 * started, says RUNNING on stdout and then blocks until the test kills the process with SIGKILL.
 */
import { sql } from 'kysely';
import { systemClock } from '../../clock.ts';
import { openDatabase } from '../../db/open.ts';
import { defineJob, startJobWorker } from '../index.ts';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.FLEETPORT_PGLITE_DIR,
  migrate: false,
});
const blocking = defineJob({
  kind: 'test.crash',
  async run(ctx) {
    await sql`insert into job_effect (job_id, note) values (${ctx.id}, ${`started:${ctx.attempt}`})`.execute(
      database.db,
    );
    process.stdout.write('RUNNING\n');
    await new Promise(() => {});
  },
});
startJobWorker({
  db: database.db,
  clock: systemClock,
  log: { info() {}, warn() {}, error: (obj) => console.error(obj) },
  handlers: [blocking],
  nodeId: 'doomed-node',
  pollMs: 50,
  leaseMs: Number(process.env.FLEETPORT_LEASE_MS ?? 1000),
});
// The worker's timers do not hold the process open (a server's listening socket does); this does.
setInterval(() => {}, 60_000);
