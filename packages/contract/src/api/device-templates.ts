import { z } from 'zod';
import { SeriesIdSchema } from '../device/series.ts';
import { ProvisioningStateSchema } from '../enums/device-templates.ts';
import { DEVICE_MODEL_TYPES } from '../enums/devices.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { isTemplateName } from '../rules/templates.ts';
import { defineCall } from './define.ts';

/**
 * Zero-touch templates (issue 14; core §2 devices/deviceTemplate and operation/deviceTemplate, §3
 * "Zero-touch template", §4 enabled/disabled, §5, §8 190604-190610, §9 5.3.0/2.3.0). A template names
 * firmware and apps of the app centre and a configuration XML (uploaded first as a `configXml` file);
 * when a router of its series and model claims for the first time, the template runs on it as a
 * provisioning: firmware (only if older) → apps → the configuration as a change-set with auto-revert,
 * each step ending on evidence (docs/decisions.md "Zero-touch templates").
 */

const TemplateId = z.number().int().positive();

/** A name as typed: letters, digits and underscores; the service answers 190610 past 50 characters. */
const RawTemplateName = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(isTemplateName, { error: 'templateNameChars' });

/** A version of the app centre the template installs, as the caller sees it. */
export const TemplatePackageSchema = z.object({
  versionId: z.number().int(),
  name: z.string(),
  version: z.string(),
  packageName: z.string(),
});
export type TemplatePackage = z.infer<typeof TemplatePackageSchema>;

