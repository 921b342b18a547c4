/**
 * Nightly licence renewal and expiry (issue 13): 100,000 device licences with auto-renew on, renewed
 * by the `licences.autoRenew` job through the job queue (ledger rows, balance under its lock, the
 * licences' new ends), then, a period later with auto-renew off, ended by the `licences.expire` job
 * (expiry rows, licences and devices back on Basic). Beside each, in the same run and on the same rows,
 * the bare SQL the work reduces to: one UPDATE of the licences' ends, or one UPDATE of the licences and
 * one of the devices' levels (run in a transaction that is rolled back, so the job meets the same rows).
 * On in-memory PGlite, and on a fresh PostgreSQL database when DATABASE_URL is set.
 *
 *   npm run bench -- licence-renewal      node --import tsx bench/licence-renewal.ts   (this section only)
 */
import os from 'node:os';
import { COMPANY_TYPE, LICENCE_DAYS } from '@fleetport/contract';
import { sql } from 'kysely';
import { insertCompany } from '../packages/server/src/modules/accounts/accounts.store.ts';
import {
  LICENCE_EXPIRY_JOB,
  licenceJobs,
} from '../packages/server/src/modules/licences/licence-expiry.job.ts';
import { LICENCE_RENEWAL_JOB } from '../packages/server/src/modules/licences/licence-renewal.job.ts';
import { ManualClock } from '../packages/server/src/platform/clock.ts';
import { type Db, inTransaction, openDatabase } from '../packages/server/src/platform/db/open.ts';
import { enqueueJob, startJobWorker } from '../packages/server/src/platform/jobs/index.ts';
import { openFreshPostgres } from '../packages/server/test/helpers.ts';
import { benchFleet, insertFleet } from './lib/fleet-rows.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const LICENCES = Number(process.env.BENCH_LICENCES ?? 100_000);
const DAY_MS = 86_400_000;
const silent = { info() {}, warn() {}, error() {} };

