import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { defineCall } from './define.ts';

/**
 * The installer console's provisioning: scope-of-work (SOW) templates (issue 20; features §2, §4, §5),
 * in the three sections Basic Setting, SIM Setting and Router Setting. A provisioner prepares routers
 * to one before they go to site. Codes 191001-191006 (errors/installer-console.ts); the label and file
 * name rules are rules/sow.ts.
 */

/** Who supplies the SIM card. */
export const SOW_SIM_SUPPLIES = ['customer', 'installer', 'provisioner', 'none'] as const;
export type SowSimSupply = (typeof SOW_SIM_SUPPLIES)[number];

const Text = (max: number) => z.string().trim().max(max);
const Required = (max: number) => z.string().trim().min(1).max(max);

export const SowApplicationSchema = z.strictObject({
  name: Required(64),
  version: Required(32),
});

const SowFieldsSchema = z.strictObject({
  name: Required(64),
  // Basic Setting
  productModel: Required(64),
  firmwareVersion: Required(32),
  /** Pre-installed applications with their versions. */
  applications: z.array(SowApplicationSchema).max(20).default([]),
  /** Registered on the management platform, with its ID there (required when registered). */
  registeredOnPlatform: z.boolean(),
  platformId: Text(64).nullable().default(null),
  // SIM Setting
  simInserted: z.boolean(),
  simSupply: z.enum(SOW_SIM_SUPPLIES),
  // Router Setting
  thirdPartyAntenna: z.boolean(),
  antennaDetails: Text(500).nullable().default(null),
  customProductLabel: z.boolean(),
  /** Printable ASCII only (191005). */
  productLabelContent: Text(500).nullable().default(null),
  customBoxLabel: z.boolean(),
  boxLabelContent: Text(500).nullable().default(null),
  routerTestProcess: Text(2000).default(''),
  otherInstructions: Text(2000).default(''),
  /** An upload of kind `configXml` (XML, at most 1024 KB; its name per SOW_FILE_NAME: 191004, 191006). */
  configFileId: z.number().int().positive().nullable().default(null),
});

/** What a switched-on option needs: its details or content. */
function requireDetails<T extends z.infer<typeof SowFieldsSchema>>(value: T, ctx: z.RefinementCtx) {
  const need = (on: boolean, text: string | null, path: string) => {
    if (on && !text) ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
  };
  need(value.registeredOnPlatform, value.platformId, 'platformId');
  need(value.thirdPartyAntenna, value.antennaDetails, 'antennaDetails');
  need(value.customProductLabel, value.productLabelContent, 'productLabelContent');
  need(value.customBoxLabel, value.boxLabelContent, 'boxLabelContent');
}

export const SowTemplateInputSchema = SowFieldsSchema.superRefine(requireDetails);
export const SowTemplateUpdateSchema = SowFieldsSchema.extend({
  sowId: z.number().int().positive(),
}).superRefine(requireDetails);

export const SowTemplateSchema = z.object({
  sowId: z.number().int(),
  name: z.string(),
  productModel: z.string(),
  firmwareVersion: z.string(),
  applications: z.array(z.object({ name: z.string(), version: z.string() })),
  registeredOnPlatform: z.boolean(),
  platformId: z.string().nullable(),
  simInserted: z.boolean(),
  simSupply: z.enum(SOW_SIM_SUPPLIES),
  thirdPartyAntenna: z.boolean(),
  antennaDetails: z.string().nullable(),
  customProductLabel: z.boolean(),
  productLabelContent: z.string().nullable(),
  customBoxLabel: z.boolean(),
  boxLabelContent: z.string().nullable(),
  routerTestProcess: z.string(),
  otherInstructions: z.string(),
  configFile: z.object({ fileId: z.number().int(), name: z.string(), size: z.number().int() }).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type SowTemplate = z.infer<typeof SowTemplateSchema>;

export const listSowTemplatesCall = defineCall({
  id: 'installerConsole.listSowTemplates',
  method: 'POST',
  path: '/ic/sow/list',
  input: PageQuerySchema.extend({ keyword: z.string().trim().max(64).optional() }).strict(),
  output: pageSchema(SowTemplateSchema),
  permission: 'provisioning.view',
  paged: true,
  summary: "The company's SOW templates by name part, last changed first",
});

export const getSowTemplateCall = defineCall({
  id: 'installerConsole.getSowTemplate',
  method: 'GET',
  path: '/ic/sow/get',
  input: z.strictObject({ sowId: z.coerce.number().int().positive() }),
  output: SowTemplateSchema,
  permission: 'provisioning.view',
  summary: 'One SOW template (191002 unknown)',
});

export const addSowTemplateCall = defineCall({
  id: 'installerConsole.addSowTemplate',
  method: 'POST',
  path: '/ic/sow/add',
  input: SowTemplateInputSchema,
  output: SowTemplateSchema,
  permission: 'provisioning.create',
  mutates: true,
  summary:
    'Add a SOW template (191001 name taken, 191003 too many, 191004 file name, 191005 label, 191006 config)',
});

export const updateSowTemplateCall = defineCall({
  id: 'installerConsole.updateSowTemplate',
  method: 'POST',
  path: '/ic/sow/update',
  input: SowTemplateUpdateSchema,
  output: SowTemplateSchema,
  permission: 'provisioning.edit',
  mutates: true,
  summary: 'Replace a SOW template (191002 unknown, and the add rules)',
});

export const deleteSowTemplateCall = defineCall({
  id: 'installerConsole.deleteSowTemplate',
  method: 'POST',
  path: '/ic/sow/delete',
  input: z.strictObject({ sowId: z.number().int().positive() }),
  output: z.null(),
  permission: 'provisioning.remove',
  mutates: true,
  summary: 'Remove a SOW template (191002 unknown)',
});

export const SOW_CALLS = [
  listSowTemplatesCall,
  getSowTemplateCall,
  addSowTemplateCall,
  updateSowTemplateCall,
  deleteSowTemplateCall,
] as const;
