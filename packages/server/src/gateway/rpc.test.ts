import { downTopic } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import { systemClock } from '../platform/clock.ts';
import type { OpenDatabase } from '../platform/db/open.ts';
import { createLiveHub } from '../platform/live/hub.ts';
import { createRpcService } from './rpc.service.ts';
import { findRpcCommands } from './rpc.store.ts';
import { eventually, type GatewayEnv, openGatewayEnv, TEST_COMPANY } from './testing/gateway-env.ts';
import { TestDevice } from './testing/test-device.ts';

describe(`RPC over real MQTT (${process.env.MQTT_TEST_BROKER ?? 'embedded'} broker)`, () => {
  let database: OpenDatabase;
  let env: GatewayEnv;

  beforeAll(async () => {
    database = await openTestDatabase();
    env = await openGatewayEnv({ database });
    await env.startServer();
  });
  afterAll(async () => {
    await env?.close();
    await database?.close();
  });

  const rpc = () => env.servers[0]!.gateway.rpc;

  it('records success and failure replies, and times out a command the device leaves unanswered', async () => {
    const sn = 'FPRPC000001';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    device.answerWith((command) =>
      command.method === 'ping'
        ? {
            state: 'success',
            result: {
              host: '8.8.8.8',
              sent: 4,
              received: 4,
              lossPercent: 0,
              rttMs: [20, 21, 19, 22],
              minMs: 19,
              avgMs: 20.5,
              maxMs: 22,
            },
          }
        : command.method === 'ledTest'
          ? { state: 'failure', error: { code: 102, message: 'no LEDs on this board' } }
          : { state: 'inExecution' },
    );
    const [ping] = await rpc().send({
      companyId: TEST_COMPANY,
      sns: [sn],
      method: 'ping',
      params: { host: '8.8.8.8' },
    });
    const [led] = await rpc().send({ companyId: TEST_COMPANY, sns: [sn], method: 'ledTest', params: {} });
    const [reboot] = await rpc().send({
      companyId: TEST_COMPANY,
      sns: [sn],
      method: 'reboot',
      params: {},
      deadlineSeconds: 1,
    });
    const ids = [ping!.id, led!.id, reboot!.id];
    const rows = await rpc().waitForResults(ids, 5000);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ping!.id)).toMatchObject({ state: 'success', result: { received: 4, avgMs: 20.5 } });
    expect(byId.get(led!.id)).toMatchObject({
      state: 'failure',
      error: { code: 102, message: 'no LEDs on this board' },
    });
    expect(byId.get(reboot!.id)).toMatchObject({ state: 'timeout', result: null });
    // A late reply does not change a timed-out command.
    await device.reply(reboot!.id, { state: 'success', result: { rebootAt: Date.now() } });
    await new Promise((r) => setTimeout(r, 300));
    expect((await findRpcCommands(database.db, [reboot!.id]))[0]?.state).toBe('timeout');
    await device.end();
  });

  it('sends one command to many devices and tracks each result', async () => {
    const sns = ['FPRPCMANY01', 'FPRPCMANY02', 'FPRPCMANY03'];
    const devices = await Promise.all(
      sns.map(async (sn) => TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn))),
    );
    for (const device of devices) device.answerWith(() => ({ state: 'success', result: { rebootAt: 1 } }));
    const commands = await rpc().send({
      companyId: TEST_COMPANY,
      sns,
      method: 'reboot',
      params: { delaySeconds: 5 },
    });
    expect(commands.map((c) => c.sn).sort()).toEqual(sns);
    const rows = await rpc().waitForResults(
      commands.map((c) => c.id),
      5000,
    );
    expect(rows.map((r) => r.state)).toEqual(['success', 'success', 'success']);
    await Promise.all(devices.map((d) => d.end()));
  });

  it('queues a command for an offline device and delivers it when the device returns', async () => {
    const sn = 'FPRPCQUEUE1';
    const secret = await env.provisionDevice(sn);
    const [queued] = await rpc().send({
      companyId: TEST_COMPANY,
      sns: [sn],
      method: 'ping',
      params: { host: 'example.com' },
    });
    expect(queued).toMatchObject({ state: 'inExecution', delivered_at: null });
    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    const command = await device.nextCommand();
    expect(command).toMatchObject({
      id: queued!.id,
      method: 'ping',
      params: { host: 'example.com', count: 4 },
    });
    expect(command.deadline).toBe(queued!.deadline.getTime());
    await device.end();
  });

  it('loses no queued command when the server restarts', async () => {
    const sn = 'FPRPCRESTRT';
    const secret = await env.provisionDevice(sn);
    const first = env.servers[0]!;
    const port = Number(new URL(first.gateway.endpoint()).port);
    const [queued] = await rpc().send({
      companyId: TEST_COMPANY,
      sns: [sn],
      method: 'cli',
      params: { command: 'uptime' },
      deadlineSeconds: 120,
    });
    await first.close();
    // Same database, same port: a new process would find the queue where the old one left it.
    await env.startServer({ port: env.brokerKind === 'embedded' ? port : 0 });
    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    const command = await device.nextCommand();
    expect(command).toMatchObject({ id: queued!.id, method: 'cli', params: { command: 'uptime' } });
    await device.reply(command.id, { state: 'success', result: { output: 'up 3 days', exitCode: 0 } });
    const [row] = await eventually(
      async () => {
        const rows = await findRpcCommands(database.db, [queued!.id]);
        return rows[0]?.state === 'success' ? rows : undefined;
      },
      5000,
      'reply stored',
    );
    expect(row?.result).toEqual({ output: 'up 3 days', exitCode: 0 });
    await device.end();
  });

  it('sends what was queued to a device that says hello before the queue was read at start', async () => {
    // A server starting with a fleet reconnecting at once: the device's hello can be handled before
    // start() has read which devices have commands waiting. It must still get them.
    const sn = 'FPRPCEARLY1';
    await env.provisionDevice(sn);
    const [queued] = await rpc().send({ companyId: TEST_COMPANY, sns: [sn], method: 'ledTest', params: {} });
    const published: { topic: string; payload: string }[] = [];
    const starting = createRpcService({
      db: database.db,
      clock: systemClock,
      hub: createLiveHub(),
      publish: async (topic, payload) => {
        published.push({ topic, payload });
      },
      connectionOf: async () => null,
      onError: (error) => {
        throw error;
      },
      soleNode: true,
    });
    expect(await starting.deliverQueued(sn, 'early-session')).toBe(1);
    expect(published.map((p) => [p.topic, JSON.parse(p.payload).id])).toEqual([
      [downTopic(sn, 'rpc'), queued!.id],
    ]);
    starting.stop();
  });

  it('refuses an unknown method and a device of another company', async () => {
    const sn = 'FPRPCOTHER1';
    await env.provisionDevice(sn, { companyId: TEST_COMPANY + 1 });
    await expect(
      rpc().send({ companyId: TEST_COMPANY, sns: [sn], method: 'reboot', params: {} }),
    ).rejects.toMatchObject({ code: 120002 });
    await expect(
      rpc().send({ companyId: TEST_COMPANY + 1, sns: [sn], method: 'selfDestruct' as 'reboot', params: {} }),
    ).rejects.toMatchObject({
      code: 1,
    });
  });
});
