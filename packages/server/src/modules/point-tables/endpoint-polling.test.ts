import {
  applyPointTablesCall,
  createPointTableCall,
  type EndpointReading,
  ErrorCode,
  endpointValuesCall,
  endpointWriteCall,
  errorMessage,
  getDeviceCall,
  type PointInput,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: a test: real Modbus slaves behind a real simulated gateway.
import * as sim from '@fleetport/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { finalAction, type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';

/**
 * Polling (issue 19): point tables go to a simulated gateway as `pointTableApply` through the command
 * queue; the gateway polls real Modbus slaves (TCP and RTU over TCP), decodes with the shared decoder
 * and publishes `up/endpoint` over MQTT; the cloud keeps each endpoint's latest values and presence.
 * Writes go back as `endpointWrite` and answer the value read back.
 */

let fleet: SimulatedFleet;
let acme: Owner;
let gateway: sim.SimulatedDevice;
const slaves: Record<string, sim.ModbusSlave> = {};
let image: Awaited<ReturnType<typeof sim.startRegisterImageSlave>>;

/** Bytes swapped in each word. */
const swap = (w: number) => ((w & 0xff) << 8) | (w >> 8);
const ORDERS = ['ABCD', 'CDAB', 'BADC', 'DCBA'] as const;
/** The registers a big-endian image becomes as each order writes it. */
const inOrder = (words: number[], order: (typeof ORDERS)[number]) => {
  const bytes = order === 'BADC' || order === 'DCBA' ? words.map(swap) : [...words];
  return order === 'CDAB' || order === 'DCBA' ? bytes.reverse() : bytes;
};
const FLOAT_12_5 = [0x4148, 0x0000];
const INT32_MINUS_123456 = [0xfffe, 0x1dc0];
const DOUBLE_1234_5678 = [0x4093, 0x4a45, 0x6d5c, 0xfaad];

/**
 * Known register images: 12.5 as FLOAT, -123456 as INT-32 and 1234.5678 as DOUBLE in each of the four
 * orders, then an INT-16 ÷10, a UINT-16 ×0.01, four bits from bit 4, and a UINT-32 ×2÷4.
 */
function registerImage(): number[] {
  const words = Array<number>(50).fill(0);
  ORDERS.forEach((order, i) => {
    words.splice(i * 2, 2, ...inOrder(FLOAT_12_5, order));
    words.splice(10 + i * 2, 2, ...inOrder(INT32_MINUS_123456, order));
    words.splice(20 + i * 4, 4, ...inOrder(DOUBLE_1234_5678, order));
  });
  words.splice(40, 5, 0xff29, 0x0457, 0x00b0, 0x0001, 0x0000);
  return words;
}

const imagePoints: PointInput[] = [
  ...ORDERS.map((byteOrder, i) => ({
    name: `float${byteOrder}`,
    functionCode: 3 as const,
    address: i * 2,
    dataType: 'FLOAT' as const,
    byteOrder,
    decimals: 3,
    // The four floats are one request.
    batch: 1,
  })),
  ...ORDERS.map((byteOrder, i) => ({
    name: `int32${byteOrder}`,
    functionCode: 3 as const,
    address: 10 + i * 2,
    dataType: 'INT-32' as const,
    byteOrder,
    decimals: 0,
  })),
  ...ORDERS.map((byteOrder, i) => ({
    name: `double${byteOrder}`,
    functionCode: 3 as const,
    address: 20 + i * 4,
    dataType: 'DOUBLE' as const,
    byteOrder,
    decimals: 4,
  })),
  { name: 'int16Div10', functionCode: 3, address: 40, dataType: 'INT-16', divisor: 10, decimals: 1 },
  { name: 'uint16x001', functionCode: 4, address: 41, dataType: 'UINT-16', multiplier: 0.01, decimals: 2 },
  { name: 'bits4to7', functionCode: 3, address: 42, dataType: 'BIT', bitOffset: 4, bitCount: 4, decimals: 0 },
  {
    name: 'uint32Scaled',
    functionCode: 3,
    address: 43,
    dataType: 'UINT-32',
    multiplier: 2,
    divisor: 4,
    decimals: 0,
  },
];

const tableIds: Record<string, number> = {};

async function saveTable(name: string, table: ReturnType<typeof sim.pointTableOf>) {
  const res = await acme.run(createPointTableCall, { ...table, name });
  expect(res.code, res.msg).toBe(0);
  tableIds[name] = res.data!.pointTableId;
}

/** The endpoint's state once `ready` holds for it. */
function endpointWhen(endpointId: string, ready: (s: EndpointReading) => boolean, what: string) {
  return eventually(
    async () => {
      const res = await acme.run(endpointValuesCall, { sn: 'GWPOLL01', endpointId });
      return res.data && ready(res.data) ? res.data : undefined;
    },
    15_000,
    what,
  );
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  acme = await companyOwner(fleet.t, 'Acme Polling', 'owner@acme-polling.test');
  gateway = await fleet.connect(acme, 'GWPOLL01', 'meg5000', 'MEG5000');
  slaves.meter = await sim.startModbusSlave('energyMeter');
  slaves.sensor = await sim.startModbusSlave('temperatureSensor');
  slaves.flow = await sim.startModbusSlave('flowMeter', { framing: 'rtuOverTcp', slaveId: 7 });
  slaves.relay = await sim.startModbusSlave('relay');
  for (const slave of Object.values(slaves)) slave.freeze(3_000_000);
  image = await sim.startRegisterImageSlave(registerImage());
  const at = (slave: sim.ModbusSlave) => ({
    ip: '127.0.0.1',
    port: slave.port,
    slaveId: slave.slaveId,
    framing: slave.framing,
  });
  await saveTable('meter', sim.pointTableOf('energyMeter', at(slaves.meter!)));
  await saveTable('sensor', sim.pointTableOf('temperatureSensor', at(slaves.sensor!)));
  await saveTable('flow', sim.pointTableOf('flowMeter', at(slaves.flow!)));
  await saveTable('relay', sim.pointTableOf('relay', at(slaves.relay!)));
  await saveTable('image', {
    name: 'image',
    protocol: 'modbusTcp',
    connectionType: 'tcp',
    slaveIp: '127.0.0.1',
    slavePort: image.port,
    slaveId: 1,
    points: imagePoints,
  });
  const applied = await acme.run(applyPointTablesCall, {
    sn: 'GWPOLL01',
    // pollSeconds 10 at the fleet's time scale (0.01): a round every 100 ms.
    endpoints: [
      { endpointId: 'METER01', pointTableId: tableIds.meter!, pollSeconds: 10 },
      { endpointId: 'SENSOR01', pointTableId: tableIds.sensor!, pollSeconds: 10 },
      { endpointId: 'FLOW01', pointTableId: tableIds.flow!, pollSeconds: 20 },
      { endpointId: 'RELAY01', pointTableId: tableIds.relay!, pollSeconds: 10 },
      { endpointId: 'IMAGE01', pointTableId: tableIds.image!, pollSeconds: 10 },
    ],
  });
  expect(applied.code, applied.msg).toBe(0);
  expect((await finalAction(acme, applied.data!.rpcId)).state).toBe('success');
}, 60_000);
afterAll(async () => {
  for (const slave of Object.values(slaves)) await slave.close().catch(() => {});
  await image?.close();
  await fleet?.close();
});

