import {
  createPointTableCall,
  deletePointTableCall,
  ErrorCode,
  errorMessage,
  getPointTableCall,
  listPointTablesCall,
  type PointTableInput,
  updatePointTableCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';

/** Point tables through the API (issue 19): Modbus rules as code 1 naming the field, 900001-900002. */

let t: TestApp;
let acme: Owner;
let other: Owner;
const LANGS = ['en', 'cn'] as const;

const METER: PointTableInput = {
  name: 'Energy meter',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 1,
  points: [
    { name: 'voltage', functionCode: 3, address: '40001', dataType: 'FLOAT', byteOrder: 'CDAB', batch: 1 },
    { name: 'current', functionCode: 3, address: '40003', dataType: 'FLOAT', byteOrder: 'CDAB', batch: 1 },
    { name: 'relay1', functionCode: 5, address: 0, dataType: 'BOOLEAN' },
  ],
};

async function names(owner: Owner): Promise<string[]> {
  return ((await owner.run(listPointTablesCall, {})).data?.list ?? []).map((r) => r.name);
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Points', 'owner@acme-points.test');
  other = await companyOwner(t, 'Other Points', 'owner@other-points.test');
});
afterAll(async () => {
  await t.close();
});

describe('point tables', () => {
  let meterId: number;

  it('saves a table with datasheet addresses as protocol offsets and the registers of each type', async () => {
    const res = await acme.run(createPointTableCall, METER);
    expect(res.code).toBe(0);
    meterId = res.data!.pointTableId;
    const got = await acme.run(getPointTableCall, { pointTableId: meterId });
    expect(got.data).toMatchObject({ name: 'Energy meter', slaveId: 1, slavePort: 502, productCount: 0 });
    expect(got.data!.points.map((p) => [p.name, p.address, p.dataSize, p.byteOrder])).toEqual([
      ['voltage', 0, 2, 'CDAB'],
      ['current', 2, 2, 'CDAB'],
      ['relay1', 0, 1, 'ABCD'],
    ]);
    const list = await acme.run(listPointTablesCall, { name: 'meter' });
    expect(list.data).toMatchObject({ total: 1, list: [{ name: 'Energy meter', pointCount: 3 }] });
  });

  it('900001: a name the company has, in any case, when adding or renaming', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(createPointTableCall, { ...METER, name: 'ENERGY METER' }, lang);
      expect(res).toMatchObject({ code: ErrorCode.POINT_TABLE_NAME_EXISTS, msg: errorMessage(900001, lang) });
    }
    const second = await acme.run(createPointTableCall, { ...METER, name: 'Flow meter', points: [] });
    const renamed = await acme.run(updatePointTableCall, {
      pointTableId: second.data!.pointTableId,
      table: { ...METER, name: 'energy meter' },
    });
    expect(renamed.code).toBe(ErrorCode.POINT_TABLE_NAME_EXISTS);
    expect(await names(acme)).toEqual(['Energy meter', 'Flow meter']);
    // Another company may use the same name.
    expect((await other.run(createPointTableCall, METER)).code).toBe(0);
  });

  it('900001 for the second of two adding the same name at once; one table is saved', async () => {
    const both = await Promise.all([
      acme.run(createPointTableCall, { ...METER, name: 'Water meter' }),
      acme.run(createPointTableCall, { ...METER, name: 'WATER METER' }),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([0, ErrorCode.POINT_TABLE_NAME_EXISTS]);
    const water = (await acme.run(listPointTablesCall, { name: 'water' })).data!.list;
    expect(water).toHaveLength(1);
    expect((await acme.run(deletePointTableCall, { pointTableId: water[0]!.pointTableId })).code).toBe(0);
  });

  it('edits the table and its points', async () => {
    const res = await acme.run(updatePointTableCall, {
      pointTableId: meterId,
      table: { ...METER, slaveId: 7, points: [{ ...METER.points![0]!, address: 1, byteOrder: 'ABCD' }] },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      slaveId: 7,
      points: [{ name: 'voltage', address: 1, byteOrder: 'ABCD' }],
    });
  });

  it('900002: a table that does not exist, or is another company’s', async () => {
    const foreign = (await other.run(listPointTablesCall, {})).data!.list[0]!.pointTableId;
    for (const lang of LANGS) {
      expect(await acme.run(getPointTableCall, { pointTableId: foreign }, lang)).toMatchObject({
        code: ErrorCode.POINT_TABLE_NOT_FOUND,
        msg: errorMessage(900002, lang),
      });
    }
    expect((await acme.run(updatePointTableCall, { pointTableId: foreign, table: METER })).code).toBe(
      ErrorCode.POINT_TABLE_NOT_FOUND,
    );
    expect((await acme.run(deletePointTableCall, { pointTableId: foreign })).code).toBe(
      ErrorCode.POINT_TABLE_NOT_FOUND,
    );
    expect(await names(other)).toEqual(['Energy meter']);
  });

  it('removes a table no product uses', async () => {
    const flow = (await acme.run(listPointTablesCall, { name: 'Flow' })).data!.list[0]!;
    expect((await acme.run(deletePointTableCall, { pointTableId: flow.pointTableId })).code).toBe(0);
    expect(await names(acme)).toEqual(['Energy meter']);
    expect((await acme.run(deletePointTableCall, { pointTableId: flow.pointTableId })).code).toBe(
      ErrorCode.POINT_TABLE_NOT_FOUND,
    );
  });
});

