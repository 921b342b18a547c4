import { z } from 'zod';
import { BYTE_ORDERS, type ByteOrder, REGISTERS_BY_TYPE } from '../device/modbus-registers.ts';
import { POINT_DATA_TYPES, type PointDataType } from '../enums/endpoints.ts';
import { registerRuleMessages } from './messages.ts';
import { intBetween, isIPv4 } from './numbers.ts';
import { duplicates, requiredText } from './rule.ts';

/*
 * Point table rules (features §3, §5, issue 19). The spec gives no ranges; these are Modbus's
 * (Modbus Application Protocol v1.1b3 §6): slave IDs 1-247, register offsets 0-65535, at most 125
 * registers or 2000 coils in one read, multi-register writes by function code 16 only.
 */
registerRuleMessages({
  pointFunctionCodeForType: {
    en: 'Function code {fc} cannot read or write a {type} point; use one of {options}',
    cn: '功能码{fc}不能读写{type}类型的点，请使用{options}',
  },
  pointMultiRegisterWrite: {
    en: 'A {type} value takes {num} registers: write it with function code 16, not 6',
    cn: '{type}类型的值占{num}个寄存器，写入须用功能码16，不能用6',
  },
  pointAddressFormat: {
    en: 'Enter a register offset from 0 to 65535, or a datasheet address such as 40001',
    cn: '请输入0-65535的寄存器偏移，或如40001的手册地址',
  },
  pointAddressArea: {
    en: 'Datasheet address {address} is not in the register area of function code {fc} ({expected}xxxx)',
    cn: '手册地址{address}不属于功能码{fc}的寄存器区（{expected}xxxx）',
  },
  pointAddressEnd: {
    en: 'The point runs past register 65535 (offset {address}, {num} registers)',
    cn: '该点超出了寄存器65535（偏移{address}，{num}个寄存器）',
  },
  pointDataSize: { en: 'A {type} point takes {num} registers', cn: '{type}类型的点占{num}个寄存器' },
  pointBitCount: {
    en: 'The number of bits must be from 1 to {max} (16 minus the bit offset)',
    cn: '位数须为1到{max}（16减去位偏移）',
  },
  pointDivisorZero: { en: 'The divisor cannot be 0', cn: '除数不能为0' },
  pointMinAboveMax: { en: 'The minimum is above the maximum', cn: '最小值大于最大值' },
  pointNameDuplicate: { en: 'The point name already exists in this table', cn: '该点名称在点表中已存在' },
  pointBatchAreas: {
    en: 'Batch {batch} mixes register areas; one read reads one area',
    cn: '批次{batch}混合了不同寄存器区，一次读取只能读一个区',
  },
  pointBatchTooLarge: {
    en: 'Batch {batch} spans {num} {unit}; one read takes at most {max}',
    cn: '批次{batch}跨越{num}个{unit}，一次读取最多{max}个',
  },
  pointTableConnection: {
    en: 'A {protocol} table connects by {options}',
    cn: '{protocol}点表的连接方式须为{options}',
  },
});

export const POINT_TABLE_PROTOCOLS = ['modbusTcp', 'modbusRtu'] as const;
export type PointTableProtocol = (typeof POINT_TABLE_PROTOCOLS)[number];
/** How the gateway reaches the slave: Modbus TCP, RTU frames over TCP (a serial server), or its own serial port. */
export const POINT_CONNECTION_TYPES = ['tcp', 'rtuOverTcp', 'serial'] as const;
export type PointConnectionType = (typeof POINT_CONNECTION_TYPES)[number];
export const CONNECTIONS_BY_PROTOCOL: Record<PointTableProtocol, readonly PointConnectionType[]> = {
  modbusTcp: ['tcp'],
  modbusRtu: ['rtuOverTcp', 'serial'],
};
/** When a point is read: every poll, or only when asked (a control's read-back). */
export const POINT_TRIGGERS = ['periodic', 'onDemand'] as const;
export type PointTrigger = (typeof POINT_TRIGGERS)[number];

export const MODBUS_FUNCTION_CODES = [1, 2, 3, 4, 5, 6, 15, 16] as const;
export type ModbusFunctionCode = (typeof MODBUS_FUNCTION_CODES)[number];

