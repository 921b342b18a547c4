import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import { ManualClock } from '../clock.ts';
import type { OpenDatabase } from '../db/open.ts';
import { createLiveHub, type LiveEvent } from '../live/hub.ts';
import { defineJob, enqueueJob, findJob, startJobWorker } from './index.ts';

/** The queue on one database: transactions, idempotency, retries, deadlines, progress. */

const silent = { info() {}, warn() {}, error() {} };
let database: OpenDatabase;
const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));

beforeAll(async () => {
  database = await openTestDatabase();
  await sql`create table job_effect (job_id bigint not null, note text not null)`.execute(database.db);
});
afterAll(() => database?.close());

const effects = async (jobId: number) =>
  (
    await sql<{ note: string }>`select note from job_effect where job_id = ${jobId}`.execute(database.db)
  ).rows.map((r) => r.note);

const recordJob = defineJob<{ note: string }>({
  kind: 'test.record',
  async run(ctx) {
    await sql`insert into job_effect (job_id, note) values (${ctx.id}, ${ctx.payload.note})`.execute(
      database.db,
    );
  },
});

describe('enqueue', () => {
  it('commits with the business row and rolls back with it', async () => {
    const committed = await database.db.transaction().execute(async (tx) => {
      await sql`insert into app_setting (key, value) values ('jobs-test-kept', '1')`.execute(tx);
      return enqueueJob(tx, { kind: 'test.record', payload: { note: 'kept' }, clock });
    });
    let rolledBack = 0;
    await expect(
      database.db.transaction().execute(async (tx) => {
        await sql`insert into app_setting (key, value) values ('jobs-test-lost', '1')`.execute(tx);
        rolledBack = (await enqueueJob(tx, { kind: 'test.record', payload: { note: 'lost' }, clock })).id;
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(committed.created).toBe(true);
    expect(await findJob(database.db, committed.id)).toMatchObject({ state: 'queued', kind: 'test.record' });
    expect(await findJob(database.db, rolledBack)).toBeNull();
    const settings = await database.db
      .selectFrom('app_setting')
      .select('key')
      .where('key', 'like', 'jobs-test-%')
      .execute();
    expect(settings.map((s) => s.key)).toEqual(['jobs-test-kept']);

    const worker = startJobWorker({
      db: database.db,
      clock,
      log: silent,
      handlers: [recordJob],
      manual: true,
    });
    expect(await worker.runOnce()).toBe(1);
    expect(await effects(committed.id)).toEqual(['kept']);
    expect(await findJob(database.db, committed.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
    await worker.stop();
  });

  it('answers the existing job for the same idempotency key', async () => {
    const first = await enqueueJob(database.db, {
      kind: 'test.record',
      payload: { note: 'a' },
      idempotencyKey: 'k1',
      clock,
    });
    const second = await enqueueJob(database.db, {
      kind: 'test.record',
      payload: { note: 'b' },
      idempotencyKey: 'k1',
      clock,
    });
    const other = await enqueueJob(database.db, {
      kind: 'test.other',
      payload: {},
      idempotencyKey: 'k1',
      clock,
    });
    expect(second).toEqual({ id: first.id, created: false });
    expect(other.created).toBe(true);
    expect(other.id).not.toBe(first.id);
  });
});

describe('worker', () => {
  it('retries with backoff and fails for good with the last error after maxAttempts', async () => {
    let calls = 0;
    const flaky = defineJob({
      kind: 'test.flaky',
      maxAttempts: 3,
      backoff: { baseMs: 1000, maxMs: 10_000 },
      async run() {
        calls++;
        throw new Error(`broken ${calls}`);
      },
    });
    const hub = createLiveHub();
    const seen: LiveEvent[] = [];
    hub.subscribe((e) => seen.push(e), 7);
    const { id } = await enqueueJob(database.db, { kind: 'test.flaky', payload: {}, companyId: 7, clock });
    const worker = startJobWorker({
      db: database.db,
      clock,
      hub,
      log: silent,
      handlers: [flaky],
      manual: true,
    });
    expect(await worker.runOnce()).toBe(1);
    expect(await findJob(database.db, id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      last_error: 'Error: broken 1',
    });
    // Not due before its backoff.
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1000);
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(2000);
    expect(await worker.runOnce()).toBe(1);
    const failed = await findJob(database.db, id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, last_error: 'Error: broken 3' });
    expect(failed?.finished_at).not.toBeNull();
    clock.advance(100_000);
    expect(await worker.runOnce()).toBe(0);
    expect(calls).toBe(3);
    expect(seen.at(-1)).toMatchObject({
      name: 'job.progress',
      data: { id, state: 'failed', error: 'Error: broken 3' },
    });
    await worker.stop();
  });

  it('aborts an attempt that passes its deadline and counts it as failed', async () => {
    let sawAbort = false;
    const slow = defineJob({
      kind: 'test.slow',
      maxAttempts: 1,
      timeoutMs: 50,
      run: (ctx) =>
        new Promise<void>((_, reject) => {
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
            reject(ctx.signal.reason);
          });
        }),
    });
    const { id } = await enqueueJob(database.db, { kind: 'test.slow', payload: {}, clock });
    const worker = startJobWorker({ db: database.db, clock, log: silent, handlers: [slow], manual: true });
    await worker.runOnce();
    expect(sawAbort).toBe(true);
    expect(await findJob(database.db, id)).toMatchObject({
      state: 'failed',
      last_error: 'JobTimeoutError: deadline of 50 ms passed',
    });
    await worker.stop();
  });

  it('saves progress and publishes it to the job company', async () => {
    const hub = createLiveHub();
    const seen: LiveEvent[] = [];
    hub.subscribe((e) => seen.push(e), 9);
    const counting = defineJob({
      kind: 'test.counting',
      async run(ctx) {
        for (let i = 1; i <= 3; i++) await ctx.progress(i, 3);
      },
    });
    const { id } = await enqueueJob(database.db, {
      kind: 'test.counting',
      payload: {},
      companyId: 9,
      userId: 4,
      clock,
    });
    const worker = startJobWorker({
      db: database.db,
      clock,
      hub,
      log: silent,
      handlers: [counting],
      manual: true,
    });
    await worker.runOnce();
    expect(await findJob(database.db, id)).toMatchObject({
      state: 'succeeded',
      progress_done: 3,
      progress_total: 3,
    });
    const states = seen.map((e) => {
      const d = e.data as { state: string; done: number };
      return `${d.state}:${d.done}`;
    });
    expect(states).toEqual(['running:0', 'running:1', 'running:2', 'running:3', 'succeeded:3']);
    expect(seen.every((e) => (e.data as { userId?: number }).userId === 4)).toBe(true);
    await worker.stop();
  });
});

describe('stopping a node', () => {
  it('hands a job that outlives the grace back to the queue, its attempt not counted', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const stubborn = defineJob({
      kind: 'test.stubborn',
      run: (ctx) =>
        new Promise<void>((_, reject) => {
          started();
          ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason));
        }),
    });
    const { id } = await enqueueJob(database.db, { kind: 'test.stubborn', payload: {}, clock });
    const worker = startJobWorker({
      db: database.db,
      clock,
      log: silent,
      handlers: [stubborn],
      manual: true,
    });
    const run = worker.runOnce();
    await running;
    await worker.stop(10);
    await run;
    expect(await findJob(database.db, id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
  });
});
