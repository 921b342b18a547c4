import { z } from 'zod';
import { UPLOAD_STRATEGIES } from '../enums/devices.ts';
import {
  LOCATION_METHODS,
  PARAMETER_DATA_TYPES,
  POINT_DATA_TYPES,
  PRODUCT_STATES,
  PRODUCT_TYPES,
  REPORT_GROUP_TYPES,
} from '../enums/endpoints.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { FrequencySchema } from '../rules/alerts.ts';
import { plainText } from '../rules/identity.ts';
import { POINT_TABLE_PROTOCOLS } from '../rules/point-tables.ts';
import { ControlCodeSchema, ControlNameSchema, FieldCodeSchema } from '../rules/products.ts';
import { requiredText } from '../rules/rule.ts';
import { TimeOfDaySchema } from '../rules/time.ts';
import { defineCall } from './define.ts';

/**
 * Products of the endpoint manager (features §3-§5, §7; issue 19), built from a point table: report
 * groups holding the table's points, basic information, parameters, tags, one location method and
 * controls. Not enabled → enabled, irreversibly; then only report-group upload timing changes (800008).
 * Menu key `products`. Codes: 800004 unknown, 800005 name exists, 800007 has endpoints, 800008 enabled,
 * 800009 location methods, 800010/800011 parameter code/title exists, 800012 report exists, 800013/800014
 * control name/code exists, 800015 a control names no parameter, 800016 parameters not saved, 800032 tag exists.
 */

const Id = z.number().int().positive();

export const REPORT_GROUPS_MAX = 50;
export const PRODUCT_TAGS_MAX = 20;
export const PRODUCT_CONTROLS_MAX = 100;
export const PRODUCT_TAG_MAX = 32;

/**
 * A report group: points uploaded together. IMMEDIATELY and CHANGE upload as values arrive; INTERVAL
 * every `frequency` (1-59 s or min, 1-23 h); REGULAR once a day at `time`.
 */
export const ReportGroupInputSchema = z
  .strictObject({
    name: requiredText().max(50),
    type: z.enum(REPORT_GROUP_TYPES),
    strategy: z.enum(UPLOAD_STRATEGIES),
    frequency: FrequencySchema.nullable().default(null),
    time: TimeOfDaySchema.nullable().default(null),
    /** Names of the point table's points; each point in one group of the product. */
    points: z.array(requiredText().max(50)).min(1).max(1000),
  })
  .superRefine((group, ctx) => {
    if (group.strategy === 'INTERVAL' && !group.frequency)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['frequency'], input: group.frequency });
    if (group.strategy === 'REGULAR' && !group.time)
      ctx.addIssue({ code: 'custom', message: 'required', path: ['time'], input: group.time });
  });
export type ReportGroupInput = z.input<typeof ReportGroupInputSchema>;

