import { ErrorCode, type Job, jobGetCall, jobListCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyWithEveryRole, type PopulatedCompany } from '../../../test/people.ts';
import { defineJob, enqueueJob, type JobWorker } from '../../platform/jobs/index.ts';
import { startJobWorker } from '../../platform/jobs/worker.ts';

/** A job's state, progress and last error are visible to the people it belongs to, and only to them. */

let t: TestApp;
let alpha: PopulatedCompany;
let bravo: PopulatedCompany;
let worker: JobWorker;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  alpha = await companyWithEveryRole(t, 'Alpha Jobs', 'alpha-jobs.example');
  bravo = await companyWithEveryRole(t, 'Bravo Jobs', 'bravo-jobs.example');
  const enqueue = async (name: string, companyId: number, userId: number | null, kind = 'test.visible') => {
    ids[name] = (await enqueueJob(t.deps.db, { kind, payload: {}, companyId, userId, clock: t.clock })).id;
  };
  await enqueue('alphaCompany', alpha.companyId, null);
  await enqueue('alphaOwner', alpha.companyId, alpha.members.owner.userId);
  await enqueue('alphaOperator', alpha.companyId, alpha.members.operator.userId);
  await enqueue('bravoCompany', bravo.companyId, null);
  await enqueue('alphaBroken', alpha.companyId, null, 'test.broken');
  worker = startJobWorker({
    db: t.deps.db,
    clock: t.clock,
    log: { info() {}, warn() {}, error() {} },
    manual: true,
    concurrency: 10,
    handlers: [
      defineJob({
        kind: 'test.visible',
        async run(ctx) {
          await ctx.progress(5, 10);
          await ctx.progress(10, 10);
        },
      }),
      defineJob({
        kind: 'test.broken',
        maxAttempts: 2,
        async run() {
          throw new Error('the printer is on fire');
        },
      }),
    ],
  });
  await worker.runOnce();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

type Who = 'owner' | 'operator';
async function get(who: Who, jobId: number | undefined) {
  const res = await alpha.members[who].session!.call<Job>(jobGetCall.method, jobGetCall.path, { jobId });
  return res.body;
}

const listOf = async (who: Who, input = {}) => {
  const res = (
    await alpha.members[who].session!.call<{ list: Job[]; total: number }>(
      jobListCall.method,
      jobListCall.path,
      input,
    )
  ).body;
  expect(res.code).toBe(0);
  return res.data as { list: Job[]; total: number };
};

describe('jobs', () => {
  it('lists the company jobs and the caller own ones, newest first, never another person or company', async () => {
    const owner = await listOf('owner');
    expect(owner.list.map((j) => j.id)).toEqual([ids.alphaBroken, ids.alphaOwner, ids.alphaCompany]);
    expect(owner.total).toBe(3);
    const operator = await listOf('operator');
    expect(operator.list.map((j) => j.id)).toEqual([ids.alphaBroken, ids.alphaOperator, ids.alphaCompany]);
    expect((await listOf('owner', { state: 'queued' })).list.map((j) => j.id)).toEqual([ids.alphaBroken]);
    expect((await listOf('owner', { kind: 'test.visible', pageSize: 1 })).list.map((j) => j.id)).toEqual([
      ids.alphaOwner,
    ]);
  });

  it('shows state, progress and the last error', async () => {
    const done = await get('owner', ids.alphaOwner);
    expect(done.data).toMatchObject({ state: 'succeeded', progressDone: 10, progressTotal: 10, attempts: 1 });
    const retrying = await get('owner', ids.alphaBroken);
    expect(retrying.data).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'Error: the printer is on fire',
      finishedAt: null,
    });
    t.clock.advance(60_000);
    await worker.runOnce();
    const failed = await get('owner', ids.alphaBroken);
    expect(failed.data).toMatchObject({
      state: 'failed',
      attempts: 2,
      lastError: 'Error: the printer is on fire',
    });
  });

  it("answers another person's or another company's job as not found", async () => {
    for (const jobId of [ids.alphaOperator, ids.bravoCompany, 999_999]) {
      const res = await get('owner', jobId);
      expect(res.code).toBe(ErrorCode.NOT_FOUND);
      expect(res.data ?? null).toBeNull();
    }
  });
});
