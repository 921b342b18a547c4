import { PointTableInputSchema, readFunctionCode, testReadDecodings } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testReadSlave } from './modbus-gateway.ts';
import { type ModbusSlave, pointTableOf, startModbusSlave } from './modbus-slaves.ts';

/** The gateway's test read against real Modbus TCP slaves (modbus-serial on both ends). */

const slaves: ModbusSlave[] = [];
beforeAll(async () => {
  for (const kind of ['energyMeter', 'temperatureSensor', 'flowMeter', 'relay'] as const) {
    const slave = await startModbusSlave(kind);
    slave.freeze(1_000_000);
    slaves.push(slave);
  }
});
afterAll(async () => {
  for (const slave of slaves) await slave.close();
});

/** Reads a slave with its table (right or as mistyped) and decodes as the server does. */
async function readWith(slave: ModbusSlave, mistakes = false) {
  const table = PointTableInputSchema.parse(
    pointTableOf(slave.kind, { ip: '127.0.0.1', port: slave.port }, { mistakes }),
  );
  const result = await testReadSlave({
    slave: { protocol: 'modbusTcp', connectionType: 'tcp', ip: '127.0.0.1', port: slave.port, slaveId: 1 },
    points: table.points.map((p, index) => ({
      index,
      functionCode: readFunctionCode(p.functionCode),
      address: p.address,
      count: p.dataSize,
    })),
  });
  return table.points.map((point, i) => {
    const read = result.points[i]!;
    expect(read.error).toBeUndefined();
    return { point, read, ...testReadDecodings(point, read.start, read.values!) };
  });
}

describe('test read of a real slave', () => {
  it('decodes every kind right with its correct table', async () => {
    for (const slave of slaves) {
      for (const { point, decoded, suggestion } of await readWith(slave)) {
        const expected = slave.valueOf(point.name);
        expect(decoded?.value, `${slave.kind} ${point.name}`).toBeCloseTo(expected, point.decimals - 1);
        expect(decoded?.flags).toEqual([]);
        expect(suggestion).toBeNull();
      }
    }
  });

  it('reads one register either side of each point', async () => {
    const [voltage] = await readWith(slaves[0]!);
    // Offset 0 has no register before it; a FLOAT and the register after it.
    expect(voltage!.read).toMatchObject({ start: 0, values: expect.any(Array) });
    expect(voltage!.read.values).toHaveLength(3);
    const [, , totalVolume] = [undefined, ...(await readWith(slaves[2]!))];
    expect(totalVolume!.read.start).toBe(103);
    expect(totalVolume!.read.values).toHaveLength(6);
  });

  it('shows the energy meter typed off by one and as ABCD for what it is, and finds the right reading', async () => {
    const [voltage] = await readWith(slaves[0]!, true);
    expect(voltage!.point).toMatchObject({ address: 1, byteOrder: 'ABCD' });
    const right = voltage!.alternatives.find((d) => d.shift === -1 && d.byteOrder === 'CDAB');
    expect(right).toMatchObject({ address: 0, flags: [] });
    expect(right!.value).toBeCloseTo(slaves[0]!.valueOf('voltage'), 0);
  });

  it('reads an RTU slave over TCP (raw RTU frames with CRC, no MBAP header)', async () => {
    const rtu = await startModbusSlave('flowMeter', { framing: 'rtuOverTcp', slaveId: 9 });
    rtu.freeze(1_000_000);
    try {
      const result = await testReadSlave({
        slave: {
          protocol: 'modbusRtu',
          connectionType: 'rtuOverTcp',
          ip: '127.0.0.1',
          port: rtu.port,
          slaveId: 9,
        },
        points: [{ index: 0, functionCode: 3, address: 100, count: 4 }],
      });
      expect(result.points[0]).toMatchObject({ index: 0, start: 99 });
      const [point] = PointTableInputSchema.parse(
        pointTableOf('flowMeter', { ip: '127.0.0.1', port: rtu.port, framing: 'rtuOverTcp' }),
      ).points;
      const { decoded } = testReadDecodings(point!, 99, result.points[0]!.values!);
      expect(decoded?.value).toBeCloseTo(rtu.valueOf('flowRate'), 2);
    } finally {
      await rtu.close();
    }
  });

  it('answers an error per point when the slave cannot be reached', async () => {
    const result = await testReadSlave({
      slave: { protocol: 'modbusTcp', connectionType: 'tcp', ip: '127.0.0.1', port: 1, slaveId: 1 },
      points: [{ index: 0, functionCode: 3, address: 0, count: 2 }],
    });
    expect(result.points[0]).toMatchObject({ index: 0, error: expect.stringContaining('cannot reach') });
  });
});
