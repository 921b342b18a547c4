import net from 'node:net';
import { DEVICE_EXAMPLES, DEVICE_LIMITS, topicFilters, upTopic } from '@fleetport/contract';
import type { CompiledQuery, QueryExecutor } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Db, OpenDatabase } from '../platform/db/open.ts';
import { findRpcCommands } from './rpc.store.ts';
import { eventually, type GatewayEnv, openGatewayEnv, TEST_COMPANY } from './testing/gateway-env.ts';
import { connectMqtt, TestDevice } from './testing/test-device.ts';

/**
 * docs/device-protocol.md §2 "acknowledgement", §3 access control, §6 telemetry repeats, §7.2 receipt
 * and §7.4 queueing, each with a plain MQTT client on the embedded broker.
 */
describe('durable delivery on the embedded broker', () => {
  let database: OpenDatabase;
  let env: GatewayEnv;
  /** While true, every telemetry insert fails as if the database were unreachable. */
  let databaseDown = false;

  beforeAll(async () => {
    database = await openTestDatabase();
    // Every statement that writes telemetry fails while `databaseDown`, whichever builder made it.
    const failingExecutor = (executor: QueryExecutor) =>
      new Proxy(executor, {
        get(target, property, receiver) {
          if (property === 'executeQuery')
            return (query: CompiledQuery, ...rest: unknown[]) => {
              if (databaseDown && /insert into "?device_telemetry/i.test(query.sql))
                return Promise.reject(new Error('connect ECONNREFUSED (test: database down)'));
              return (target.executeQuery as (...args: unknown[]) => unknown)(query, ...rest);
            };
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const failing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'getExecutor') return () => failingExecutor(target.getExecutor());
        const value = Reflect.get(target, property, receiver);
        // Kysely keeps its state in private fields: its methods must run on the real instance.
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    env = await openGatewayEnv({ brokerKind: 'embedded', database: { ...database, db: failing } });
    await env.startServer();
  });
  afterAll(async () => {
    databaseDown = false;
    await env?.close();
    await database?.close();
  });

  const db = () => database.db;
  const rpc = () => env.servers[0]!.gateway.rpc;
  const telemetryCount = async (sn: string) =>
    Number(
      (
        await db()
          .selectFrom('device_telemetry')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('sn', '=', sn)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const health = async () => (await env.servers[0]!.app.inject({ method: 'GET', url: '/api/health' })).json();

  it('acknowledges telemetry only once its row is committed', async () => {
    const sn = 'FPDUR000001';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    for (let i = 0; i < 5; i++) {
      await device.telemetry();
      // The PUBACK has arrived: the row must be there already, not a flush interval later.
      expect(await telemetryCount(sn)).toBe(i + 1);
    }
    await device.end();
  });

  it('stores a telemetry message sent three times once, and the next one too', async () => {
    const sn = 'FPDUR000002';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    const message = { ...DEVICE_EXAMPLES.telemetry, ts: Date.now(), seq: 41, uptimeSeconds: 600 };
    for (let i = 0; i < 3; i++) await device.publish('telemetry', message);
    expect(await telemetryCount(sn)).toBe(1);
    await device.publish('telemetry', { ...message, ts: message.ts + 60_000, seq: 42, uptimeSeconds: 660 });
    expect(await telemetryCount(sn)).toBe(2);
    // After a reboot `seq` starts again: another boot's message with the same seq is a new one.
    await device.publish('telemetry', { ...message, ts: message.ts + 120_000, seq: 41, uptimeSeconds: 30 });
    expect(await telemetryCount(sn)).toBe(3);
    await device.end();
  });

  it('drops and logs a publication on a topic the device may not use, and keeps the device connected', async () => {
    const sn = 'FPDUR000003';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    let closed = false;
    device.client.on('close', () => {
      closed = true;
    });
    const foreign = { ...DEVICE_EXAMPLES.telemetry, ts: Date.now(), seq: 1 };
    await device.client.publishAsync(upTopic('FPDUROTHER1', 'telemetry'), JSON.stringify(foreign), {
      qos: 1,
    });
    await device.client.publishAsync(`fp/${sn}/down/rpc`, JSON.stringify({ type: 'rpc' }), { qos: 1 });
    // Still connected: its own telemetry after the refused ones is acknowledged and stored.
    await device.telemetry();
    expect(closed).toBe(false);
    expect(device.client.connected).toBe(true);
    expect(await telemetryCount(sn)).toBe(1);
    expect(await telemetryCount('FPDUROTHER1')).toBe(0);
    await device.end();
  });

  it('sends queued commands only after the hello, and again on every new connection until the device answers', async () => {
    const sn = 'FPDUR000004';
    const secret = await env.provisionDevice(sn);
    const [command] = await rpc().send({ companyId: TEST_COMPANY, sns: [sn], method: 'ledTest', params: {} });
    // Subscribed, online, reporting: still no command before the hello.
    const first = await TestDevice.connect(env.deviceUrl(), sn, secret, { hello: false });
    await first.publish('presence', {
      type: 'presence',
      ts: Date.now(),
      state: 'online',
      session: first.session,
      reason: 'connect',
    });
    await first.telemetry();
    expect(first.commands).toEqual([]);
    await first.hello();
    expect((await first.nextCommand()).id).toBe(command!.id);
    // A second hello on the same connection does not send it again; a telemetry round trip later
    // the device has still received it once.
    await first.hello();
    await first.telemetry();
    expect(first.commands).toEqual([]);
    // Received but not answered (the link dropped): not delivered, so it comes again.
    expect((await findRpcCommands(db(), [command!.id]))[0]?.delivered_at).toBeNull();
    first.drop();

    const second = await TestDevice.connect(env.deviceUrl(), sn, secret);
    expect((await second.nextCommand()).id).toBe(command!.id);
    // The receipt: an `inExecution` reply marks it delivered; it is not sent on later connections.
    await second.publish('reply', { type: 'reply', ts: Date.now(), id: command!.id, state: 'inExecution' });
    expect((await findRpcCommands(db(), [command!.id]))[0]).toMatchObject({ state: 'inExecution' });
    expect((await findRpcCommands(db(), [command!.id]))[0]?.delivered_at).not.toBeNull();
    await second.end();

    const third = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await third.telemetry();
    expect(third.commands).toEqual([]);
    // Its final reply, sent twice (a lost acknowledgement), is stored once.
    await third.reply(command!.id, { state: 'success', result: {} });
    await third.reply(command!.id, { state: 'failure', error: { code: 105, message: 'repeat' } });
    expect((await findRpcCommands(db(), [command!.id]))[0]).toMatchObject({ state: 'success' });
    await third.end();
  });

  it('delivers a queued command to a device that says hello without waiting for its SUBACK', async () => {
    const sn = 'FPDUR000007';
    const secret = await env.provisionDevice(sn);
    const [command] = await rpc().send({ companyId: TEST_COMPANY, sns: [sn], method: 'ledTest', params: {} });
    const client = await connectMqtt(env.deviceUrl(), { clientId: sn, username: sn, password: secret });
    const received = new Promise<string>((resolve) =>
      client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()).id)),
    );
    // SUBSCRIBE and hello written back to back, as a firmware that does not wait may do: the broker
    // reads both at once and the hello can be handled before the subscription is in place.
    client.subscribe(topicFilters.device(sn), { qos: 1 });
    client.publish(upTopic(sn, 'hello'), JSON.stringify({ ...DEVICE_EXAMPLES.hello, ts: Date.now() }), {
      qos: 1,
    });
    expect(await received).toBe(command!.id);
    await client.endAsync();
  });

  it('stops acknowledging while the database is unreachable, says so in health, and stores everything after', async () => {
    const sn = 'FPDUR000005';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    await device.telemetry();
    databaseDown = true;
    let acknowledged = 0;
    const sent = [1, 2, 3].map(() => device.telemetry().then(() => acknowledged++));
    const degraded = await eventually(
      async () => {
        const body = await health();
        return body.data?.status === 'degraded' ? body.data : undefined;
      },
      10_000,
      'health degraded',
    );
    expect(degraded.gateway).toMatchObject({ ok: false, unacknowledged: 3 });
    expect(degraded.reasons.join(' ')).toContain('telemetry cannot be stored');
    expect(acknowledged).toBe(0);
    expect(await telemetryCount(sn)).toBe(1);
    databaseDown = false;
    await Promise.all(sent);
    expect(acknowledged).toBe(3);
    expect(await telemetryCount(sn)).toBe(4);
    expect((await health()).data).toMatchObject({ status: 'ok', gateway: { ok: true } });
    await device.end();
  });

  it('closes a connection that sends a packet over the protocol maximum, storing nothing of it', async () => {
    const sn = 'FPDUR000006';
    const device = await TestDevice.connect(env.deviceUrl(), sn, await env.provisionDevice(sn));
    const closed = new Promise<void>((resolve) => device.client.once('close', () => resolve()));
    const huge = JSON.stringify({
      ...DEVICE_EXAMPLES.telemetry,
      ts: Date.now(),
      seq: 1,
      padding: 'x'.repeat(DEVICE_LIMITS.maxPayloadBytes + 10_000),
    });
    device.client.publish(upTopic(sn, 'telemetry'), huge, { qos: 1 });
    await closed;
    expect(await telemetryCount(sn)).toBe(0);
    device.client.end(true);
  });

  it('frees a connection whose CONNECT never completes, and one whose CONNECT is too large', async () => {
    const port = Number(new URL(env.deviceUrl()).port);
    const closedAfter = (write: (socket: net.Socket) => void) =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => write(socket));
        socket.on('error', () => {});
        socket.on('close', () => resolve(true));
      });
    // Half a CONNECT (fixed header announcing 40 bytes, then 3 of them), then silence.
    const halfOpen = closedAfter((socket) => socket.write(Buffer.from([0x10, 40, 0, 4, 0x4d])));
    // A CONNECT announcing 1 MB: refused on its header.
    const oversized = closedAfter((socket) => socket.write(Buffer.from([0x10, 0x80, 0x80, 0x40, 0, 4])));
    expect(await oversized).toBe(true);
    expect(await halfOpen).toBe(true);
  });
});
