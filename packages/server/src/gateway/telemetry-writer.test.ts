import type { CompiledQuery, QueryExecutor } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Db, OpenDatabase } from '../platform/db/open.ts';
import { createTelemetryWriter, TelemetryRefused } from './telemetry-writer.ts';

/**
 * The writer's bound on waiting rows is for a database that does not answer (devices keep what is
 * refused and send it again); a burst that a working database is still writing is never refused.
 */
describe('telemetry writer', () => {
  let database: OpenDatabase;
  let databaseDown = false;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase();
    const failingExecutor = (executor: QueryExecutor) =>
      new Proxy(executor, {
        get(target, property, receiver) {
          if (property === 'executeQuery')
            return (query: CompiledQuery, ...rest: unknown[]) =>
              databaseDown && /insert into "?device_telemetry/i.test(query.sql)
                ? Promise.reject(new Error('connect ECONNREFUSED (test: database down)'))
                : (target.executeQuery as (...args: unknown[]) => unknown)(query, ...rest);
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'getExecutor') return () => failingExecutor(target.getExecutor());
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
  });
  afterAll(async () => {
    await database?.close();
  });

  const row = (sn: string, seq: number) => ({
    companyId: 1,
    sn,
    at: new Date(1_800_000_000_000 + seq),
    data: { usage: [], signal: [], seq },
    uptimeSeconds: 100,
    seq,
  });
  const storedOf = async (sn: string) =>
    Number(
      (
        await database.db
          .selectFrom('device_telemetry')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sn', '=', sn)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a burst larger than the bound while the database answers', async () => {
    const writer = createTelemetryWriter({ db, maxWaiting: 5, onError: () => {} });
    const burst = Array.from({ length: 40 }, (_, i) => writer.add(row('BURST0001', i)));
    await expect(Promise.all(burst)).resolves.toHaveLength(40);
    expect(await storedOf('BURST0001')).toBe(40);
    writer.close();
  });

  it('refuses past the bound while the database fails, and stores what waited once it answers', async () => {
    const writer = createTelemetryWriter({
      db,
      maxWaiting: 5,
      retryMs: 10,
      maxRetryMs: 20,
      onError: () => {},
    });
    databaseDown = true;
    const first = writer.add(row('DOWN0001', 0));
    // The first write fails: the writer now knows the database is down.
    await expect.poll(() => writer.stats().failingSince).not.toBeNull();
    const more = Array.from({ length: 4 }, (_, i) => writer.add(row('DOWN0001', i + 1)));
    await expect(writer.add(row('DOWN0001', 99))).rejects.toBeInstanceOf(TelemetryRefused);
    databaseDown = false;
    await Promise.all([first, ...more]);
    expect(await storedOf('DOWN0001')).toBe(5);
    writer.close();
  });
});