/** A company of LICENCES devices on Essential, each licence ending tomorrow, auto-renew on, a full pool. */
async function seed(db: Db, now: Date): Promise<number> {
  const companyId = await insertCompany(db, 'Bench Renewals', COMPANY_TYPE.endCustomer);
  const fleet = benchFleet('LR', LICENCES);
  await insertFleet(db, companyId, fleet);
  const endsAt = new Date(now.getTime() + DAY_MS);
  const startsAt = new Date(endsAt.getTime() - LICENCE_DAYS * DAY_MS);
  for (let i = 0; i < fleet.length; i += 1000) {
    await db
      .insertInto('device_licence')
      .values(
        fleet.slice(i, i + 1000).map((d) => ({
          sn: d.sn,
          company_id: companyId,
          level: 'ESSENTIALS',
          starts_at: startsAt,
          ends_at: endsAt,
        })),
      )
      .execute();
  }
  await sql`update device set licence_level = 'ESSENTIALS' where company_id = ${companyId}`.execute(db);
  // The pool the renewals draw from, as a purchase would leave it.
  const op = await db
    .insertInto('licence_operation')
    .values({
      company_id: companyId,
      kind: 'grant',
      idempotency_key: null,
      operator_user_id: null,
      result: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('licence_ledger')
    .values({
      operation_id: Number(op.id),
      company_id: companyId,
      movement: 'purchase',
      product: 'ESSENTIAL',
      quantity: LICENCES,
      counterparty_company_id: null,
      sn: null,
      period_start: null,
      period_end: null,
      reverses_id: null,
      unit_price_cents: null,
      operator_user_id: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('licence_account')
    .values({ company_id: companyId, product: 'ESSENTIAL', available: LICENCES })
    .execute();
  await db
    .insertInto('licence_auto_renew')
    .values({ company_id: companyId, enabled: true, period: 1, updated_at: now })
    .execute();
  await sql`analyze`.execute(db);
  return companyId;
}

class RolledBack extends Error {}

/** Seconds one bare statement list takes inside a transaction that is then rolled back. */
async function bare(db: Db, statements: (tx: Db) => Promise<unknown>): Promise<number> {
  let seconds = 0;
  await inTransaction(db, async (tx) => {
    const started = performance.now();
    await statements(tx as unknown as Db);
    seconds = (performance.now() - started) / 1000;
    throw new RolledBack();
  }).catch((error: unknown) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return seconds;
}

/** Seconds from enqueueing `kind` to the worker having run it. */
async function throughQueue(db: Db, clock: ManualClock, kind: string): Promise<number> {
  const { handlers } = licenceJobs({ db, clock });
  const worker = startJobWorker({ db, clock, log: silent, handlers, concurrency: 1, manual: true });
  const started = performance.now();
  await enqueueJob(db, { kind, payload: {}, runAt: clock.now() });
  while ((await worker.runOnce()) > 0) {}
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  return seconds;
}

async function count(db: Db, query: ReturnType<typeof sql<{ n: string }>>): Promise<number> {
  const result = await query.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

async function measure(dialect: 'pglite' | 'postgres', url?: string): Promise<ResultSection> {
  const loadAtStart = (os.loadavg()[0] ?? 0).toFixed(1);
  const database = url
    ? await openFreshPostgres(url, 'fp_bench_licences')
    : await openDatabase({ dataDir: 'memory://' });
  const db = database.db;
  try {
    // The queue's due times are the database's: the clock starts at the real now.
    const clock = new ManualClock();
    const companyId = await seed(db, clock.now());

    const bareRenewal = await bare(db, (tx) =>
      sql`update device_licence set ends_at = ends_at + interval '30 days'
        where company_id = ${companyId} and level <> 'BASE'`.execute(tx),
    );
    const renewal = await throughQueue(db, clock, LICENCE_RENEWAL_JOB);
    const renewed = await count(
      db,
      sql<{ n: string }>`select count(*) as n from licence_ledger where movement = 'renewal'`,
    );
    if (renewed !== LICENCES) throw new Error(`renewed ${renewed} of ${LICENCES}`);

    // A period and two days later, auto-renew off: every licence has ended.
    await db.updateTable('licence_auto_renew').set({ enabled: false }).execute();
    clock.advance((LICENCE_DAYS + 2) * DAY_MS);
    const bareExpiry = await bare(db, async (tx) => {
      await sql`update device_licence set level = 'BASE', starts_at = null, ends_at = null
        where company_id = ${companyId} and level <> 'BASE'`.execute(tx);
      await sql`update device set licence_level = 'BASE' where company_id = ${companyId}`.execute(tx);
    });
    const expiry = await throughQueue(db, clock, LICENCE_EXPIRY_JOB);
    const ended = await count(
      db,
      sql<{ n: string }>`select count(*) as n from licence_ledger where movement = 'expiry'`,
    );
    if (ended !== LICENCES) throw new Error(`ended ${ended} of ${LICENCES}`);

    const on = dialect === 'pglite' ? 'in-memory PGlite' : 'PostgreSQL (a fresh database on this machine)';
    const n = LICENCES.toLocaleString('en');
    return {
      title: `Nightly licence renewal and expiry on ${dialect === 'pglite' ? 'PGlite' : 'PostgreSQL'} (\`bench/licence-renewal.ts\`)`,
      method:
        `${n} devices of one company on Essential, each licence ending the next day, auto-renew on, ${n} unused ` +
        `licences, on ${on}, in this process. Renewal: the \`licences.autoRenew\` job enqueued and run by one worker ` +
        'until done (500 licences a transaction: lock them skipping locked ones, lock the balance, one renewal row ' +
        'each, the new ends). Expiry: a period later with auto-renew off, the `licences.expire` job the same way (500 a ' +
        'transaction: one expiry row each, licences and devices back on Basic). The limit of each is the bare SQL of ' +
        'the same rows in one statement per table, timed inside a transaction then rolled back. Load average at start ' +
        `${loadAtStart} on ${os.cpus().length} cores.`,
      measurements: [
        {
          what: `renew ${n} licences through the job queue, s`,
          value: renewal,
          unit: 's',
          limit: { what: 'one bare UPDATE of the same licences’ ends', value: bareRenewal },
          higherIsBetter: false,
        },
        {
          what: `expire ${n} licences through the job queue, s`,
          value: expiry,
          unit: 's',
          limit: { what: 'bare UPDATE of the same licences and devices', value: bareExpiry },
          higherIsBetter: false,
        },
      ],
      notes: [
        'The job writes what the bare update does not: a ledger row per licence (the renewal or expiry a balance and ' +
          'the billing history are derived from), the balance under its row lock, one operation per company and batch, ' +
          'and it takes the rows in batches of 500 with FOR UPDATE SKIP LOCKED so that people assigning licences ' +
          'meanwhile wait for one batch, not for the night.',
        'Each batch starts where the last one stopped, on an index of (end, SN): before that, every batch stepped over ' +
          'the dead versions of the rows the batches before it had rewritten, and the same run took 112 s (renewal) and ' +
          '64 s (expiry) on PostgreSQL, 103 s and 196 s on PGlite.',
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