export const ReportGroupSchema = z.object({
  name: z.string(),
  type: z.enum(REPORT_GROUP_TYPES),
  strategy: z.enum(UPLOAD_STRATEGIES),
  frequency: z.object({ value: z.number().int(), unit: z.enum(['second', 'minute', 'hour']) }).nullable(),
  time: z.string().nullable(),
  points: z.array(z.string()),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** A parameter: one point of a report group as the cloud names and types it. */
export const ParameterInputSchema = z.strictObject({
  /** The point it reads (a point of one of the product's report groups). */
  point: requiredText().max(50),
  title: plainText(1, 50),
  code: FieldCodeSchema,
  dataType: z.enum(PARAMETER_DATA_TYPES),
});
export type ParameterInput = z.input<typeof ParameterInputSchema>;
export const ParameterSchema = z.object({
  point: z.string(),
  title: z.string(),
  code: z.string(),
  dataType: z.enum(PARAMETER_DATA_TYPES),
  /** The point's register type, from the table. */
  pointType: z.enum(POINT_DATA_TYPES),
});
export type ProductParameter = z.infer<typeof ParameterSchema>;

export const ControlInputSchema = z.strictObject({
  name: ControlNameSchema,
  code: ControlCodeSchema,
  /** The operator must give every parameter when sending it. */
  mandatory: z.boolean().default(false),
  /** Codes of the product's parameters the control writes (800015 for one the product does not have). */
  parameters: z.array(FieldCodeSchema).min(1).max(50),
});
export type ControlInput = z.input<typeof ControlInputSchema>;
export const ControlSchema = z.object({
  name: z.string(),
  code: z.string(),
  mandatory: z.boolean(),
  parameters: z.array(z.string()),
});
export type ProductControl = z.infer<typeof ControlSchema>;

/** Basic information, tags, location and controls: what add and edit take besides the report groups. */
const ProductFields = {
  name: plainText(1, 64),
  /** A file of the company's uploaded with `kind=productLogo` (320x150); null for none. */
  logoFileId: Id.nullable().default(null),
  type: z.enum(PRODUCT_TYPES),
  /** The gateway app that speaks to the slaves (e.g. `modbus_master`). */
  southboundApp: plainText(1, 64),
  reportGroups: z.array(ReportGroupInputSchema).min(1).max(REPORT_GROUPS_MAX),
};

export const CreateProductBodySchema = z.strictObject({
  /** Step 1: the point table the product is built from (900002 when it is not the company's). */
  pointTableId: Id,
  ...ProductFields,
});
export type CreateProductBody = z.input<typeof CreateProductBodySchema>;

export const UpdateProductBodySchema = z.strictObject({
  modelId: Id,
  ...ProductFields,
  tags: z.array(requiredText().max(PRODUCT_TAG_MAX)).max(PRODUCT_TAGS_MAX).default([]),
  /** Exactly one before the product is enabled; more than one is 800009. */
  locationMethods: z.array(z.enum(LOCATION_METHODS)).max(LOCATION_METHODS.length).default([]),
  controls: z.array(ControlInputSchema).max(PRODUCT_CONTROLS_MAX).default([]),
});
export type UpdateProductBody = z.input<typeof UpdateProductBodySchema>;

const SummaryFields = {
  modelId: Id,
  name: z.string(),
  type: z.enum(PRODUCT_TYPES),
  /** The point table's protocol. */
  protocol: z.enum(POINT_TABLE_PROTOCOLS),
  state: z.enum(PRODUCT_STATES),
  pointTableId: Id,
  pointTableName: z.string(),
  logoFileId: Id.nullable(),
  southboundApp: z.string(),
  endpointCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
};
export const ProductSummarySchema = z.object(SummaryFields);
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductSchema = z.object({
  ...SummaryFields,
  reportGroups: z.array(ReportGroupSchema),
  parameters: z.array(ParameterSchema),
  /** False until the parameters are saved: other changes wait for them (800016). */
  parametersSaved: z.boolean(),
  tags: z.array(z.string()),
  locationMethods: z.array(z.enum(LOCATION_METHODS)),
  controls: z.array(ControlSchema),
  enabledAt: z.number().int().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

export const listProductsCall = defineCall({
  id: 'products.list',
  method: 'POST',
  path: '/endDevice/model/getModelList',
  input: PageQuerySchema.extend({
    /** 1: enabled products only (what endpoints may use); 0 or absent: all. */
    published: z.union([z.literal(0), z.literal(1)]).optional(),
    name: z.string().trim().max(64).optional(),
  }).strict(),
  output: pageSchema(ProductSummarySchema),
  permission: 'products.view',
  paged: true,
  summary: "The company's products by name, with their state and endpoint counts",
});

export const getProductCall = defineCall({
  id: 'products.get',
  method: 'POST',
  path: '/endDevice/model/getModelById',
  input: z.strictObject({ modelId: Id }),
  output: ProductSchema,
  permission: 'products.view',
  summary: 'One product with its report groups, parameters, tags, location and controls (800004)',
});

export const SimpleProductSchema = z.object({
  modelId: Id,
  name: z.string(),
  state: z.enum(PRODUCT_STATES),
  protocol: z.enum(POINT_TABLE_PROTOCOLS),
});
export type SimpleProduct = z.infer<typeof SimpleProductSchema>;

export const listSimpleProductsCall = defineCall({
  id: 'products.simpleList',
  method: 'POST',
  path: '/endDevice/model/getSimpleModelList',
  input: z.strictObject({ published: z.union([z.literal(0), z.literal(1)]).optional() }),
  output: z.array(SimpleProductSchema),
  permission: 'products.view',
  summary: "Every product's id, name and state, for pickers (published: 1 for enabled ones)",
});

export const createProductCall = defineCall({
  id: 'products.create',
  method: 'POST',
  path: '/endDevice/model/add',
  input: CreateProductBodySchema,
  output: ProductSchema,
  permission: 'products.create',
  mutates: true,
  summary:
    'Build a product from a point table: report groups of its points, parameters drafted from them, not enabled (800005, 800012, 900002)',
});

export const updateProductCall = defineCall({
  id: 'products.update',
  method: 'POST',
  path: '/endDevice/model/edit',
  input: UpdateProductBodySchema,
  output: ProductSchema,
  permission: 'products.edit',
  mutates: true,
  summary:
    'Change a product (800016 parameters unsaved, 800008 enabled: only upload timing, 800009, 800012, 800013-800015, 800032)',
});

export const saveProductParametersCall = defineCall({
  id: 'products.saveParameters',
  method: 'POST',
  path: '/endDevice/model/saveParameters',
  input: z.strictObject({
    modelId: Id,
    /** One per point of the report groups, none empty. */
    parameters: z.array(ParameterInputSchema).min(1).max(1000),
  }),
  output: ProductSchema,
  permission: 'products.edit',
  mutates: true,
  summary: "Save a product's parameters (800010 code exists, 800011 title exists, 800008 enabled)",
});

export const enableProductCall = defineCall({
  id: 'products.enable',
  method: 'POST',
  path: '/endDevice/model/enable',
  input: z.strictObject({ modelId: Id }),
  output: ProductSchema,
  permission: 'products.edit',
  mutates: true,
  summary: 'Enable a product, irreversibly (800016 parameters unsaved, 800009 no location method)',
});

export const deleteProductCall = defineCall({
  id: 'products.delete',
  method: 'POST',
  path: '/endDevice/model/delete',
  input: z.strictObject({ modelId: Id }),
  output: z.null(),
  permission: 'products.remove',
  mutates: true,
  summary: 'Remove a product without endpoints (800007 has endpoints, 800004 unknown)',
});

export const PRODUCT_CALLS = [
  listProductsCall,
  getProductCall,
  listSimpleProductsCall,
  createProductCall,
  updateProductCall,
  saveProductParametersCall,
  enableProductCall,
  deleteProductCall,
] as const;