describe('a gateway polls the tables it was sent', () => {
  it('reports every endpoint online with the values its slave holds (TCP and RTU over TCP)', async () => {
    const cases = [
      ['METER01', slaves.meter!, ['voltage', 'current', 'activePower', 'energy']],
      ['SENSOR01', slaves.sensor!, ['temperature', 'humidity']],
      ['FLOW01', slaves.flow!, ['flowRate', 'totalVolume', 'flowLimit']],
      ['RELAY01', slaves.relay!, ['relay1', 'relay2', 'relay3', 'relay4']],
    ] as const;
    for (const [endpointId, slave, names] of cases) {
      const state = await endpointWhen(endpointId, (s) => s.online === true && s.values !== null, endpointId);
      expect(state).toMatchObject({ online: true, quality: 'good', offlineReason: null });
      expect(Object.keys(state.values!).sort()).toEqual([...names].sort());
      for (const name of names) {
        const decimals = sim
          .pointTableOf(slave.kind, { ip: '127.0.0.1', port: 1 })
          .points!.find((p) => p.name === name)!.decimals!;
        expect(state.values![name], `${endpointId} ${name}`).toBeCloseTo(slave.valueOf(name), decimals);
      }
    }
  });

  it('decodes every data type and word order from known register images', async () => {
    const { values } = await endpointWhen('IMAGE01', (s) => s.values !== null, 'IMAGE01 values');
    for (const order of ORDERS) {
      expect(values![`float${order}`], order).toBe(12.5);
      expect(values![`int32${order}`], order).toBe(-123456);
      expect(values![`double${order}`], order).toBe(1234.5678);
    }
    expect(values).toMatchObject({ int16Div10: -21.5, uint16x001: 11.11, bits4to7: 11, uint32Scaled: 32768 });
  });

  it('keeps the samples as a time series, one per poll', async () => {
    const since = Date.now() - 60_000;
    const state = await eventually(
      async () => {
        const res = await acme.run(endpointValuesCall, { sn: 'GWPOLL01', endpointId: 'SENSOR01', since });
        return (res.data?.samples.length ?? 0) >= 3 ? res.data! : undefined;
      },
      15_000,
      'three samples',
    );
    const ats = state.samples.map((s) => s.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    expect(state.samples.at(-1)!.values.temperature).toBeCloseTo(slaves.sensor!.valueOf('temperature'), 1);
  });

  it('stores a resent endpoint message once', async () => {
    const ts = Date.now() - 5_000;
    const message = {
      type: 'endpoint' as const,
      ts,
      samples: [{ endpointId: 'DUP00001', ts, values: { x: 1 }, quality: 'good' as const }],
      presence: [],
    };
    for (let i = 0; i < 3; i++) gateway.publish('endpoint', message);
    await endpointWhen('DUP00001', (s) => s.values?.x === 1, 'DUP00001');
    const rows = await fleet.t.deps.db
      .selectFrom('endpoint_sample')
      .select('at')
      .where('endpoint_id', '=', 'DUP00001')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('writes a coil with 5 and a FLOAT with 16 (never 6), and answers the value read back', async () => {
    const relay = await acme.run(endpointWriteCall, {
      sn: 'GWPOLL01',
      endpointId: 'RELAY01',
      point: 'relay1',
      value: 0,
    });
    expect(relay.data).toMatchObject({ state: 'success', value: 0, functionCode: 5 });
    expect(slaves.relay!.valueOf('relay1')).toBe(0);
    const limit = await acme.run(endpointWriteCall, {
      sn: 'GWPOLL01',
      endpointId: 'FLOW01',
      point: 'flowLimit',
      value: 75.25,
    });
    expect(limit.data, limit.data?.message ?? '').toMatchObject({
      state: 'success',
      value: 75.25,
      functionCode: 16,
    });
    expect(slaves.flow!.valueOf('flowLimit')).toBe(75.25);
    // The next polls report it too.
    await endpointWhen('FLOW01', (s) => s.values?.flowLimit === 75.25, 'flowLimit polled');
    // A 32-bit value in the register image: both words written at once.
    const image32 = await acme.run(endpointWriteCall, {
      sn: 'GWPOLL01',
      endpointId: 'IMAGE01',
      point: 'int32CDAB',
      value: 70000,
    });
    expect(image32.data).toMatchObject({ state: 'success', value: 70000, functionCode: 16 });
    expect(image.words.slice(12, 14)).toEqual([0x1170, 0x0001]);
  });

  it('answers a failure for a read-only point and an unknown one, with the gateway’s reason', async () => {
    const readOnly = await acme.run(endpointWriteCall, {
      sn: 'GWPOLL01',
      endpointId: 'SENSOR01',
      point: 'temperature',
      value: 20,
    });
    expect(readOnly.data).toMatchObject({
      state: 'failure',
      value: null,
      message: 'temperature is read-only',
    });
    const unknown = await acme.run(endpointWriteCall, {
      sn: 'GWPOLL01',
      endpointId: 'NOSUCH01',
      point: 'x',
      value: 1,
    });
    expect(unknown.data).toMatchObject({ state: 'failure', message: 'endpoint NOSUCH01 is not polled' });
  });

  it('reports an endpoint offline when its slave is killed, and online when it is back', async () => {
    const port = slaves.sensor!.port;
    await slaves.sensor!.close();
    const offline = await endpointWhen('SENSOR01', (s) => s.online === false, 'SENSOR01 offline');
    expect(offline.offlineReason).toContain(`127.0.0.1:${port}`);
    // The other endpoints keep reporting.
    expect((await acme.run(endpointValuesCall, { sn: 'GWPOLL01', endpointId: 'METER01' })).data?.online).toBe(
      true,
    );
    slaves.sensor = await sim.startModbusSlave('temperatureSensor', { port });
    await endpointWhen('SENSOR01', (s) => s.online === true, 'SENSOR01 back online');
  });

  it('refuses bad input with code 1 naming the field, and another company’s gateway', async () => {
    const twice = await acme.run(applyPointTablesCall, {
      sn: 'GWPOLL01',
      endpoints: [
        { endpointId: 'METER01', pointTableId: tableIds.meter! },
        { endpointId: 'METER01', pointTableId: tableIds.meter! },
      ],
    });
    expect(twice).toMatchObject({ code: 1, msg: expect.stringContaining('endpoints.1.endpointId') });
    const badId = await acme.run(applyPointTablesCall, {
      sn: 'GWPOLL01',
      endpoints: [{ endpointId: 'ab', pointTableId: tableIds.meter! }],
    });
    expect(badId).toMatchObject({ code: 1, msg: expect.stringContaining('endpoints.0.endpointId') });
    const missing = await acme.run(applyPointTablesCall, {
      sn: 'GWPOLL01',
      endpoints: [{ endpointId: 'METER01', pointTableId: 999_999 }],
    });
    expect(missing.code).toBe(ErrorCode.POINT_TABLE_NOT_FOUND);
    const other = await companyOwner(fleet.t, 'Other Polling', 'owner@other-polling.test');
    for (const res of [
      await other.run(applyPointTablesCall, { sn: 'GWPOLL01', endpoints: [] }),
      await other.run(endpointValuesCall, { sn: 'GWPOLL01', endpointId: 'METER01' }),
      await other.run(endpointWriteCall, {
        sn: 'GWPOLL01',
        endpointId: 'RELAY01',
        point: 'relay1',
        value: 1,
      }),
    ])
      expect(res.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });

  it('120052 for a write through an offline gateway, in both languages', async () => {
    await gateway.stop();
    await eventually(
      async () => (await acme.run(getDeviceCall, { sn: 'GWPOLL01' })).data?.online === false,
      10_000,
      'GWPOLL01 offline',
    );
    for (const lang of ['en', 'cn'] as const) {
      const res = await acme.run(
        endpointWriteCall,
        { sn: 'GWPOLL01', endpointId: 'RELAY01', point: 'relay1', value: 1 },
        lang,
      );
      expect(res).toMatchObject({
        code: ErrorCode.DEVICE_OFFLINE_OPERATION,
        msg: errorMessage(ErrorCode.DEVICE_OFFLINE_OPERATION, lang),
      });
    }
  });
});
