import { describe, expect, it } from 'vitest';
import { localizeIssues } from './localize.ts';
import {
  datasheetAddress,
  type PointInput,
  PointTableInputSchema,
  parseDatasheetAddress,
} from './point-tables.ts';

const table = (points: PointInput[], extra: Record<string, unknown> = {}) => ({
  name: 'Meter',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 1,
  points,
  ...extra,
});
const point = (extra: Partial<PointInput> = {}): PointInput => ({
  name: 'voltage',
  functionCode: 3,
  address: 0,
  dataType: 'FLOAT',
  ...extra,
});

/** The fields and English messages a table breaks. */
function problems(input: unknown): string[] {
  const result = PointTableInputSchema.safeParse(input);
  return result.success ? [] : localizeIssues(result.error, 'en').map((e) => `${e.field}: ${e.message}`);
}

describe('datasheet addresses', () => {
  it('convert to protocol offsets by their area digit', () => {
    expect(parseDatasheetAddress('40001')).toEqual({ area: 'holdingRegister', offset: 0 });
    expect(parseDatasheetAddress('400001')).toEqual({ area: 'holdingRegister', offset: 0 });
    expect(parseDatasheetAddress('4x0100')).toEqual({ area: 'holdingRegister', offset: 99 });
    expect(parseDatasheetAddress('30010')).toEqual({ area: 'inputRegister', offset: 9 });
    expect(parseDatasheetAddress('00001')).toEqual({ area: 'coil', offset: 0 });
    expect(parseDatasheetAddress('10002')).toEqual({ area: 'discreteInput', offset: 1 });
    expect(parseDatasheetAddress('465536')).toEqual({ area: 'holdingRegister', offset: 65535 });
    expect(parseDatasheetAddress('465537')).toBeNull();
    expect(parseDatasheetAddress('20001')).toBeNull();
    expect(parseDatasheetAddress('40000')).toBeNull();
    expect(datasheetAddress('holdingRegister', 0)).toBe('40001');
    expect(datasheetAddress('holdingRegister', 19999)).toBe('420000');
  });

  it('are stored as the offset', () => {
    const parsed = PointTableInputSchema.parse(table([point({ address: '40011' })]));
    expect(parsed.points[0]).toMatchObject({ address: 10, dataSize: 2, byteOrder: 'ABCD', divisor: 1 });
  });

  it('from another area than the function code reads are refused', () => {
    expect(problems(table([point({ address: '30001' })]))).toEqual([
      'points.0.address: Datasheet address 30001 is not in the register area of function code 3 (4xxxx)',
    ]);
    expect(problems(table([point({ address: 'abc' })]))).toEqual([
      'points.0.address: Enter a register offset from 0 to 65535, or a datasheet address such as 40001',
    ]);
  });
});

