import { z } from 'zod';
import { BYTE_ORDERS, IMPLAUSIBLE_REASONS } from '../device/modbus-registers.ts';
import { POINT_DATA_TYPES } from '../enums/endpoints.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import {
  MODBUS_FUNCTION_CODES,
  POINT_CONNECTION_TYPES,
  POINT_TABLE_PROTOCOLS,
  POINT_TRIGGERS,
  PointTableInputSchema,
} from '../rules/point-tables.ts';
import { defineCall } from './define.ts';

/**
 * Point tables (features §3, §5, §8; issue 19): Modbus register maps from which products are built,
 * and the test read of an unsaved table through an online gateway. Menu key `pointTable`. Codes
 * 900001 (name exists), 900002 (no such table), 900003 (in use); bad fields are code 1 naming them.
 */

const Id = z.number().int().positive();

/** A saved point: the address is the protocol offset, `dataSize` the registers it reads. */
export const PointSchema = z.object({
  name: z.string(),
  functionCode: z.literal(MODBUS_FUNCTION_CODES),
  address: z.number().int(),
  dataType: z.enum(POINT_DATA_TYPES),
  byteOrder: z.enum(BYTE_ORDERS),
  multiplier: z.number(),
  divisor: z.number(),
  dataSize: z.number().int(),
  trigger: z.enum(POINT_TRIGGERS),
  decimals: z.number().int(),
  bitOffset: z.number().int(),
  bitCount: z.number().int(),
  onChange: z.boolean(),
  deadband: z.number(),
  batch: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
});
export type PointTablePoint = z.infer<typeof PointSchema>;

const TableFields = {
  pointTableId: Id,
  name: z.string(),
  protocol: z.enum(POINT_TABLE_PROTOCOLS),
  connectionType: z.enum(POINT_CONNECTION_TYPES),
  slaveIp: z.string(),
  slavePort: z.number().int(),
  slaveId: z.number().int(),
  /** Products built from the table; one in use cannot be removed (900003). */
  productCount: z.number().int(),
  updatedAt: z.number().int(),
};

export const PointTableSummarySchema = z.object({ ...TableFields, pointCount: z.number().int() });
export type PointTableSummary = z.infer<typeof PointTableSummarySchema>;
export const PointTableSchema = z.object({ ...TableFields, points: z.array(PointSchema) });
export type PointTable = z.infer<typeof PointTableSchema>;

export const listPointTablesCall = defineCall({
  id: 'pointTables.list',
  method: 'POST',
  path: '/endDevice/pointTable/list',
  input: PageQuerySchema.extend({ name: z.string().trim().max(64).optional() }).strict(),
  output: pageSchema(PointTableSummarySchema),
  permission: 'pointTable.view',
  paged: true,
  summary: "The company's point tables, by name, with their point and product counts",
});

export const getPointTableCall = defineCall({
  id: 'pointTables.get',
  method: 'POST',
  path: '/endDevice/pointTable/getById',
  input: z.strictObject({ pointTableId: Id }),
  output: PointTableSchema,
  permission: 'pointTable.view',
  summary: 'One point table with its points (900002 when it does not exist)',
});

export const createPointTableCall = defineCall({
  id: 'pointTables.create',
  method: 'POST',
  path: '/endDevice/pointTable/add',
  input: PointTableInputSchema,
  output: PointTableSchema,
  permission: 'pointTable.create',
  mutates: true,
  summary: 'Add a point table (900001 name exists; 1 naming the field for a broken Modbus rule)',
});

export const updatePointTableCall = defineCall({
  id: 'pointTables.update',
  method: 'POST',
  path: '/endDevice/pointTable/edit',
  input: z.strictObject({ pointTableId: Id, table: PointTableInputSchema }),
  output: PointTableSchema,
  permission: 'pointTable.edit',
  mutates: true,
  summary: 'Replace a point table and its points (900001 name exists, 900002 missing)',
});

export const deletePointTableCall = defineCall({
  id: 'pointTables.delete',
  method: 'POST',
  path: '/endDevice/pointTable/delete',
  input: z.strictObject({ pointTableId: Id }),
  output: z.null(),
  permission: 'pointTable.remove',
  mutates: true,
  summary: 'Remove a point table no product uses (900002 missing, 900003 in use)',
});

/** One decoding of a test-read point: at its address or a neighbour, in one byte order. */
export const TestReadDecodingSchema = z.object({
  /** -1, 0 or +1: the register the decoding starts at, relative to the point's address. */
  shift: z.number().int().min(-1).max(1),
  /** The protocol offset it starts at. */
  address: z.number().int(),
  byteOrder: z.enum(BYTE_ORDERS),
  /** The engineering value; null when it is NaN or infinite (see `flags`) or the words were missing. */
  value: z.union([z.number(), z.string()]).nullable(),
  /** Why the value is implausible; empty when it looks fine. */
  flags: z.array(z.enum(IMPLAUSIBLE_REASONS)),
});
export type TestReadDecoding = z.infer<typeof TestReadDecodingSchema>;

export const TestReadPointSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  /** Registers (or coils as 0/1) as read at the point's address. */
  words: z.array(z.number().int()).nullable(),
  /** The slave's or gateway's error for this point (an exception code, a timeout). */
  error: z.string().nullable(),
  /** The point as configured. */
  decoded: TestReadDecodingSchema.nullable(),
  /** The other byte orders at the address, and every order at address ±1. */
  alternatives: z.array(TestReadDecodingSchema),
  /** When the configured decoding is implausible: the first plausible alternative, to adopt in one click. */
  suggestion: TestReadDecodingSchema.nullable(),
});
export type TestReadPoint = z.infer<typeof TestReadPointSchema>;

export const testReadPointTableCall = defineCall({
  id: 'pointTables.testRead',
  method: 'POST',
  path: '/endDevice/pointTable/testRead',
  input: z.strictObject({
    /** An online gateway of the company that reaches the slave. */
    sn: z.string().trim().min(1).max(64),
    table: PointTableInputSchema,
  }),
  output: z.object({ sn: z.string(), readAt: z.number().int(), points: z.array(TestReadPointSchema) }),
  permission: 'pointTable.view',
  summary:
    'Read the slave once through an online gateway with an unsaved table; each point decoded as configured, in the other byte orders and at address ±1, implausible values flagged',
});

export const POINT_TABLE_CALLS = [
  listPointTablesCall,
  getPointTableCall,
  createPointTableCall,
  updatePointTableCall,
  deletePointTableCall,
  testReadPointTableCall,
] as const;
