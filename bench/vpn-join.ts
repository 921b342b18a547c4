/**
 * VPN join benchmark (issue 17): 1,000 connected simulated routers added to one VPN group through the
 * API (ten calls of 100, the most one call takes), from the first call to every router's tunnel
 * reported connected and stored: each router gets its own certificate, issued by the company's CA,
 * and a `vpnJoin` with its OpenVPN profile over MQTT, brings its tunnel up (the simulator's handshake)
 * and reports it. Beside it, 1,000 bare MQTT request/response round trips through a bare Aedes broker.
 *
 *   npm run bench -- vpn-join      BENCH_VPN_ROUTERS=200 node --import tsx bench/vpn-join.ts
 */
import os from 'node:os';
import {
  addVpnGroupDevicesCall,
  assignDeviceLicencesCall,
  createVpnGroupCall,
  LEVEL_PRODUCT,
  VPN_BULK_MAX_DEVICES,
} from '@fleetport/contract';
import { sql } from 'kysely';
import type { Gateway } from '../packages/server/src/gateway/gateway.ts';
import { asOwner, type Owner } from '../packages/server/src/modules/devices/device-test-kit.ts';
import { grantPool } from '../packages/server/src/modules/licences/licence-test-kit.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { createTestApp, testConfig } from '../packages/server/test/helpers.ts';
import { type ChildFleet, startChildFleet } from './lib/child-fleet.ts';
import { benchFleet, insertFleet } from './lib/fleet-rows.ts';
import { bareRoundTrips } from './lib/mqtt-round-trips.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const ROUTERS = Number(process.env.BENCH_VPN_ROUTERS ?? 1000);
/** The simulated routers' own waits (the tunnel's handshake) are scaled by this. */
const TIME_SCALE = 0.01;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function fleetport(): Promise<{ ms: number; connected: number; perCallMs: number[] }> {
  const base = testConfig();
  const t = await createTestApp({
    config: { ...base, mqtt: { ...base.mqtt, port: 0 } },
    gateway: { presenceDebounceMs: 100, telemetryFlushMs: 50, rpcSweepIntervalMs: 500 },
    // As `npm start` runs it: PGlite on a thread of its own, beside the broker and the app.
    pgliteThread: true,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  let routers: ChildFleet | null = null;
  try {
    const account = 'owner@bench-vpn.test';
    const { companyId, userId } = await registerCompany(t, { companyName: 'Bench VPN', account });
    const owner: Owner = asOwner(await signIn(t, account), { companyId, userId, account });
    const fleet = benchFleet('VPNB', ROUTERS);
    await insertFleet(t.deps.db, companyId, fleet);
    routers = await startChildFleet({
      kind: 'routers',
      url: (t.deps.gateway as Gateway).endpoint(),
      devices: fleet,
      timeScale: TIME_SCALE,
      telemetryPeriodMs: 3_600_000,
      rebootSeconds: 100,
    });
    // VPN needs Advanced.
    await grantPool(t, companyId, LEVEL_PRODUCT.ADVANCED, ROUTERS);
    for (let i = 0; i < ROUTERS; i += 100) {
      const res = await owner.run(assignDeviceLicencesCall, {
        sns: fleet.slice(i, i + 100).map((d) => d.sn),
        level: 'ADVANCED',
        idempotencyKey: `bench-vpn-${i}`,
      });
      if (res.code !== 0) throw new Error(`licences: ${res.code} ${res.msg}`);
    }
    // Every router said hello and listens for commands.
    for (;;) {
      const row = await t.deps.db
        .selectFrom('device')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .where('online', '=', true)
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= ROUTERS) break;
      await sleep(200);
    }
    const group = await owner.run(createVpnGroupCall, {
      name: 'Bench sites',
      region: 'EUR',
      dataLimitMb: 1_000_000,
      networkPrefix: 22,
    });
    if (group.code !== 0) throw new Error(`group: ${group.code} ${group.msg}`);
    const vpnGroupId = group.data!.vpnGroupId;

    const started = performance.now();
    const perCallMs: number[] = [];
    for (let i = 0; i < ROUTERS; i += VPN_BULK_MAX_DEVICES) {
      const callStarted = performance.now();
      const res = await owner.run(addVpnGroupDevicesCall, {
        vpnGroupId,
        sns: fleet.slice(i, i + VPN_BULK_MAX_DEVICES).map((d) => d.sn),
      });
      if (res.code !== 0) throw new Error(`add: ${res.code} ${res.msg}`);
      perCallMs.push(performance.now() - callStarted);
    }
    let connected = 0;
    for (;;) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from device_status
         where company_id = ${companyId} and module = 'vpn'
           and data->>'state' = 'connected' and (data->>'groupId')::int = ${vpnGroupId}`.execute(t.deps.db);
      connected = Number(rows[0]?.n ?? 0);
      if (process.env.BENCH_TRACE) console.log(Math.round(performance.now() - started), connected);
      if (connected >= ROUTERS || performance.now() - started > 900_000) break;
      await sleep(100);
    }
    return { ms: performance.now() - started, connected, perCallMs };
  } finally {
    await routers?.stop();
    await t.close();
  }
}

export async function run(): Promise<ResultSection> {
  const load = (os.loadavg()[0] ?? 0).toFixed(1);
  const bare = await bareRoundTrips(ROUTERS);
  const ours = await fleetport();
  if (ours.connected < ROUTERS)
    throw new Error(`only ${ours.connected} of ${ROUTERS} routers reported a tunnel`);
  const n = ROUTERS.toLocaleString('en');
  const sorted = [...ours.perCallMs].sort((a, b) => a - b);
  return {
    title: `VPN: ${n} routers joining one group (\`bench/vpn-join.ts\`)`,
    method:
      `${n} simulated routers (the project's simulator, in two child processes, their waits scaled by ${TIME_SCALE}) ` +
      'connected to a full server with its embedded broker and in-memory PGlite on a thread of its own, each on ' +
      `Advanced. One VPN group; its devices added through the API, ${VPN_BULK_MAX_DEVICES} per call (the most a call ` +
      'takes), one call after another. Each router gets a certificate of its own (issued by the company CA, ECDSA P-256) ' +
      'and a `vpnJoin` with its OpenVPN profile, brings its tunnel up (the simulated handshake) and reports it on ' +
      '`up/status`; the time runs from the first call to the last router stored as connected. No hub runs here: the ' +
      "hub's own view of real tunnels is measured by the VPN throughput section and proved by the root tests. The limit " +
      `is ${n} bare MQTT request/response round trips (QoS 1, all at once) through a bare Aedes broker in this process. ` +
      `Load average at start ${load} on ${os.cpus().length} cores.`,
    measurements: [
      {
        what: `${n} routers added to a VPN group, first call to every tunnel stored connected`,
        value: ours.ms,
        unit: 'ms',
        limit: { what: `${n} bare MQTT request/response round trips`, value: bare },
        higherIsBetter: false,
      },
    ],
    notes: [
      `Each add call (${VPN_BULK_MAX_DEVICES} routers: addresses, certificates, commands) took ` +
        `${sorted[0]!.toFixed(0)}-${sorted.at(-1)!.toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms.`,
      'A join is more than a round trip: a certificate is issued and stored per router, the command is stored and ' +
        'delivered, and the router reports its tunnel once the handshake is done.',
    ],
  };
}

runWhenMain(import.meta.url, run);
