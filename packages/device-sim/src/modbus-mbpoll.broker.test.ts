import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ModbusSlave, startModbusSlave } from './modbus-slaves.ts';

/**
 * Debian's `mbpoll` (a Modbus master that owes nothing to our code) reads the simulated slaves and gets
 * the datasheet values: the slaves speak Modbus, not just what our own master expects. mbpoll must be
 * installed (`apt-get install mbpoll`), so this is in the Debian-packages project: `npm run test:broker`
 * (CI installs it). The slaves run in this process, so mbpoll runs asynchronously beside them.
 */

const run = promisify(execFile);
let meter: ModbusSlave;
let sensor: ModbusSlave;
let relay: ModbusSlave;

beforeAll(async () => {
  meter = await startModbusSlave('energyMeter');
  sensor = await startModbusSlave('temperatureSensor');
  relay = await startModbusSlave('relay');
  for (const slave of [meter, sensor, relay]) slave.freeze(5_000_000);
});
afterAll(async () => {
  for (const slave of [meter, sensor, relay]) await slave?.close();
});

/** mbpoll's `[reference]: value` lines, by reference. */
async function mbpoll(port: number, args: string[]): Promise<Map<number, string>> {
  const { stdout } = await run('mbpoll', [
    '-m',
    'tcp',
    '-a',
    '1',
    '-1',
    '-p',
    String(port),
    ...args,
    '127.0.0.1',
  ]);
  const values = new Map<number, string>();
  for (const [, ref, value] of stdout.matchAll(/^\[(\d+)\]:\s+(.+)$/gm))
    values.set(Number(ref), value!.trim());
  return values;
}

describe('mbpoll reads the simulated slaves', () => {
  it('reads the energy meter’s CDAB floats at the datasheet’s 1-based addresses 40001…40007', async () => {
    // mbpoll's 32-bit default is little-endian word order: CDAB, as the meter's datasheet says.
    const values = await mbpoll(meter.port, ['-t', '4:float', '-r', '1', '-c', '4']);
    expect([...values.keys()]).toEqual([1, 3, 5, 7]);
    ['voltage', 'current', 'activePower', 'energy'].forEach((name, i) => {
      expect(Number(values.get(1 + i * 2)), name).toBeCloseTo(meter.valueOf(name), 1);
    });
  });

  it('reads the sensor’s tenths from input registers 30001-30002', async () => {
    const values = await mbpoll(sensor.port, ['-t', '3', '-r', '1', '-c', '2']);
    // A signed register prints as "65491 (-45)".
    const tenths = Number(/\((-?\d+)\)/.exec(values.get(1)!)?.[1] ?? values.get(1));
    expect(tenths / 10).toBeCloseTo(sensor.valueOf('temperature'), 1);
    expect(Number(values.get(2)) / 10).toBeCloseTo(sensor.valueOf('humidity'), 1);
  });

  it('writes a relay coil and reads it back', async () => {
    await run('mbpoll', [
      '-m',
      'tcp',
      '-a',
      '1',
      '-1',
      '-t',
      '0',
      '-r',
      '2',
      '-p',
      String(relay.port),
      '127.0.0.1',
      '1',
    ]);
    expect(relay.valueOf('relay2')).toBe(1);
    const values = await mbpoll(relay.port, ['-t', '0', '-r', '1', '-c', '4']);
    expect([...values.values()]).toEqual(['1', '1', '0', '0']);
  });
});
