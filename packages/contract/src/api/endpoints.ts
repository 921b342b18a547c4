import { z } from 'zod';
import { ENDPOINT_STATES } from '../enums/endpoints.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { POINT_CONNECTION_TYPES } from '../rules/point-tables.ts';
import { EndpointDescriptionSchema, EndpointIdSchema, EndpointNameSchema } from '../rules/products.ts';
import { defineCall } from './define.ts';

registerRuleMessages({
  endpointImportFileType: { en: 'Only .xlsx files can be imported', cn: '仅支持导入.xlsx文件' },
});

/**
 * Endpoints of the endpoint manager (features §3, §5; issue 19): a meter, sensor or PLC behind a
 * company gateway, of an enabled product. Menu key `endpoints`. Codes: 800001 ID exists, 800003 unknown,
 * 800006 product not enabled (add), 800033 product not enabled (edit), 800004 unknown product, 800017
 * unknown group, 800019 gateway not a device of the company, 800020 the gateway already has an endpoint
 * of the product, 800034/800035 import file.
 */

const Id = z.number().int().positive();

export const ENDPOINT_TARGET_VERSION_MAX = 32;
export const ENDPOINT_IMPORT_MAX_ROWS = 1000;

const EndpointFields = {
  name: EndpointNameSchema,
  description: EndpointDescriptionSchema.default(''),
  /** An enabled product of the company (800004 unknown, 800006 or 800033 not enabled). */
  modelId: Id,
  /** An endpoint group; the groups page comes later, so any group is 800017 until then. */
  groupId: Id.nullable().default(null),
  /** The SN of the company's gateway the endpoint sits behind (800019). */
  gatewaySn: z.string().trim().min(1).max(64),
  /** How the gateway reaches it; the product's point table connection when absent. */
  connectionMethod: z.enum(POINT_CONNECTION_TYPES).optional(),
  /** The endpoint's firmware version it should run (free text; empty for none). */
  targetVersion: z.string().trim().max(ENDPOINT_TARGET_VERSION_MAX).default(''),
};

export const CreateEndpointBodySchema = z.strictObject({
  /** At least 4 letters or digits, unique in the company (800001); it never changes. */
  endpointId: EndpointIdSchema,
  ...EndpointFields,
});
export type CreateEndpointBody = z.input<typeof CreateEndpointBodySchema>;

export const UpdateEndpointBodySchema = z.strictObject({ thingId: Id, ...EndpointFields });
export type UpdateEndpointBody = z.input<typeof UpdateEndpointBodySchema>;

export const EndpointSchema = z.object({
  /** The row's id: the endpoint's page is `endDeviceDetail/{thingId}`. */
  thingId: Id,
  endpointId: z.string(),
  name: z.string(),
  description: z.string(),
  modelId: Id,
  productName: z.string(),
  groupId: Id.nullable(),
  gatewaySn: z.string(),
  gatewayName: z.string(),
  connectionMethod: z.enum(POINT_CONNECTION_TYPES),
  targetVersion: z.string(),
  /** `gatewayOffline` while the gateway is offline, else as the gateway last reported the endpoint. */
  state: z.enum(ENDPOINT_STATES),
  /** When the gateway last reported a value of it; null before the first. */
  lastReportAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Endpoint = z.infer<typeof EndpointSchema>;

export const listEndpointsCall = defineCall({
  id: 'endpoints.list',
  method: 'POST',
  path: '/endDevice/thing/list',
  input: PageQuerySchema.extend({
    /** Part of the endpoint ID, name or gateway SN. */
    search: z.string().trim().max(100).optional(),
    modelId: Id.optional(),
    state: z.enum(ENDPOINT_STATES).optional(),
  }).strict(),
  output: pageSchema(EndpointSchema),
  permission: 'endpoints.view',
  paged: true,
  summary: "The company's endpoints by endpoint ID, searchable by ID, name or gateway, with their state",
});

export const getEndpointCall = defineCall({
  id: 'endpoints.get',
  method: 'POST',
  path: '/endDevice/thing/getById',
  input: z.strictObject({ thingId: Id }),
  output: EndpointSchema,
  permission: 'endpoints.view',
  summary: 'One endpoint (800003 when it does not exist)',
});

export const createEndpointCall = defineCall({
  id: 'endpoints.create',
  method: 'POST',
  path: '/endDevice/thing/add',
  input: CreateEndpointBodySchema,
  output: EndpointSchema,
  permission: 'endpoints.create',
  mutates: true,
  summary: 'Add an endpoint (800001, 800004, 800006, 800017, 800019, 800020)',
});

export const updateEndpointCall = defineCall({
  id: 'endpoints.update',
  method: 'POST',
  path: '/endDevice/thing/edit',
  input: UpdateEndpointBodySchema,
  output: EndpointSchema,
  permission: 'endpoints.edit',
  mutates: true,
  summary: 'Change an endpoint (800003, 800004, 800033, 800017, 800019, 800020); its ID stays',
});

export const deleteEndpointsCall = defineCall({
  id: 'endpoints.delete',
  method: 'POST',
  path: '/endDevice/thing/delete',
  input: z.strictObject({ thingIds: z.array(Id).min(1).max(500) }),
  output: z.object({ deleted: z.number().int() }),
  permission: 'endpoints.remove',
  mutates: true,
  summary: 'Remove endpoints (ids that are not the company’s are skipped)',
});

/** Columns of an import file, in order (the template's header row). */
export const ENDPOINT_IMPORT_COLUMNS = [
  'Endpoint ID',
  'Name',
  'Description',
  'Product',
  'Gateway SN',
  'Connection method',
  'Target version',
] as const;

export const EndpointImportRowSchema = z.object({
  /** Row number in the file, the header being row 1. */
  row: z.number().int(),
  endpointId: z.string(),
  name: z.string(),
  productName: z.string(),
  gatewaySn: z.string(),
  /** Empty when the row can be imported; otherwise one message per problem, in the caller's language. */
  errors: z.array(z.string()),
});
export type EndpointImportRow = z.infer<typeof EndpointImportRowSchema>;

export const importEndpointsCall = defineCall({
  id: 'endpoints.import',
  method: 'POST',
  path: '/endDevice/thing/import',
  input: z.strictObject({
    fileName: z
      .string()
      .trim()
      .regex(/\.xlsx$/i, { error: 'endpointImportFileType' })
      .max(255),
    /** The file, base64. */
    content: z.string().min(1).max(1_400_000),
    /** false: the preview, nothing saved; true: save the valid rows, answer the others. */
    commit: z.boolean().default(false),
  }),
  output: z.object({
    rows: z.array(EndpointImportRowSchema),
    valid: z.number().int(),
    invalid: z.number().int(),
    imported: z.number().int(),
  }),
  permission: 'endpoints.create',
  mutates: true,
  summary:
    'Import endpoints from .xlsx: a preview row by row, then the valid rows saved (800034 not the template, 800035 repeated IDs)',
});

export const endpointImportTemplateCall = defineCall({
  id: 'endpoints.importTemplate',
  method: 'GET',
  path: '/endDevice/thing/getImportTemplate',
  input: z.strictObject({}),
  output: z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() }),
  permission: 'endpoints.create',
  summary: 'The endpoint import template (.xlsx, base64) with its header row and one example row',
});

export const ENDPOINT_CALLS = [
  listEndpointsCall,
  getEndpointCall,
  createEndpointCall,
  updateEndpointCall,
  deleteEndpointsCall,
  importEndpointsCall,
  endpointImportTemplateCall,
] as const;
