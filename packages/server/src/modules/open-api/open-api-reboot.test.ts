import type { RemoteAction } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { callApi, makeClient, tokenFor } from './open-api-test-kit.ts';

let fleet: SimulatedFleet;
let acme: Owner;

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  acme = await companyOwner(fleet.t, 'Acme Reboot', 'owner@acme-openreboot.test');
  await fleet.connect(acme, 'OR0001', 'r1500', 'R1500');
}, 60_000);
afterAll(() => fleet?.close());

describe('a reboot through the open API', () => {
  it('reaches the router once however often it is retried, and its state is followed to the end', async () => {
    const { t } = fleet;
    const token = await tokenFor(t, await makeClient(acme));
    const headers = { 'idempotency-key': 'reboot-or0001' };
    const first = await callApi(t.app, token, 'POST', '/devices/OR0001/reboot', { body: {}, headers });
    expect(first.status).toBe(200);
    const sent = first.body.data as RemoteAction;
    expect(sent).toMatchObject({ sn: 'OR0001', method: 'reboot' });
    const retries = await Promise.all(
      [1, 2, 3].map(() => callApi(t.app, token, 'POST', '/devices/OR0001/reboot', { body: {}, headers })),
    );
    for (const retry of retries) {
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect((retry.body.data as RemoteAction).rpcId).toBe(sent.rpcId);
    }
    const commands = await t.deps.db
      .selectFrom('rpc_command')
      .select('id')
      .where('sn', '=', 'OR0001')
      .where('method', '=', 'reboot')
      .execute();
    expect(commands).toHaveLength(1);
    const done = await eventually(
      async () => {
        // The test's clock stands still: move it so polling stays under 12 calls a second.
        t.clock.advance(100);
        const answer = await callApi(t.app, token, 'GET', `/actions/${sent.rpcId}`);
        const action = answer.body.data as RemoteAction;
        return action.state !== 'inExecution' ? action : undefined;
      },
      10_000,
      'reboot final',
    );
    expect(done.state).toBe('success');
  });
});
