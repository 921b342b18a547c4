import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { OpenDatabase } from '../platform/db/open.ts';
import type { LiveEvent } from '../platform/live/hub.ts';
import { eventually, type GatewayEnv, openGatewayEnv, TEST_COMPANY } from './testing/gateway-env.ts';
import { TestDevice } from './testing/test-device.ts';

/*
 * Two server nodes on one database (PostgreSQL when DATABASE_URL is set, else one shared PGlite)
 * and one Mosquitto, sharing the devices' traffic through `$share/fleetport/...`. Needs the
 * mosquitto binary: without it this file fails (CI installs it).
 */
const FLEET = 12;
const TELEMETRY_EACH = 20;

describe('two server nodes behind one Mosquitto', () => {
  let database: OpenDatabase;
  let env: GatewayEnv;
  const devices: TestDevice[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    env = await openGatewayEnv({ brokerKind: 'mosquitto', database });
    await env.startServer({ nodeId: 'node-a' });
    await env.startServer({ nodeId: 'node-b' });
    for (let i = 0; i < FLEET; i++) {
      const sn = `FPNODES${String(i).padStart(4, '0')}`;
      const secret = await env.provisionDevice(sn);
      devices.push(await TestDevice.connect(env.deviceUrl(), sn, secret));
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.end()));
    await env?.close();
    await database?.close();
  });

  it("handles every device's messages exactly once across the two nodes", async () => {
    const [a, b] = env.servers;
    await Promise.all(
      devices.map(async (d) => {
        for (let i = 0; i < TELEMETRY_EACH; i++) await d.telemetry();
      }),
    );
    const expected = FLEET * TELEMETRY_EACH;
    const stored = await eventually(
      async () => {
        const { rows } = await sql<{ total: number; distinct: number }>`
        select count(*)::int as total, count(distinct (sn, data->>'seq'))::int as distinct
          from device_telemetry where sn like 'FPNODES%'`.execute(database.db);
        return rows[0] && rows[0].total >= expected ? rows[0] : undefined;
      },
      20_000,
      'all telemetry stored',
    );
    // Let a duplicate, if any, arrive before counting.
    await new Promise((r) => setTimeout(r, 500));
    const { rows } = await sql<{
      total: number;
    }>`select count(*)::int as total from device_telemetry where sn like 'FPNODES%'`.execute(database.db);
    expect(rows[0]?.total).toBe(expected);
    expect(stored.distinct).toBe(expected);
    const handledA = a!.gateway.stats().byKind.telemetry ?? 0;
    const handledB = b!.gateway.stats().byKind.telemetry ?? 0;
    expect(handledA + handledB).toBe(expected);
    // The broker split the work: both nodes took a share.
    expect(handledA).toBeGreaterThan(0);
    expect(handledB).toBeGreaterThan(0);
  });

  it('delivers an RPC sent through either node to its device', async () => {
    for (const d of devices)
      d.answerWith((command) => ({ state: 'success', result: { rebootAt: command.deadline } }));
    const [a, b] = env.servers;
    const half = devices.length / 2;
    const viaA = await a!.gateway.rpc.send({
      companyId: TEST_COMPANY,
      sns: devices.slice(0, half).map((d) => d.sn),
      method: 'reboot',
      params: {},
    });
    const viaB = await b!.gateway.rpc.send({
      companyId: TEST_COMPANY,
      sns: devices.slice(half).map((d) => d.sn),
      method: 'reboot',
      params: {},
    });
    // Replies reach whichever node the broker picks; each node sees the other's through the database.
    const resultsA = await a!.gateway.rpc.waitForResults(
      viaA.map((c) => c.id),
      10_000,
    );
    const resultsB = await b!.gateway.rpc.waitForResults(
      viaB.map((c) => c.id),
      10_000,
    );
    expect([...resultsA, ...resultsB].map((r) => r.state)).toEqual(Array(devices.length).fill('success'));
    for (const d of devices) expect(d.commands).toEqual([]);
  });

  it("tells both nodes' live subscribers of a presence change, whichever node handled it", async () => {
    const [a, b] = env.servers;
    const sn = 'FPLIVENODE01';
    const heard = { a: [] as boolean[], b: [] as boolean[] };
    const listen = (into: boolean[]) => (event: LiveEvent) => {
      if (event.name === 'device.presence' && event.data.sn === sn)
        into.push((event as LiveEvent<'device.presence'>).data.online);
    };
    a!.deps.hub.subscribe(listen(heard.a), TEST_COMPANY);
    b!.deps.hub.subscribe(listen(heard.b), TEST_COMPANY);
    const secret = await env.provisionDevice(sn);
    const both = (n: number) => async () => heard.a.length >= n && heard.b.length >= n;

    let device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    if (database.dialect === 'pglite') {
      // One process on PGlite: the hub stays in-process, so only the node that handled it hears it.
      await eventually(async () => heard.a.length + heard.b.length >= 1, 5000, 'presence heard');
      await new Promise((r) => setTimeout(r, 500));
      expect([...heard.a, ...heard.b]).toEqual([true]);
      await device.end();
      return;
    }
    await eventually(both(1), 5000, 'online heard on both nodes');
    device.drop();
    await eventually(both(2), 5000, 'offline heard on both nodes');
    // Let an echo, if any, arrive: a node must not hear its own event twice.
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).toEqual({ a: [true, false], b: [true, false] });

    // The database drops the listening connections; the nodes reconnect and keep hearing each other.
    const listeners = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where application_name = 'fleetport-live-listen' and datname = current_database()`;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'fleetport-live-listen' and datname = current_database()`.execute(database.db);
    await eventually(async () => (await listeners.execute(database.db)).rows[0]?.n === 2, 10_000, 'relisten');
    device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await eventually(both(3), 5000, 'online heard on both nodes after reconnecting');
    expect(heard).toEqual({ a: [true, false, true], b: [true, false, true] });
    await device.end();
  });

  // Last: node-c stays in the share group until the end of the file.
  it("learns every device's last presence from the retained messages when a node starts", async () => {
    const sn = 'FPRETAINED01';
    const secret = await env.provisionDevice(sn);
    const row = () =>
      database.db.selectFrom('device').select(['online']).where('sn', '=', sn).executeTakeFirstOrThrow();
    const device = await TestDevice.connect(env.deviceUrl(), sn, secret);
    await eventually(async () => (await row()).online, 5000, 'online');
    // The will (offline, retained) is written once the debounce window passed.
    device.drop();
    await eventually(async () => !(await row()).online, 5000, 'offline');
    // As a node killed after acknowledging the will and before its debounced write leaves it.
    await database.db.updateTable('device').set({ online: true }).where('sn', '=', sn).execute();
    const c = await env.startServer({ nodeId: 'node-c' });
    await eventually(async () => !(await row()).online, 10_000, 'offline again, from the retained will');
    // node-c read every device's retained presence through a subscription of its own (none comes
    // through the shared subscription: no device connected or left meanwhile).
    expect(c.gateway.stats().byKind.presence).toBeGreaterThanOrEqual(FLEET + 2);
  });
});