/** The four Modbus data areas, by the leading digit of a datasheet address (0xxxx coils ... 4xxxx holding). */
export const MODBUS_AREAS = ['coil', 'discreteInput', 'inputRegister', 'holdingRegister'] as const;
export type ModbusArea = (typeof MODBUS_AREAS)[number];
const AREA_DIGIT: Record<ModbusArea, string> = {
  coil: '0',
  discreteInput: '1',
  inputRegister: '3',
  holdingRegister: '4',
};
export function areaOfFunctionCode(fc: ModbusFunctionCode): ModbusArea {
  if (fc === 1 || fc === 5 || fc === 15) return 'coil';
  if (fc === 2) return 'discreteInput';
  if (fc === 4) return 'inputRegister';
  return 'holdingRegister';
}
/** The function code that reads a point's area (a test read reads written points too). */
export function readFunctionCode(fc: ModbusFunctionCode): 1 | 2 | 3 | 4 {
  return ({ coil: 1, discreteInput: 2, inputRegister: 4, holdingRegister: 3 } as const)[
    areaOfFunctionCode(fc)
  ];
}
export const isBitArea = (area: ModbusArea) => area === 'coil' || area === 'discreteInput';

/** Function codes that may carry each type: bits from coils, everything else from registers. */
export const FUNCTION_CODES_BY_TYPE: Record<PointDataType, readonly ModbusFunctionCode[]> = {
  BOOLEAN: [1, 2, 5, 15],
  BIT: [3, 4, 6, 16],
  'INT-16': [3, 4, 6, 16],
  'UINT-16': [3, 4, 6, 16],
  'INT-32': [3, 4, 16],
  'UINT-32': [3, 4, 16],
  FLOAT: [3, 4, 16],
  DOUBLE: [3, 4, 16],
  'RAW-DATA': [3, 4, 16],
};

export const POINT_ADDRESS_MAX = 65535;
export const MAX_READ_REGISTERS = 125;
export const MAX_READ_COILS = 2000;
export const RAW_DATA_MAX_REGISTERS = 125;
export const POINT_DECIMALS_MAX = 6;
export const POINT_TABLE_NAME_MAX = 64;
export const POINT_NAME_MAX = 50;
export const POINTS_PER_TABLE_MAX = 1000;
export const POINT_BATCH_MAX = 999;

/**
 * A datasheet (1-based, area-prefixed) address as the protocol offset: 40001 and 400001 are holding
 * register 0, 30010 input register 9, 00001 coil 0; `4x0001` is the same as 40001. Null when the text
 * is not a datasheet address.
 */
export function parseDatasheetAddress(text: string): { area: ModbusArea; offset: number } | null {
  const match = /^([0134])(?:x(\d{1,5})|(\d{4,5}))$/i.exec(text.trim());
  if (!match) return null;
  const number = Number(match[2] ?? match[3]);
  if (number < 1 || number > POINT_ADDRESS_MAX + 1) return null;
  const area = MODBUS_AREAS.find((a) => AREA_DIGIT[a] === match[1])!;
  return { area, offset: number - 1 };
}

/** The datasheet form of an offset in an area (offset 0 of the holding registers is 40001). */
export function datasheetAddress(area: ModbusArea, offset: number): string {
  return `${AREA_DIGIT[area]}${String(offset + 1).padStart(offset + 1 > 9999 ? 5 : 4, '0')}`;
}

/** The registers (or coils) a point occupies. */
export function pointSize(point: { dataType: PointDataType; dataSize: number }): number {
  return point.dataType === 'RAW-DATA' ? point.dataSize : REGISTERS_BY_TYPE[point.dataType];
}

/** A broken rule of a point or a table, at a field of the input. */
export interface PointTableProblem {
  path: (string | number)[];
  key: string;
  params?: Record<string, string | number>;
}

/** What the point rules read (the input after defaults, before the address is converted). */
export interface PointRuleInput {
  functionCode: ModbusFunctionCode;
  address: number | string;
  dataType: PointDataType;
  dataSize?: number | undefined;
  divisor: number;
  bitOffset: number;
  bitCount: number;
  min?: number | null | undefined;
  max?: number | null | undefined;
}

