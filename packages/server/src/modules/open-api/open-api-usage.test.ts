import {
  ErrorCode,
  openApiCallLogCall,
  openApiUsageRankingCall,
  openApiUsageTrendCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { signInAgain } from '../customers/partner-tree-kit.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { sweepOpenApi } from './open-api.job.ts';
import { callApi, loggedCalls, makeClient, tokenFor } from './open-api-test-kit.ts';

let t: TestApp;
let acme: Owner;
let bravo: Owner;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Usage', 'owner@acme-usage.test');
  bravo = await companyOwner(t, 'Bravo Usage', 'owner@bravo-usage.test');
  await seedDevices(t, acme.companyId, [{ sn: 'OU0001' }]);
}, 60_000);
afterAll(() => t?.close());

describe('usage: every call recorded', () => {
  it('shows the calls in the trend, the ranking and the calling log, with filters, to its company only', async () => {
    const start = t.clock.now().getTime();
    const made = await makeClient(acme, { name: 'Usage reader', scopes: ['devices:read'] });
    const token = await tokenFor(t, made);
    await callApi(t.app, token, 'GET', '/devices');
    await callApi(t.app, token, 'GET', '/devices');
    await callApi(t.app, token, 'GET', '/devices/OU0001');
    await callApi(t.app, token, 'GET', '/groups'); // 403: scope missing
    await loggedCalls(t, made.client.id, 5);
    const range = { from: start, to: t.clock.now().getTime() + 1000 };

    const trend = await acme.run(openApiUsageTrendCall, range);
    expect(trend.data).toEqual([{ day: expect.any(Number), calls: 5, failed: 1 }]);

    const ranking = await acme.run(openApiUsageRankingCall, range);
    expect(ranking.data!.map((r) => [r.interfaceId, r.calls, r.failed])).toEqual([
      ['devices.list', 2, 0],
      ['devices.get', 1, 0],
      ['groups.list', 1, 1],
      ['oauth.token', 1, 0],
    ]);

    const log = await acme.run(openApiCallLogCall, {
      ...range,
      pageNum: 1,
      pageSize: 10,
      outcome: 'failure',
    });
    expect(log.total).toBe(1);
    expect(log.data!.list[0]).toMatchObject({
      clientName: 'Usage reader',
      clientId: made.client.clientId,
      interfaceId: 'groups.list',
      method: 'GET',
      path: '/openapi/v1/groups',
      status: 403,
      code: ErrorCode.OPEN_API_SCOPE_MISSING,
    });
    const byInterface = await acme.run(openApiCallLogCall, {
      ...range,
      pageNum: 1,
      pageSize: 10,
      interfaceId: 'devices.list',
    });
    expect(byInterface.total).toBe(2);

    const other = await bravo.run(openApiCallLogCall, { ...range, pageNum: 1, pageSize: 10 });
    expect(other.total).toBe(0);
  });

  it('charts at most a month and logs at most three months (120098)', async () => {
    const now = t.clock.now().getTime();
    const trend = await acme.run(openApiUsageTrendCall, { from: now - 32 * DAY, to: now });
    expect(trend.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
    const log = await acme.run(openApiCallLogCall, {
      from: now - 93 * DAY,
      to: now,
      pageNum: 1,
      pageSize: 10,
    });
    expect(log.code).toBe(ErrorCode.RANGE_THREE_MONTHS);
    const backwards = await acme.run(openApiCallLogCall, {
      from: now,
      to: now - 1,
      pageNum: 1,
      pageSize: 10,
    });
    expect(backwards.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it('keeps the log 90 days', async () => {
    const made = await makeClient(acme);
    const token = await tokenFor(t, made);
    await callApi(t.app, token, 'GET', '/tags');
    await loggedCalls(t, made.client.id, 2);
    const count = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('open_api_call_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('client_id', '=', made.client.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(2);
    t.clock.advance(89 * DAY);
    await sweepOpenApi(t.deps);
    expect(await count()).toBe(2);
    t.clock.advance(2 * DAY);
    await sweepOpenApi(t.deps);
    expect(await count()).toBe(0);
    acme = await signInAgain(t, acme);
  });
});
