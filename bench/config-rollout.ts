/**
 * Remote configuration benchmark (issue 15): one change-set (SSH on port 2222) applied to N connected
 * simulated routers, from the first apply call to the last change-set stored `applied` (the router
 * applied it, the cloud confirmed it, the router answered the confirmation), beside N bare MQTT
 * request/response round trips through a bare Aedes broker, in the same run.
 *
 *   npm run bench -- config-rollout      node --import tsx bench/config-rollout.ts   (this section only)
 */
import os from 'node:os';
import {
  applyConfigCall,
  assignDeviceLicencesCall,
  getConfigSectionsCall,
  LEVEL_PRODUCT,
} from '@fleetport/contract';
import { createSimulatedDevice, type SimulatedDevice } from '@fleetport/device-sim';
import type { Gateway } from '../packages/server/src/gateway/gateway.ts';
import { asOwner } from '../packages/server/src/modules/devices/device-test-kit.ts';
import { grantPool } from '../packages/server/src/modules/licences/licence-test-kit.ts';
import { registerCompany, signIn } from '../packages/server/test/accounts.ts';
import { createTestApp, testConfig } from '../packages/server/test/helpers.ts';
import { benchFleet, insertFleet } from './lib/fleet-rows.ts';
import { inBatches } from './lib/in-batches.ts';
import { bareRoundTrips } from './lib/mqtt-round-trips.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const DEVICES = Number(process.env.BENCH_CONFIG_DEVICES ?? 1000);
/** Apply calls in flight at once, as a rollout's batches would send them. */
const CONCURRENCY = 50;
/** The simulated routers' own waits (2 s to apply a configuration) are scaled by this. */
const TIME_SCALE = 0.01;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

async function fleetport(): Promise<{ ms: number; applied: number }> {
  const base = testConfig();
  const t = await createTestApp({
    config: { ...base, mqtt: { ...base.mqtt, port: 0 } },
    gateway: { presenceDebounceMs: 100, telemetryFlushMs: 50, rpcSweepIntervalMs: 500 },
  });
  const routers: SimulatedDevice[] = [];
  try {
    const account = 'owner@bench-config.test';
    const { companyId, userId } = await registerCompany(t, { companyName: 'Bench Config', account });
    const owner = asOwner(await signIn(t, account), { companyId, userId, account });
    const fleet = benchFleet('CFGB', DEVICES);
    await insertFleet(t.deps.db, companyId, fleet);
    const url = (t.deps.gateway as Gateway).endpoint();
    await inBatches(fleet, 100, async (d) => {
      routers.push(
        await createSimulatedDevice({
          sn: d.sn,
          secret: d.secret,
          series: 'r3000',
          model: 'R3000-Q',
          url,
          timeScale: TIME_SCALE,
          telemetryPeriodMs: 3_600_000,
        }),
      );
    });
    await grantPool(t, companyId, LEVEL_PRODUCT.ESSENTIALS, DEVICES);
    await inBatches(
      Array.from({ length: Math.ceil(DEVICES / 100) }, (_, i) => fleet.slice(i * 100, i * 100 + 100)),
      1,
      async (chunk) => {
        const res = await owner.run(assignDeviceLicencesCall, {
          sns: chunk.map((d) => d.sn),
          level: 'ESSENTIALS',
          idempotencyKey: `bench-config-${chunk[0]?.sn}`,
        });
        if (res.code !== 0) throw new Error(`licences: ${res.code} ${res.msg}`);
      },
    );
    // Every router's boot report is the configuration a change is checked against.
    for (;;) {
      const row = await t.deps.db
        .selectFrom('device_config')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(row.n) >= DEVICES) break;
      await sleep(200);
    }
    const ssh = (await owner.run(getConfigSectionsCall, { sn: fleet[0]?.sn ?? '' })).data?.sections.find(
      (s) => s.id === 'services/ssh',
    )?.value;

    const started = performance.now();
    await pool(fleet, CONCURRENCY, async (d) => {
      const res = await owner.run(applyConfigCall, {
        sn: d.sn,
        sections: { 'services/ssh': { ...ssh, port: 2222 } },
        confirmSeconds: 900,
      });
      if (res.code !== 0) throw new Error(`apply ${d.sn}: ${res.code} ${res.msg}`);
    });
    let applied = 0;
    while (applied < DEVICES) {
      const row = await t.deps.db
        .selectFrom('device_change_set')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('state', '=', 'applied')
        .executeTakeFirstOrThrow();
      applied = Number(row.n);
      if (performance.now() - started > 600_000) break;
      if (applied < DEVICES) await sleep(50);
    }
    return { ms: performance.now() - started, applied };
  } finally {
    await Promise.all(routers.map((r) => r.stop().catch(() => {})));
    await t.close();
  }
}

export async function run(): Promise<ResultSection> {
  const load = (os.loadavg()[0] ?? 0).toFixed(1);
  const bare = await bareRoundTrips(DEVICES);
  const ours = await fleetport();
  if (ours.applied < DEVICES) throw new Error(`only ${ours.applied} of ${DEVICES} change-sets were applied`);
  return {
    title: `Remote configuration: one change-set to ${DEVICES.toLocaleString('en')} routers (\`bench/config-rollout.ts\`)`,
    method:
      `${DEVICES.toLocaleString('en')} simulated R3000-Q routers (the project's simulator, in this process, their own waits ` +
      `scaled by ${TIME_SCALE}) connected to a full server on in-memory PGlite with its embedded broker, each on ` +
      `Essential; ${CONCURRENCY} apply calls at a time through the API (each checked against the router's reported ` +
      'configuration, stored, sent as configApply with a confirm window), then each router applies it, the node that ' +
      'hears its success sends configConfirm, and the router answers it: the time runs from the first call to the last ' +
      'change-set stored applied. The limit is the same number of bare MQTT request/response round trips (QoS 1, one ' +
      `client per device answering on its own topic, all requests at once) through a bare Aedes broker. Load average at start ${load} on ${os.cpus().length} cores.`,
    measurements: [
      {
        what: `one change-set applied and confirmed on ${DEVICES.toLocaleString('en')} routers, first call to last applied`,
        value: ours.ms,
        unit: 'ms',
        limit: {
          what: `${DEVICES.toLocaleString('en')} bare MQTT request/response round trips`,
          value: bare,
        },
        higherIsBetter: false,
      },
    ],
    notes: [
      'A change-set is two round trips to the router (apply, then confirm) and about ten statements (the API call ' +
        'reads the device, its licence, its reported configuration and any change in flight, then stores the change-set ' +
        'and the command; each answer moves the change-set on), where the bare round trip is one publish each way.',
    ],
  };
}

await runWhenMain(import.meta.url, run);
