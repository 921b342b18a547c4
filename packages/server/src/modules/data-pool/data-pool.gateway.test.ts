import { addDataPackagesCall, dataPoolItemsCall, dataPoolSummaryCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';

/**
 * The data pool fed by a simulated router over real MQTT: its telemetry's `vpn` counters (since boot)
 * are drawn from the company's pool once each, through the gateway, as docs/device-protocol.md says.
 */
describe('VPN traffic from telemetry over MQTT', () => {
  let fleet: SimulatedFleet;
  let acme: Owner;

  beforeAll(async () => {
    fleet = await startSimulatedFleet();
    acme = await companyOwner(fleet.t, 'Acme Gateway Pool', 'owner@acme-gateway-pool.test');
    await grantPool(fleet.t, acme.companyId, 'DATA_PACKAGE', 1);
    const added = await acme.run(addDataPackagesCall, { quantity: 1, idempotencyKey: operationKey() });
    expect(added.code, added.msg).toBe(0);
  }, 60_000);
  afterAll(() => fleet?.close());

  it('draws each sample’s difference from the pool, starting the package', async () => {
    // One sample per simulated hour at 1,000 B/s: 3.6 MB of VPN traffic each.
    const router = await fleet.connect(acme, 'FPPOOL000001', 'r5020', 'R5020', { vpnBytesPerSecond: 1000 });
    router.sendTelemetry();
    router.sendTelemetry();
    const used = await eventually(
      async () => {
        const pool = (await acme.run(dataPoolSummaryCall, {})).data;
        return pool && pool.usedBytes >= 7_200_000 ? pool.usedBytes : undefined;
      },
      10_000,
      'two samples drawn',
    );
    expect(used).toBe(7_200_000);
    const [item] = (await acme.run(dataPoolItemsCall, { pageNum: 1, pageSize: 10 })).data!.list;
    expect(item).toMatchObject({ source: 'package', state: 'inUse', usedBytes: 7_200_000 });
  });
});