export const DeviceTemplateSchema = z.object({
  templateId: z.number().int(),
  name: z.string(),
  series: z.string(),
  /** How the devices reach the platform (core §3 model type); routers that claim are DIRECT. */
  type: z.enum(DEVICE_MODEL_TYPES),
  /** The models it applies to; empty: every model of the series. */
  models: z.array(z.string()),
  firmware: TemplatePackageSchema.nullable(),
  /** Installed in this order. */
  apps: z.array(TemplatePackageSchema),
  /** The configuration file's name and size; its sections become one change-set. */
  configuration: z.object({ fileName: z.string(), size: z.number().int() }).nullable(),
  enabled: z.boolean(),
  /** Routers provisioning with it now: while any is, it cannot be edited or deleted (190604). */
  applying: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DeviceTemplate = z.infer<typeof DeviceTemplateSchema>;

const TemplateBodyShape = {
  name: RawTemplateName,
  series: SeriesIdSchema,
  type: z.enum(DEVICE_MODEL_TYPES).default('DIRECT'),
  models: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  /** A firmware version of the app centre for the series (published to the company, or its own). */
  firmwareVersionId: z.number().int().positive().nullable().default(null),
  /** App versions, installed in this order; at most one version per app. */
  appVersionIds: z.array(z.number().int().positive()).max(20).default([]),
  /** A `configXml` upload (XML, at most 1024 KB, 190608); its text is kept with the template. */
  configFileId: z.number().int().positive().nullable().default(null),
  enabled: z.boolean().default(true),
};

export const TemplateFilterSchema = PageQuerySchema.extend({
  /** Part of the name. */
  name: z.string().trim().max(64).optional(),
  series: SeriesIdSchema.optional(),
  enabled: z.boolean().optional(),
}).strict();

export const getTemplatesCall = defineCall({
  id: 'deviceTemplates.list',
  method: 'POST',
  path: '/link/deviceTemplate/getTemplates',
  input: TemplateFilterSchema,
  output: pageSchema(DeviceTemplateSchema),
  permission: 'templates.view',
  paged: true,
  summary: "The company's zero-touch templates, newest first",
});

export const createTemplateCall = defineCall({
  id: 'deviceTemplates.create',
  method: 'POST',
  path: '/link/deviceTemplate/addTemplate',
  input: z.strictObject(TemplateBodyShape),
  output: DeviceTemplateSchema,
  permission: 'templates.create',
  mutates: true,
  summary:
    'Add a template: 190610 name over 50, 190607 name taken, 190606 nothing to apply, 190608 not XML or over 1024 KB',
});

export const updateTemplateCall = defineCall({
  id: 'deviceTemplates.update',
  method: 'POST',
  path: '/link/deviceTemplate/updateTemplate',
  input: z.strictObject({
    templateId: TemplateId,
    ...TemplateBodyShape,
    /** Absent: the configuration stays as it is; null: the template loses it; an id: a new upload. */
    configFileId: z.number().int().positive().nullable().optional(),
  }),
  output: DeviceTemplateSchema,
  permission: 'templates.edit',
  mutates: true,
  summary:
    'Edit a template (190605 unknown, 190604 while a router is provisioning with it); the same rules as add',
});

export const setTemplateEnabledCall = defineCall({
  id: 'deviceTemplates.setEnabled',
  method: 'POST',
  path: '/link/deviceTemplate/setTemplateEnabled',
  input: z.strictObject({ templateId: TemplateId, enabled: z.boolean() }),
  output: DeviceTemplateSchema,
  permission: 'templates.edit',
  mutates: true,
  summary: 'Enable or disable a template: a disabled one is not applied to routers claiming from now on',
});

export const deleteTemplateCall = defineCall({
  id: 'deviceTemplates.delete',
  method: 'POST',
  path: '/link/deviceTemplate/deleteTemplate',
  input: z.strictObject({ templateId: TemplateId }),
  output: z.null(),
  permission: 'templates.remove',
  mutates: true,
  summary:
    'Delete a template (190604 while a router is provisioning with it); past provisioning keeps its name',
});

/** What a step does: `minimumFirmware` stands alone for a router below the zero-touch version (core §9). */
export const PROVISIONING_STEP_KINDS = ['minimumFirmware', 'firmware', 'app', 'configuration'] as const;
export type ProvisioningStepKind = (typeof PROVISIONING_STEP_KINDS)[number];

/** waiting → running → done | skipped (nothing to do) | failed (with the reason). */
export const PROVISIONING_STEP_STATES = ['waiting', 'running', 'done', 'skipped', 'failed'] as const;
export type ProvisioningStepState = (typeof PROVISIONING_STEP_STATES)[number];

export const ProvisioningStepSchema = z.object({
  kind: z.enum(PROVISIONING_STEP_KINDS),
  /** The version or app name it installs, the configuration file's name, or the version needed. */
  target: z.string(),
  state: z.enum(PROVISIONING_STEP_STATES),
  /** Times it was started (a configuration step waits for the router's first report). */
  attempts: z.number().int(),
  /** Why it stopped or was skipped, in the caller's language (or the router's own words). */
  reason: z.string().nullable(),
  /** The catalogue code of the reason, when it has one. */
  reasonCode: z.number().int().nullable(),
  /** The install command or change-set that carries it. */
  rpcId: z.string().nullable(),
  changeSetId: z.string().nullable(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
});
export type ProvisioningStep = z.infer<typeof ProvisioningStepSchema>;

export const ProvisioningSchema = z.object({
  provisioningId: z.number().int(),
  sn: z.string(),
  deviceName: z.string(),
  model: z.string(),
  /** The template's name when it started (the template may since be renamed or deleted). */
  templateName: z.string(),
  templateId: z.number().int().nullable(),
  state: ProvisioningStateSchema,
  steps: z.array(ProvisioningStepSchema),
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type Provisioning = z.infer<typeof ProvisioningSchema>;

export const getProvisioningCall = defineCall({
  id: 'deviceTemplates.provisioning',
  method: 'POST',
  path: '/link/deviceTemplate/getProvisioning',
  input: PageQuerySchema.extend({
    state: ProvisioningStateSchema.optional(),
    /** Part of the SN. */
    sn: z.string().trim().max(64).optional(),
  }).strict(),
  output: pageSchema(ProvisioningSchema),
  permission: 'templates.view',
  paged: true,
  summary: 'Routers provisioned by a template, running ones first, each with its steps',
});

export const DEVICE_TEMPLATE_CALLS = [
  getTemplatesCall,
  createTemplateCall,
  updateTemplateCall,
  setTemplateEnabledCall,
  deleteTemplateCall,
  getProvisioningCall,
] as const;
