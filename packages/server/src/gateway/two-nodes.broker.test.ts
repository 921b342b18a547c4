import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { OpenDatabase } from '../platform/db/open.ts';
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
});
