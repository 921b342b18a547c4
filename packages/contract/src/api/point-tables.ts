import { z } from 'zod';
import { BYTE_ORDERS, IMPLAUSIBLE_REASONS } from '../device/modbus-registers.ts';
import { POINT_DATA_TYPES } from '../enums/endpoints.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { isIPv4 } from '../rules/numbers.ts';
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

// ---- polling: the tables a gateway polls, its endpoints' values, writes ---------------------------

const Sn = z.string().trim().min(1).max(64);
const EndpointId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,64}$/, 'endpointIdInvalid');

/** Endpoints one gateway polls at most (the device protocol's `POLLED_ENDPOINTS_MAX`). */
export const APPLY_ENDPOINTS_MAX = 256;
/** Poll interval of an endpoint, seconds. */
export const POLL_SECONDS = { min: 1, max: 86_400, default: 60 } as const;

export const applyPointTablesCall = defineCall({
  id: 'pointTables.apply',
  method: 'POST',
  path: '/endDevice/pointTable/apply',
  input: z.strictObject({
    /** A gateway of the company. */
    sn: Sn,
    /** Everything the gateway is to poll: it replaces what it polled before (empty: nothing). */
    endpoints: z
      .array(
        z.strictObject({
          endpointId: EndpointId,
          pointTableId: Id,
          /** The slave's address when it is not the table's (several meters of one table behind one gateway). */
          slaveId: z.number().int().min(1).max(247).optional(),
          slaveIp: z.string().trim().refine(isIPv4, 'ipv4Invalid').optional(),
          slavePort: z.number().int().min(1).max(65535).optional(),
          pollSeconds: z
            .number()
            .int()
            .min(POLL_SECONDS.min)
            .max(POLL_SECONDS.max)
            .default(POLL_SECONDS.default),
        }),
      )
      .max(APPLY_ENDPOINTS_MAX),
  }),
  output: z.object({ sn: z.string(), rpcId: z.string(), endpoints: z.number().int() }),
  permission: 'pointTable.edit',
  mutates: true,
  summary:
    'Send a gateway the point tables to poll (`pointTableApply` through the command queue; it waits for an offline gateway until its deadline)',
});

export const EndpointReadingSchema = z.object({
  sn: z.string(),
  endpointId: z.string(),
  /** Whether its slave answers; null before the gateway first said. */
  online: z.boolean().nullable(),
  /** Why it is offline, as the gateway said. */
  offlineReason: z.string().nullable(),
  presenceAt: z.number().int().nullable(),
  /** The latest sample: values by point name (null: not read that time). */
  values: z.record(z.string(), z.union([z.number(), z.string()]).nullable()).nullable(),
  quality: z.enum(['good', 'partial']).nullable(),
  sampleAt: z.number().int().nullable(),
  /** Samples from `since` on, oldest first (only when asked). */
  samples: z.array(
    z.object({
      at: z.number().int(),
      values: z.record(z.string(), z.union([z.number(), z.string()]).nullable()),
      quality: z.enum(['good', 'partial']),
    }),
  ),
});
export type EndpointReading = z.infer<typeof EndpointReadingSchema>;
export const ENDPOINT_SAMPLES_MAX = 1000;

export const endpointValuesCall = defineCall({
  id: 'pointTables.endpointValues',
  method: 'POST',
  path: '/endDevice/pointTable/endpointValues',
  input: z.strictObject({
    sn: Sn,
    endpointId: EndpointId,
    /** Also the samples from this time on (epoch ms), at most 1000. */
    since: z.number().int().min(0).optional(),
  }),
  output: EndpointReadingSchema.nullable(),
  permission: 'pointTable.view',
  summary:
    "An endpoint's latest values and presence as its gateway polled them (null before its first report)",
});

export const endpointWriteCall = defineCall({
  id: 'pointTables.endpointWrite',
  method: 'POST',
  path: '/endDevice/pointTable/endpointWrite',
  input: z.strictObject({
    sn: Sn,
    endpointId: EndpointId,
    point: z.string().trim().min(1).max(50),
    value: z.union([z.number().refine(Number.isFinite), z.string().trim().min(1).max(500)]),
  }),
  output: z.object({
    rpcId: z.string(),
    /** success: written and read back; failure: the gateway or slave refused (see `message`). */
    state: z.enum(['success', 'failure']),
    /** The value read back after the write. */
    value: z.union([z.number(), z.string()]).nullable(),
    functionCode: z.number().int().nullable(),
    message: z.string().nullable(),
  }),
  permission: 'pointTable.edit',
  mutates: true,
  summary:
    'Write one point of an endpoint through its gateway (`endpointWrite`) and answer the value read back; 120052 when the gateway is offline, 120117 when it does not answer in time',
});

// ---- .xlsx import and export ------------------------------------------------------------------------

/** The columns of a point table's "Points" sheet, in order: the point fields of the API. */
export const POINT_TABLE_XLSX_COLUMNS = [
  'name',
  'functionCode',
  'address',
  'dataType',
  'byteOrder',
  'multiplier',
  'divisor',
  'dataSize',
  'trigger',
  'decimals',
  'bitOffset',
  'bitCount',
  'onChange',
  'deadband',
  'batch',
  'min',
  'max',
] as const;
/** The rows of the "Table" sheet (field, value). */
export const POINT_TABLE_XLSX_FIELDS = [
  'name',
  'protocol',
  'connectionType',
  'slaveIp',
  'slavePort',
  'slaveId',
] as const;

const FileSchema = z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() });

export const exportPointTableCall = defineCall({
  id: 'pointTables.export',
  method: 'POST',
  path: '/endDevice/pointTable/export',
  input: z.strictObject({ pointTableId: Id }),
  output: FileSchema,
  permission: 'pointTable.export',
  summary:
    'A point table as .xlsx (base64): sheet "Table" (field, value) and sheet "Points" (one row per point)',
});

const ProblemSchema = z.object({ field: z.string(), message: z.string() });

export const importPointTableCall = defineCall({
  id: 'pointTables.import',
  method: 'POST',
  path: '/endDevice/pointTable/import',
  input: z.strictObject({
    fileName: z.string().trim().min(1).max(255),
    /** The .xlsx file, base64. */
    content: z.string().min(1).max(1_400_000),
    /** Save it when no row has a problem; otherwise only the preview. */
    commit: z.boolean().default(false),
  }),
  output: z.object({
    /** The table's own fields as read, with their problems. */
    name: z.string(),
    tableProblems: z.array(ProblemSchema),
    /** Every point row, numbered as the sheet numbers it (the header is row 1), with its problems. */
    rows: z.array(z.object({ row: z.number().int(), name: z.string(), problems: z.array(ProblemSchema) })),
    /** Rows with a problem. */
    invalid: z.number().int(),
    /** The saved table (commit and no problem), else null. */
    saved: PointTableSchema.nullable(),
  }),
  permission: 'pointTable.create',
  mutates: true,
  summary:
    'Read a point table from .xlsx: a preview naming each bad row and field; with `commit` and no problem, saved (900001 when the name exists)',
});

export const POINT_TABLE_CALLS = [
  listPointTablesCall,
  getPointTableCall,
  createPointTableCall,
  updatePointTableCall,
  deletePointTableCall,
  testReadPointTableCall,
  applyPointTablesCall,
  endpointValuesCall,
  endpointWriteCall,
  exportPointTableCall,
  importPointTableCall,
] as const;
