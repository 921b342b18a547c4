import {
  ErrorCode,
  errorMessage,
  getDeviceCall,
  remoteActionStatesCall,
  testReadPointTableCall,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: a test: real Modbus slaves behind a real simulated gateway.
import { type ModbusSlave, pointTableOf, startModbusSlave } from '@fleetport/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';

/**
 * The test read (issue 19): the unsaved table goes through the RPC queue to a simulated gateway, which
 * polls a real Modbus TCP slave; the console gets each point decoded as typed, in the other byte
 * orders and at address ±1, implausible readings flagged and a plausible one suggested.
 */

let fleet: SimulatedFleet;
let acme: Owner;
let meter: ModbusSlave;
let sensor: ModbusSlave;

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  acme = await companyOwner(fleet.t, 'Acme Meters', 'owner@acme-test-read.test');
  await fleet.connect(acme, 'PT0001', 'meg5000', 'MEG5000');
  meter = await startModbusSlave('energyMeter');
  sensor = await startModbusSlave('temperatureSensor');
  meter.freeze(2_000_000);
  sensor.freeze(2_000_000);
}, 60_000);
afterAll(async () => {
  await meter?.close();
  await sensor?.close();
  await fleet?.close();
});

describe('test read through a gateway', () => {
  it('decodes the right table as the slave means it, nothing flagged, nothing suggested', async () => {
    const table = pointTableOf('energyMeter', { ip: '127.0.0.1', port: meter.port });
    const res = await acme.run(testReadPointTableCall, { sn: 'PT0001', table });
    expect(res.code).toBe(0);
    expect(res.data!.points.map((p) => p.name)).toEqual(['voltage', 'current', 'activePower', 'energy']);
    for (const point of res.data!.points) {
      expect(point.decoded).toMatchObject({ shift: 0, byteOrder: 'CDAB', flags: [] });
      expect(point.decoded!.value).toBeCloseTo(meter.valueOf(point.name), 0);
      expect(point.suggestion).toBeNull();
      expect(point.words).toHaveLength(2);
    }
  });

  it('shows the table typed from the datasheet with its traps, and the reading that is right', async () => {
    // 1-based addresses taken as offsets, CDAB floats taken as ABCD: the meter reads garbage.
    const table = pointTableOf('energyMeter', { ip: '127.0.0.1', port: meter.port }, { mistakes: true });
    const res = await acme.run(testReadPointTableCall, { sn: 'PT0001', table });
    expect(res.code).toBe(0);
    const voltage = res.data!.points[0]!;
    expect(voltage.decoded).toMatchObject({ shift: 0, address: 1, byteOrder: 'ABCD' });
    const right = voltage.alternatives.find((d) => d.shift === -1 && d.byteOrder === 'CDAB');
    expect(right).toMatchObject({ address: 0, flags: [] });
    expect(right!.value).toBeCloseTo(meter.valueOf('voltage'), 0);
    // The energy register's last word is followed by nothing: its +1 reading is the flagged garbage.
    const energy = res.data!.points[3]!;
    expect(energy.alternatives.some((d) => d.flags.length > 0)).toBe(true);
  });

  it('flags a reading outside the point’s range', async () => {
    // The sensor's tenths read without ×0.1: ten times the temperature, below the range it was given.
    const table = pointTableOf(
      'temperatureSensor',
      { ip: '127.0.0.1', port: sensor.port },
      { mistakes: true },
    );
    table.points![0]!.min = Math.round(sensor.valueOf('temperature') * 10) + 1;
    const res = await acme.run(testReadPointTableCall, { sn: 'PT0001', table });
    const temperature = res.data!.points[0]!;
    expect(temperature.decoded!.flags).toContain('belowMin');
    expect(temperature.decoded!.value).toBe(Math.round(sensor.valueOf('temperature') * 10));
  });

  it('answers each unreachable point with its error', async () => {
    const table = pointTableOf('energyMeter', { ip: '127.0.0.1', port: 1 });
    const res = await acme.run(testReadPointTableCall, { sn: 'PT0001', table });
    expect(res.code).toBe(0);
    expect(res.data!.points[0]).toMatchObject({
      decoded: null,
      error: expect.stringContaining('cannot reach'),
    });
  });

  it('went through the RPC queue as pointTableTestRead', async () => {
    const rows = await fleet.t.deps.db
      .selectFrom('rpc_command')
      .select(['id', 'method', 'state'])
      .where('sn', '=', 'PT0001')
      .execute();
    expect(rows.filter((r) => r.method === 'pointTableTestRead').map((r) => r.state)).toEqual(
      Array(4).fill('success'),
    );
    const states = await acme.run(remoteActionStatesCall, { rpcIds: [rows[0]!.id] });
    expect(states.data?.[0]?.method).toBe('pointTableTestRead');
  });

  it('120110: the gateway is offline; not found: another company’s', async () => {
    const table = pointTableOf('energyMeter', { ip: '127.0.0.1', port: meter.port });
    await fleet.devices[0]!.stop();
    await eventually(
      async () => (await acme.run(getDeviceCall, { sn: 'PT0001' })).data?.online === false,
      10_000,
      'PT0001 offline',
    );
    for (const lang of ['en', 'cn'] as const) {
      const res = await acme.run(testReadPointTableCall, { sn: 'PT0001', table }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.DEVICE_OFFLINE_TEST,
        msg: errorMessage(ErrorCode.DEVICE_OFFLINE_TEST, lang),
      });
    }
    const other = await companyOwner(fleet.t, 'Other Meters', 'owner@other-test-read.test');
    expect((await other.run(testReadPointTableCall, { sn: 'PT0001', table })).code).toBe(
      ErrorCode.DEVICE_NOT_FOUND,
    );
  });
});