describe('point table rules', () => {
  it('a valid table passes', () => {
    expect(
      problems(table([point(), point({ name: 'state', functionCode: 1, dataType: 'BOOLEAN' })])),
    ).toEqual([]);
  });

  it('slave ID 1-247, port 1-65535, an IPv4 address, a connection of the protocol', () => {
    expect(problems(table([], { slaveId: 0 }))).toEqual(['slaveId: Please enter an integer from 1 to 247']);
    expect(problems(table([], { slaveId: 248 }))).toEqual(['slaveId: Please enter an integer from 1 to 247']);
    expect(problems(table([], { slavePort: 65536 }))).toEqual([
      'slavePort: Please enter an integer from 1 to 65535',
    ]);
    expect(problems(table([], { slaveIp: '10.0.0' }))).toEqual([
      'slaveIp: Please enter a valid IPv4 address',
    ]);
    expect(problems(table([], { connectionType: 'serial' }))).toEqual([
      'connectionType: A modbusTcp table connects by tcp',
    ]);
    expect(problems(table([], { protocol: 'modbusRtu', connectionType: 'serial', slaveIp: '' }))).toEqual([]);
  });

  it('address 0-65535, and the point must end within it', () => {
    expect(problems(table([point({ address: 65536 })]))).toEqual([
      'points.0.address: Please enter an integer from 0 to 65535',
    ]);
    expect(problems(table([point({ address: 65535 })]))).toEqual([
      'points.0.address: The point runs past register 65535 (offset 65535, 2 registers)',
    ]);
  });

  it('the function code matches the type; 32- and 64-bit writes need 16', () => {
    expect(problems(table([point({ functionCode: 6 })]))).toEqual([
      'points.0.functionCode: A FLOAT value takes 2 registers: write it with function code 16, not 6',
    ]);
    expect(problems(table([point({ functionCode: 6, dataType: 'DOUBLE' })]))).toEqual([
      'points.0.functionCode: A DOUBLE value takes 4 registers: write it with function code 16, not 6',
    ]);
    expect(problems(table([point({ functionCode: 1 })]))).toEqual([
      'points.0.functionCode: Function code 1 cannot read or write a FLOAT point; use one of 3, 4, 16',
    ]);
    expect(problems(table([point({ functionCode: 3, dataType: 'BOOLEAN' })]))).toEqual([
      'points.0.functionCode: Function code 3 cannot read or write a BOOLEAN point; use one of 1, 2, 5, 15',
    ]);
    expect(problems(table([point({ functionCode: 6, dataType: 'INT-16' })]))).toEqual([]);
    expect(problems(table([point({ functionCode: 7 as 6 })]))).toHaveLength(1);
  });

  it('registers by type; RAW-DATA 1-125', () => {
    expect(problems(table([point({ dataSize: 4 })]))).toEqual([
      'points.0.dataSize: A FLOAT point takes 2 registers',
    ]);
    expect(problems(table([point({ dataType: 'RAW-DATA', dataSize: 125 })]))).toEqual([]);
    expect(problems(table([point({ dataType: 'RAW-DATA', dataSize: 126 })]))).toEqual([
      'points.0.dataSize: Please enter an integer from 1 to 125',
    ]);
    expect(PointTableInputSchema.parse(table([point({ dataType: 'DOUBLE' })])).points[0]!.dataSize).toBe(4);
  });

  it('bit offset 0-15, bits 1 to 16 minus the offset', () => {
    const bit = (bitOffset: number, bitCount: number) => point({ dataType: 'BIT', bitOffset, bitCount });
    expect(problems(table([bit(15, 1)]))).toEqual([]);
    expect(problems(table([bit(16, 1)]))).toEqual([
      'points.0.bitOffset: Please enter an integer from 0 to 15',
    ]);
    expect(problems(table([bit(12, 5)]))).toEqual([
      'points.0.bitCount: The number of bits must be from 1 to 4 (16 minus the bit offset)',
    ]);
    expect(problems(table([bit(0, 0)]))).toEqual(['points.0.bitCount: Please enter an integer from 1 to 16']);
  });

  it('divisor not 0, decimals 0-6, min not above max, names once', () => {
    expect(problems(table([point({ divisor: 0 })]))).toEqual(['points.0.divisor: The divisor cannot be 0']);
    expect(problems(table([point({ decimals: 7 })]))).toEqual([
      'points.0.decimals: Please enter an integer from 0 to 6',
    ]);
    expect(problems(table([point({ min: 5, max: 1 })]))).toEqual([
      'points.0.min: The minimum is above the maximum',
    ]);
    expect(problems(table([point(), point({ name: 'Voltage', address: 2 })]))).toEqual([
      'points.1.name: The point name already exists in this table',
    ]);
  });

  it('a batch fits one read: 125 registers or 2000 coils, one area', () => {
    const regs = (address: number) => point({ name: `p${address}`, address, batch: 1 });
    expect(problems(table([regs(0), regs(123)]))).toEqual([]);
    expect(problems(table([regs(0), regs(124)]))).toEqual([
      'points.1.batch: Batch 1 spans 126 registers; one read takes at most 125',
    ]);
    const coil = (address: number) =>
      point({ name: `c${address}`, address, functionCode: 1, dataType: 'BOOLEAN', batch: 2 });
    expect(problems(table([coil(0), coil(1999)]))).toEqual([]);
    expect(problems(table([coil(0), coil(2000)]))).toEqual([
      'points.1.batch: Batch 2 spans 2001 coils; one read takes at most 2000',
    ]);
    expect(problems(table([regs(0), coil(5)].map((p) => ({ ...p, batch: 3 }))))).toEqual([
      'points.1.batch: Batch 3 mixes register areas; one read reads one area',
    ]);
    // Unbatched points (0) are read alone, however far apart.
    expect(problems(table([point({ address: 0 }), point({ name: 'far', address: 60000 })]))).toEqual([]);
  });

  it('speaks Chinese too', () => {
    const result = PointTableInputSchema.safeParse(table([point({ divisor: 0 })]));
    expect(result.success ? [] : localizeIssues(result.error, 'cn').map((e) => e.message)).toEqual([
      '除数不能为0',
    ]);
  });
});
