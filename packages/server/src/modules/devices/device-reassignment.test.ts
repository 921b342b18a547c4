import { deleteDevicesCall, transferDevicesCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { companyOwner, type Owner } from './device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from './simulated-device-kit.ts';

type SimulatedDevice = SimulatedFleet['devices'][number];

/**
 * The gateway keeps each device's company for a minute; a transfer or a deletion must not leave a
 * connected device's messages written under the company it left during that minute.
 */
let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
let other: Owner;
let router: SimulatedDevice;
const heardByAll: LiveEvent[] = [];
const heardByAcmeSockets: LiveEvent[] = [];

async function telemetryRows(sn: string, companyId: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('device_telemetry')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('sn', '=', sn)
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function isOnline(sn: string): Promise<boolean> {
  const row = await t.deps.db.selectFrom('device').select('online').where('sn', '=', sn).executeTakeFirst();
  return row?.online === true;
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Water', 'owner@acme-reassign.test');
  other = await companyOwner(t, 'Other Grid', 'owner@other-reassign.test');
  // Acme's owner also works for Other Grid, so may move devices there.
  const role = await t.deps.db
    .selectFrom('role')
    .select('id')
    .where('company_id', '=', other.companyId)
    .where('role_type', '=', 2)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('company_user')
    .values({ company_id: other.companyId, user_id: acme.userId, role_id: role.id })
    .execute();
  t.deps.hub.subscribe((event) => heardByAll.push(event));
  // What a console socket of Acme listens to.
  t.deps.hub.subscribe((event) => heardByAcmeSockets.push(event), acme.companyId);
  router = await fleet.connect(acme, 'RG0001', 'r1500', 'R1500');
  await fleet.connect(acme, 'RG0002', 'r1500', 'R1500');
}, 30_000);

afterAll(async () => {
  await fleet?.close();
});

describe('a device that changes company', () => {
  it('reports under its new company right after the transfer', async () => {
    // The device's messages since it connected put its company (Acme) in the gateway's cache.
    router.sendTelemetry();
    await eventually(async () => (await telemetryRows('RG0001', acme.companyId)) > 0, 10_000, 'first sample');
    const beforeTransfer = await telemetryRows('RG0001', acme.companyId);

    const moved = await acme.run(transferDevicesCall, { sns: ['RG0001'], companyId: other.companyId });
    expect(moved.data).toMatchObject({ succeeded: 1, failed: 0 });
    router.sendTelemetry();

    await eventually(
      async () => (await telemetryRows('RG0001', other.companyId)) > 0,
      5_000,
      'sample under Other Grid',
    );
    expect(await telemetryRows('RG0001', acme.companyId)).toBe(beforeTransfer);
  });

  it('tells every gateway node, but never a console socket', () => {
    const reassigned = heardByAll.filter((e) => e.name === 'devices.reassigned');
    expect(reassigned).toEqual([
      { name: 'devices.reassigned', companyId: acme.companyId, data: { sns: ['RG0001'] } },
    ]);
    expect(heardByAcmeSockets.map((e) => e.name)).not.toContain('devices.reassigned');
    // Acme's sockets still hear Acme's own news, e.g. its devices coming online.
    expect(heardByAcmeSockets.map((e) => e.name)).toContain('device.presence');
  });

  it('stores nothing more from a deleted device that is still connected', async () => {
    const gateway = t.deps.gateway as Gateway;
    const device = fleet.devices[1] as SimulatedDevice;
    device.sendTelemetry();
    await eventually(async () => (await telemetryRows('RG0002', acme.companyId)) > 0, 10_000, 'first sample');
    const stored = await telemetryRows('RG0002', acme.companyId);
    const deleted = await acme.run(deleteDevicesCall, { sns: ['RG0002'] });
    expect(deleted.data).toMatchObject({ succeeded: 1 });
    const rejected = gateway.stats().rejected;

    device.sendTelemetry();

    await eventually(async () => gateway.stats().rejected > rejected, 5_000, 'sample refused');
    await gateway.telemetry.flush();
    expect(await telemetryRows('RG0002', acme.companyId)).toBe(stored);
  });

  it('never delivers a command the old company queued while the device was offline', async () => {
    const gateway = t.deps.gateway as Gateway;
    const device = await fleet.connect(acme, 'RG0003', 'r1500', 'R1500');
    const heard: string[] = [];
    device.on('rpc', (request: { method: string }) => heard.push(request.method));
    await device.stop();
    await eventually(async () => !(await isOnline('RG0003')), 10_000, 'RG0003 offline');
    const [queued] = await gateway.rpc.send({
      companyId: acme.companyId,
      sns: ['RG0003'],
      method: 'ledTest',
      params: {},
    });
    expect(queued?.delivered_at).toBeNull();
    const moved = await acme.run(transferDevicesCall, { sns: ['RG0003'], companyId: other.companyId });
    expect(moved.data).toMatchObject({ succeeded: 1 });

    await device.start();
    await eventually(() => isOnline('RG0003'), 10_000, 'RG0003 back online');
    // Other Grid's own command reaches it, so the device is listening; Acme's never does.
    const [own] = await gateway.rpc.send({
      companyId: other.companyId,
      sns: ['RG0003'],
      method: 'ping',
      params: { host: '127.0.0.1', count: 1 },
    });
    await eventually(async () => heard.includes('ping'), 10_000, 'Other Grid ping delivered');
    // Delivered means the device answered it.
    await eventually(
      async () =>
        (
          await t.deps.db
            .selectFrom('rpc_command')
            .select('delivered_at')
            .where('id', '=', own!.id)
            .executeTakeFirstOrThrow()
        ).delivered_at !== null,
      10_000,
      'ping acknowledged',
    );
    expect(heard).not.toContain('ledTest');
    const row = await t.deps.db
      .selectFrom('rpc_command')
      .select(['delivered_at', 'state'])
      .where('id', '=', queued!.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ delivered_at: null, state: 'inExecution' });
  });
});