describe('Modbus rules: code 1 naming the field, nothing saved', () => {
  const point = METER.points![0]!;
  const CASES: [string, Partial<PointTableInput>, string][] = [
    ['slave ID 0', { slaveId: 0 }, 'slaveId'],
    ['slave ID 248', { slaveId: 248 }, 'slaveId'],
    ['port 0', { slavePort: 0 }, 'slavePort'],
    ['an RTU table over Modbus TCP', { protocol: 'modbusRtu' }, 'connectionType'],
    ['address 65536', { points: [{ ...point, address: 65536 }] }, 'points.0.address'],
    [
      'a datasheet address of the input registers read by 3',
      { points: [{ ...point, address: '30001' }] },
      'points.0.address',
    ],
    [
      'a FLOAT written by function code 6',
      { points: [{ ...point, functionCode: 6 }] },
      'points.0.functionCode',
    ],
    [
      'a BOOLEAN read by function code 3',
      { points: [{ ...point, dataType: 'BOOLEAN' }] },
      'points.0.functionCode',
    ],
    ['a FLOAT of 4 registers', { points: [{ ...point, dataSize: 4 }] }, 'points.0.dataSize'],
    [
      'RAW-DATA of 126 registers',
      { points: [{ ...point, dataType: 'RAW-DATA', dataSize: 126 }] },
      'points.0.dataSize',
    ],
    ['bit offset 16', { points: [{ ...point, dataType: 'BIT', bitOffset: 16 }] }, 'points.0.bitOffset'],
    [
      '10 bits from offset 8',
      { points: [{ ...point, dataType: 'BIT', bitOffset: 8, bitCount: 10 }] },
      'points.0.bitCount',
    ],
    ['divisor 0', { points: [{ ...point, divisor: 0 }] }, 'points.0.divisor'],
    ['7 decimals', { points: [{ ...point, decimals: 7 }] }, 'points.0.decimals'],
    [
      'a batch over 125 registers',
      { points: [point, { ...point, name: 'far', address: 200, batch: 1 }] },
      'points.1.batch',
    ],
    ['a point name twice', { points: [point, { ...point, address: 4 }] }, 'points.1.name'],
  ];

  it.each(CASES)('%s', async (_what, change, field) => {
    for (const lang of LANGS) {
      const res = await other.run(createPointTableCall, { ...METER, name: 'Broken', ...change }, lang);
      expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg).toContain(`${field}:`);
    }
    expect(await names(other)).toEqual(['Energy meter']);
  });

  it('says which rule in the caller’s language', async () => {
    const input = { ...METER, name: 'Broken', points: [{ ...point, functionCode: 6 as const }] };
    expect((await other.run(createPointTableCall, input, 'en')).msg).toContain(
      'A FLOAT value takes 2 registers: write it with function code 16, not 6',
    );
    expect((await other.run(createPointTableCall, input, 'cn')).msg).toContain('写入须用功能码16');
  });
});
