import { ErrorCode } from '@fleetport/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeOnSameDatabase, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { callApi, makeClient, tokenFor } from './open-api-test-kit.ts';

let t: TestApp;
let acme: Owner;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  second = (await createNodeOnSameDatabase(t)).app;
  acme = await companyOwner(t, 'Acme Limits', 'owner@acme-limits.test');
  await seedDevices(t, acme.companyId, [{ sn: 'OL0001' }]);
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('12 calls a second per client (token bucket, burst 12)', () => {
  it('admits 12 at once, refuses the 13th with 429, its code and Retry-After, and refills 12 a second', async () => {
    const made = await makeClient(acme);
    // The token call draws from the bucket too: start the second afresh.
    const token = await tokenFor(t, made);
    t.clock.advance(1000);
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push(await callApi(t.app, token, 'GET', '/tags'));
    expect(answers.slice(0, 12).map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual([
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
      '0',
    ]);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('12');
    const refused = answers[12]!;
    expect([refused.status, refused.body.code]).toEqual([429, ErrorCode.OPEN_API_RATE_LIMITED]);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['ratelimit-reset']).toBe('1');
    expect(refused.body.msg).toBe('Over the limit of 12 calls a second: retry in 1 s');
    // One twelfth of a second gives one call back.
    t.clock.advance(84);
    expect((await callApi(t.app, token, 'GET', '/tags')).status).toBe(200);
    expect((await callApi(t.app, token, 'GET', '/tags')).status).toBe(429);
  });

  it('is exact across two nodes on one database, and one client does not spend another', async () => {
    const a = await makeClient(acme);
    const b = await makeClient(acme);
    const tokenA = await tokenFor(t, a);
    const tokenB = await tokenFor(t, b);
    t.clock.advance(1000);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callApi(i % 2 ? second : t.app, tokenA, 'GET', '/tags')),
    );
    expect(statuses.filter((s) => s.status === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s.status === 429)).toHaveLength(8);
    expect((await callApi(second, tokenB, 'GET', '/tags')).status).toBe(200);
  });
});

describe('Idempotency-Key on writes', () => {
  it('refuses a write without a key (610008)', async () => {
    const token = await tokenFor(t, await makeClient(acme));
    const answer = await callApi(t.app, token, 'POST', '/devices/OL0001/reboot', { body: {} });
    expect([answer.status, answer.body.code]).toEqual([400, ErrorCode.OPEN_API_IDEMPOTENCY_KEY_MISSING]);
  });

  it('replays the first answer with Idempotent-Replayed, refuses the key with another body (610007)', async () => {
    t.clock.advance(1000);
    const token = await tokenFor(t, await makeClient(acme));
    const headers = { 'idempotency-key': 'reboot-ol0001-1' };
    // No gateway in this app: the router is offline, and that first answer is what is kept.
    const first = await callApi(t.app, token, 'POST', '/devices/OL0001/reboot', { body: {}, headers });
    expect([first.status, first.body.code]).toEqual([409, ErrorCode.DEVICE_OFFLINE_OPERATION]);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await callApi(second, token, 'POST', '/devices/OL0001/reboot', { body: {}, headers });
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await callApi(t.app, token, 'POST', '/devices/OL0001/reboot', {
      body: { delaySeconds: 5 },
      headers,
    });
    expect([other.status, other.body.code]).toEqual([422, ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED]);
  });

  it('forgets a key after 24 h', async () => {
    const made = await makeClient(acme);
    let token = await tokenFor(t, made);
    const headers = { 'idempotency-key': 'day-old' };
    await callApi(t.app, token, 'POST', '/devices/OL0001/reboot', { body: {}, headers });
    t.clock.advance(24 * 3_600_000 + 1);
    token = await tokenFor(t, made);
    const later = await callApi(t.app, token, 'POST', '/devices/OL0001/reboot', {
      body: { delaySeconds: 1 },
      headers,
    });
    expect(later.body.code).toBe(ErrorCode.DEVICE_OFFLINE_OPERATION);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });
});
