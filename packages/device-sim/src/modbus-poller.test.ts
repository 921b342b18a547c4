import { PointTableInputSchema } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EndpointPoller, readRequests, writeFunctionCode } from './modbus-poller.ts';
import { type ModbusSlave, pointTableOf, startModbusSlave } from './modbus-slaves.ts';

/** The gateway's poller against real slaves, without a cloud: what it would publish, and writes. */

let rtu: ModbusSlave;
beforeAll(async () => {
  rtu = await startModbusSlave('flowMeter', { framing: 'rtuOverTcp', slaveId: 7 });
  rtu.freeze(1_000_000);
});
afterAll(async () => {
  await rtu.close();
});

function endpointOf(slave: ModbusSlave, endpointId: string) {
  const table = PointTableInputSchema.parse(
    pointTableOf(slave.kind, {
      ip: '127.0.0.1',
      port: slave.port,
      slaveId: slave.slaveId,
      framing: slave.framing,
    }),
  );
  return {
    endpointId,
    slave: {
      protocol: table.protocol,
      connectionType: table.connectionType,
      ip: table.slaveIp,
      port: table.slavePort,
      slaveId: table.slaveId,
    },
    pollSeconds: 60,
    points: table.points,
  };
}

describe('the gateway poller', () => {
  it('reads an RTU-over-TCP slave and writes a FLOAT with 16, read back', async () => {
    const published: unknown[] = [];
    const poller = new EndpointPoller((m) => published.push(m));
    try {
      poller.apply([endpointOf(rtu, 'FLOW0001')]);
      await expect.poll(() => published.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(published[0]).toMatchObject({
        samples: [{ endpointId: 'FLOW0001', quality: 'good' }],
        presence: [{ endpointId: 'FLOW0001', state: 'online' }],
      });
      const written = await poller.write({ endpointId: 'FLOW0001', point: 'flowLimit', value: 75.25 });
      expect(written).toMatchObject({ functionCode: 16, value: 75.25 });
      expect(rtu.valueOf('flowLimit')).toBe(75.25);
    } finally {
      poller.stop();
    }
  });

  it('replaces the polled set with each apply; an empty one stops polling', async () => {
    const published: { samples: { endpointId: string }[] }[] = [];
    const poller = new EndpointPoller((m) => published.push(m), 0.001);
    try {
      poller.apply([endpointOf(rtu, 'FLOW0001')]);
      await expect.poll(() => published.length, { timeout: 10_000 }).toBeGreaterThan(1);
      expect(poller.apply([endpointOf(rtu, 'FLOW0002')])).toEqual({ endpoints: ['FLOW0002'] });
      await expect.poll(() => published.at(-1)?.samples[0]?.endpointId, { timeout: 10_000 }).toBe('FLOW0002');
      await expect(poller.write({ endpointId: 'FLOW0001', point: 'flowLimit', value: 1 })).rejects.toThrow(
        'endpoint FLOW0001 is not polled',
      );
      expect(poller.apply([])).toEqual({ endpoints: [] });
      // Not even a round under way reports once its set is replaced: three poll periods later, nothing new.
      const count = published.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(published.length).toBe(count);
    } finally {
      poller.stop();
    }
  });

  it('picks the write function code by type: 16 for anything wider than a register, never 6', () => {
    const point = { functionCode: 3, dataSize: 1, dataType: 'INT-16' } as const;
    const base = {
      name: 'p',
      address: 0,
      byteOrder: 'ABCD',
      multiplier: 1,
      divisor: 1,
      decimals: 0,
    } as const;
    const p = (over: object) =>
      ({ ...base, ...point, bitOffset: 0, bitCount: 1, trigger: 'periodic', batch: 0, ...over }) as never;
    expect(writeFunctionCode(p({}))).toBe(6);
    expect(writeFunctionCode(p({ functionCode: 16 }))).toBe(16);
    expect(writeFunctionCode(p({ dataType: 'FLOAT', dataSize: 2, functionCode: 6 }))).toBe(16);
    expect(writeFunctionCode(p({ dataType: 'DOUBLE', dataSize: 4 }))).toBe(16);
    expect(writeFunctionCode(p({ dataType: 'BOOLEAN', functionCode: 1 }))).toBe(5);
    expect(writeFunctionCode(p({ dataType: 'BOOLEAN', functionCode: 15 }))).toBe(15);
    expect(writeFunctionCode(p({ functionCode: 4 }))).toBeNull();
    expect(writeFunctionCode(p({ dataType: 'BOOLEAN', functionCode: 2 }))).toBeNull();
  });

  it('reads the points of one batch in one request', () => {
    const points = PointTableInputSchema.parse(
      pointTableOf('energyMeter', { ip: '127.0.0.1', port: 1 }),
    ).points.map((p, i) => ({ ...p, batch: i < 3 ? 1 : 0 }));
    expect(readRequests(points).map((r) => [r.start, r.count, r.points.length])).toEqual([
      [6, 2, 1],
      [0, 6, 3],
    ]);
  });
});