/** The protocol offset of a point's address, or the rule it breaks. */
export function pointOffset(
  point: Pick<PointRuleInput, 'address' | 'functionCode'>,
): number | PointTableProblem {
  if (typeof point.address === 'number') return point.address;
  const parsed = parseDatasheetAddress(point.address);
  if (!parsed) return { path: ['address'], key: 'pointAddressFormat' };
  const expected = areaOfFunctionCode(point.functionCode);
  if (parsed.area !== expected)
    return {
      path: ['address'],
      key: 'pointAddressArea',
      params: { address: point.address, fc: point.functionCode, expected: AREA_DIGIT[expected] },
    };
  return parsed.offset;
}

/** The rules of one point (paths relative to the point). */
export function checkPoint(point: PointRuleInput): PointTableProblem[] {
  const problems: PointTableProblem[] = [];
  const allowed = FUNCTION_CODES_BY_TYPE[point.dataType];
  const size = point.dataType === 'RAW-DATA' ? (point.dataSize ?? 1) : REGISTERS_BY_TYPE[point.dataType];
  if (!allowed.includes(point.functionCode)) {
    problems.push(
      point.functionCode === 6 && size > 1
        ? {
            path: ['functionCode'],
            key: 'pointMultiRegisterWrite',
            params: { type: point.dataType, num: size },
          }
        : {
            path: ['functionCode'],
            key: 'pointFunctionCodeForType',
            params: { fc: point.functionCode, type: point.dataType, options: allowed.join(', ') },
          },
    );
  }
  if (point.dataType !== 'RAW-DATA' && point.dataSize !== undefined && point.dataSize !== size)
    problems.push({ path: ['dataSize'], key: 'pointDataSize', params: { type: point.dataType, num: size } });
  const offset = pointOffset(point);
  if (typeof offset !== 'number') problems.push(offset);
  else if (offset <= POINT_ADDRESS_MAX && offset + size - 1 > POINT_ADDRESS_MAX)
    problems.push({ path: ['address'], key: 'pointAddressEnd', params: { address: offset, num: size } });
  if (point.divisor === 0) problems.push({ path: ['divisor'], key: 'pointDivisorZero' });
  if (point.bitOffset >= 0 && point.bitOffset <= 15 && point.bitCount > 16 - point.bitOffset)
    problems.push({ path: ['bitCount'], key: 'pointBitCount', params: { max: 16 - point.bitOffset } });
  if (point.min != null && point.max != null && point.min > point.max)
    problems.push({ path: ['min'], key: 'pointMinAboveMax' });
  return problems;
}

/** Points read together (one batch number, one area) must fit one Modbus read. */
export function checkBatches(points: readonly (PointRuleInput & { batch: number })[]): PointTableProblem[] {
  const problems: PointTableProblem[] = [];
  const batches = new Map<number, number[]>();
  points.forEach((p, i) => {
    if (p.batch > 0) batches.set(p.batch, [...(batches.get(p.batch) ?? []), i]);
  });
  for (const [batch, indexes] of batches) {
    const areas = new Set(indexes.map((i) => areaOfFunctionCode(points[i]!.functionCode)));
    const last = indexes[indexes.length - 1]!;
    if (areas.size > 1) {
      problems.push({ path: ['points', last, 'batch'], key: 'pointBatchAreas', params: { batch } });
      continue;
    }
    const spans = indexes.flatMap((i) => {
      const offset = pointOffset(points[i]!);
      return typeof offset === 'number'
        ? [[offset, offset + pointSize({ ...points[i]!, dataSize: points[i]!.dataSize ?? 1 })]]
        : [];
    });
    if (!spans.length) continue;
    const span = Math.max(...spans.map((s) => s[1]!)) - Math.min(...spans.map((s) => s[0]!));
    const bits = isBitArea([...areas][0]!);
    const max = bits ? MAX_READ_COILS : MAX_READ_REGISTERS;
    if (span > max)
      problems.push({
        path: ['points', last, 'batch'],
        key: 'pointBatchTooLarge',
        params: { batch, num: span, max, unit: bits ? 'coils' : 'registers' },
      });
  }
  return problems;
}

const finite = z.number().refine(Number.isFinite);

