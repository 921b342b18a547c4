import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import { ManualClock } from '../clock.ts';
import { type Db, type OpenDatabase, openDatabase } from '../db/open.ts';
import { defineJob, defineSchedule, nextSlot, parseCron, startJobWorker } from './index.ts';
import { nextCronTime } from './schedules.ts';

/**
 * A schedule fires once per due slot across all nodes. Two workers (two server nodes) share one
 * database: with DATABASE_URL each has its own connection pool to the same PostgreSQL database and
 * they race for real; on PGlite they share the one database of the process.
 */

const silent = { info() {}, warn() {}, error() {} };
const HOUR = 3_600_000;
let first: OpenDatabase;
let secondDb: Db;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  first = await openTestDatabase();
  closers.push(() => first.close());
  if (first.url) {
    const second = await openDatabase({ databaseUrl: first.url, migrate: false });
    closers.unshift(() => second.close());
    secondDb = second.db;
  } else secondDb = first.db;
  await sql`create table schedule_effect (job_id bigint not null, slot text not null)`.execute(first.db);
});
afterAll(async () => {
  for (const close of closers) await close();
});

describe('schedules', () => {
  it('fire once per slot across two nodes, a missed stretch once, and not again after a restart', async () => {
    const clock = new ManualClock(new Date('2026-03-01T10:20:00Z'));
    const tick = defineSchedule({
      name: 'test.hourly',
      every: HOUR,
      kind: 'test.tick',
      payload: { from: 'schedule' },
    });
    const node = (db: Db, nodeId: string) =>
      startJobWorker({
        db,
        clock,
        log: silent,
        nodeId,
        manual: true,
        schedules: [tick],
        handlers: [
          defineJob<{ from: string }>({
            kind: 'test.tick',
            async run(ctx) {
              expect(ctx.payload).toEqual({ from: 'schedule' });
              await sql`insert into schedule_effect values (${ctx.id}, ${clock.now().toISOString()})`.execute(
                db,
              );
            },
          }),
        ],
      });
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from schedule_effect`.execute(first.db)).rows[0]?.n ??
          0,
      );
    const both = async (a: ReturnType<typeof node>, b: ReturnType<typeof node>) => {
      await Promise.all([a.runOnce(), b.runOnce()]);
      // A job the other node enqueued while this one was already claiming runs on the next poll.
      await Promise.all([a.runOnce(), b.runOnce()]);
    };
    const a = node(first.db, 'node-a');
    const b = node(secondDb, 'node-b');

    // Not before the first slot (11:00).
    await both(a, b);
    expect(await count()).toBe(0);
    for (let slot = 1; slot <= 3; slot++) {
      clock.advance(HOUR);
      await both(a, b);
      await both(a, b);
      expect(await count()).toBe(slot);
    }
    // Every node down for five hours: the missed slots run once, not five times.
    clock.advance(5 * HOUR);
    await both(a, b);
    expect(await count()).toBe(4);
    await Promise.all([a.stop(), b.stop()]);

    // Restarted nodes do not run the slot that already ran.
    const c = node(first.db, 'node-c');
    const d = node(secondDb, 'node-d');
    await both(c, d);
    expect(await count()).toBe(4);
    clock.advance(HOUR);
    await both(c, d);
    expect(await count()).toBe(5);
    await Promise.all([c.stop(), d.stop()]);
    const jobs = await first.db
      .selectFrom('job')
      .select(['state', 'idempotency_key'])
      .where('kind', '=', 'test.tick')
      .execute();
    expect(jobs).toHaveLength(5);
    expect(
      jobs.every((j) => j.state === 'succeeded' && j.idempotency_key?.startsWith('schedule:test.hourly:')),
    ).toBe(true);
  });

  it('reads cron expressions in UTC', () => {
    const at = new Date('2026-03-01T10:20:00Z');
    expect(nextCronTime(parseCron('30 2 * * *'), at).toISOString()).toBe('2026-03-02T02:30:00.000Z');
    expect(nextCronTime(parseCron('*/15 * * * *'), at).toISOString()).toBe('2026-03-01T10:30:00.000Z');
    // 2026-03-01 is a Sunday: the next Monday at 08:00.
    expect(nextCronTime(parseCron('0 8 * * 1'), at).toISOString()).toBe('2026-03-02T08:00:00.000Z');
    expect(nextCronTime(parseCron('0 0 1 1-3/2 *'), at).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextSlot(defineSchedule({ name: 'x', every: HOUR, kind: 'k' }), at).toISOString()).toBe(
      '2026-03-01T11:00:00.000Z',
    );
    expect(() => parseCron('61 * * * *')).toThrow('minute');
    expect(() => parseCron('* * *')).toThrow('five fields');
  });
});