/** One point as the console or an import sends it; `address` is an offset or a datasheet address. */
export const PointInputSchema = z
  .strictObject({
    /** The parameter name the point's value is reported under; unique in its table. */
    name: requiredText().max(POINT_NAME_MAX),
    functionCode: z.literal(MODBUS_FUNCTION_CODES),
    /** Protocol offset 0-65535, or a datasheet address as text ("40001", "4x0001"), stored as the offset. */
    address: z.union([intBetween(0, POINT_ADDRESS_MAX), z.string().trim().max(8)]),
    dataType: z.enum(POINT_DATA_TYPES),
    byteOrder: z.enum(BYTE_ORDERS).default('ABCD'),
    multiplier: finite.default(1),
    divisor: finite.default(1),
    /** Registers: the type's own (1, 2 or 4), or 1-125 for RAW-DATA; the type's when left out. */
    dataSize: intBetween(1, RAW_DATA_MAX_REGISTERS).optional(),
    trigger: z.enum(POINT_TRIGGERS).default('periodic'),
    decimals: intBetween(0, POINT_DECIMALS_MAX).default(2),
    bitOffset: intBetween(0, 15).default(0),
    /** Bits of a BIT point, 1 to 16 minus the offset. */
    bitCount: intBetween(1, 16).default(1),
    /** Report only when the value moves by more than `deadband`. */
    onChange: z.boolean().default(false),
    deadband: finite.min(0).default(0),
    /** Points with the same batch number (1-999) are read in one request; 0 reads the point alone. */
    batch: intBetween(0, POINT_BATCH_MAX).default(0),
    /** A plausible range: a test read flags values outside it. */
    min: finite.nullable().optional(),
    max: finite.nullable().optional(),
  })
  .superRefine((point, ctx) => {
    for (const p of checkPoint(point))
      ctx.addIssue({
        code: 'custom',
        message: p.key,
        path: p.path,
        input: point,
        ...(p.params ? { params: p.params } : {}),
      });
  })
  .transform((point) => ({
    ...point,
    address: pointOffset(point) as number,
    dataSize: pointSize({ dataType: point.dataType, dataSize: point.dataSize ?? 1 }),
    min: point.min ?? null,
    max: point.max ?? null,
  }));
export type PointInput = z.input<typeof PointInputSchema>;
export type Point = z.output<typeof PointInputSchema>;

/** A point table as saved or test-read (the unsaved table goes to the gateway as it is). */
export const PointTableInputSchema = z
  .strictObject({
    name: requiredText().max(POINT_TABLE_NAME_MAX),
    protocol: z.enum(POINT_TABLE_PROTOCOLS),
    connectionType: z.enum(POINT_CONNECTION_TYPES),
    /** The slave's IPv4 address (or the serial server's); empty for a serial connection. */
    slaveIp: z.string().trim().max(15).default(''),
    slavePort: intBetween(1, 65535).default(502),
    slaveId: intBetween(1, 247),
    points: z.array(PointInputSchema).max(POINTS_PER_TABLE_MAX).default([]),
  })
  .superRefine((table, ctx) => {
    const allowed = CONNECTIONS_BY_PROTOCOL[table.protocol];
    if (!allowed.includes(table.connectionType))
      ctx.addIssue({
        code: 'custom',
        path: ['connectionType'],
        message: 'pointTableConnection',
        input: table.connectionType,
        params: { protocol: table.protocol, options: allowed.join(', ') },
      });
    if (table.connectionType !== 'serial' && !isIPv4(table.slaveIp))
      ctx.addIssue({ code: 'custom', path: ['slaveIp'], message: 'ipv4Invalid', input: table.slaveIp });
    const names = table.points.map((p) => p.name.toLowerCase());
    for (const name of new Set(duplicates(names))) {
      const index = names.lastIndexOf(name);
      ctx.addIssue({
        code: 'custom',
        path: ['points', index, 'name'],
        message: 'pointNameDuplicate',
        input: name,
      });
    }
    for (const p of checkBatches(table.points))
      ctx.addIssue({
        code: 'custom',
        message: p.key,
        path: p.path,
        input: table,
        ...(p.params ? { params: p.params } : {}),
      });
  });
export type PointTableInput = z.input<typeof PointTableInputSchema>;
export type PointTableFields = z.output<typeof PointTableInputSchema>;

/** The byte orders other than `order`, for the test read's alternative decodings. */
export const otherByteOrders = (order: ByteOrder) => BYTE_ORDERS.filter((o) => o !== order);
