import { z } from 'zod';
import { ConfigSectionIdSchema } from '../device/config-sections.ts';
import { ConfirmWindowSchema } from '../device/protocol.ts';
import { RolloutDeviceStateSchema, RolloutStateSchema } from '../enums/rollouts.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import {
  BatchPlanSchema,
  DeviceDeadlineMinutesSchema,
  FailureLimitSchema,
  HealthMinutesSchema,
  MaintenanceWindowSchema,
  ROLLOUT_DEVICES_MAX,
  ROLLOUT_STAGE_APPS_MAX,
  SuccessPercentSchema,
} from '../rules/rollouts.ts';
import { boundedText } from '../rules/rule.ts';
import { defineCall } from './define.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

/**
 * Rollouts (issue 14): one firmware or app version of the app centre sent to many devices in
 * batches. Each device's install is the per-device install (`/link/device/installPackage`, with its
 * refusals and its evidence); a rollout adds the batches, the daily maintenance window, a deadline per
 * device, link health after the update, and thresholds that stop it by itself when a batch goes wrong.
 * Pause, resume, cancel (devices not started are released; running ones finish) and retry the failed
 * devices only. docs/decisions.md "Rollouts".
 */

const Id = z.number().int().positive();
const Sn = z.string().trim().min(1).max(64);

/** Which devices: a query kept as it was given (members that join later do not join a started rollout). */
export const RolloutTargetSchema = z.discriminatedUnion('mode', [
  /** Devices of these groups and their sub-groups. */
  z.strictObject({ mode: z.literal('groups'), groupIds: z.array(Id).min(1).max(100) }),
  /** Devices carrying any of these tags. */
  z.strictObject({ mode: z.literal('tags'), tagIds: z.array(Id).min(1).max(100) }),
  /** Every device of the company the package fits, narrowed by model and current version. */
  z.strictObject({
    mode: z.literal('filter'),
    models: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
    /** Only devices now on this version (of the package's kind: firmware, or the app's). */
    currentVersion: z.string().trim().max(32).default(''),
  }),
  z.strictObject({ mode: z.literal('devices'), sns: z.array(Sn).min(1).max(ROLLOUT_DEVICES_MAX) }),
]);
export type RolloutTarget = z.infer<typeof RolloutTargetSchema>;

export const RolloutSettingsSchema = z.strictObject({
  plan: BatchPlanSchema,
  /** A batch is good when at least this % of it succeeded. */
  successPercent: SuccessPercentSchema,
  /** Failures and timeouts in one batch past this stop the rollout. */
  failureLimit: FailureLimitSchema,
  /** What stopping means: `pause` (resume when ready) or `halt` (resume or cancel, deliberately). */
  onFailure: z.enum(['pause', 'halt']),
  /** Batches start only inside this daily window; null: any time. */
  window: MaintenanceWindowSchema.nullable(),
  /** No device stays pending, updating or rebooting past this: it ends `timeout`. */
  deviceDeadlineMinutes: DeviceDeadlineMinutesSchema,
  /** After its update the device must be online with a fresh signal report within this; 0: not checked. */
  healthMinutes: HealthMinutesSchema,
});
export type RolloutSettings = z.infer<typeof RolloutSettingsSchema>;

export const CreateRolloutInputSchema = RolloutSettingsSchema.extend({
  name: boundedText(2, 50),
  /** An app centre version the company sees. */
  versionId: Id,
  target: RolloutTargetSchema,
  /**
   * A staged change: apps each device installs after the version, in this order (app versions the
   * company sees, for the version's series), each sent when the one before succeeded.
   */
  thenAppVersionIds: z.array(Id).max(ROLLOUT_STAGE_APPS_MAX).default([]),
  /** Then, last, a configuration change-set each router confirms by reaching the cloud, or reverts. */
  thenConfiguration: z
    .strictObject({
      sections: z
        .record(ConfigSectionIdSchema, z.unknown())
        .refine((sections) => Object.keys(sections).length > 0, { message: 'at least one section' }),
      confirmSeconds: ConfirmWindowSchema,
    })
    .nullable()
    .default(null),
}).strict();
export type CreateRolloutInput = z.infer<typeof CreateRolloutInputSchema>;

export const RolloutCountsSchema = z.object({
  total: z.number().int(),
  waiting: z.number().int(),
  running: z.number().int(),
  success: z.number().int(),
  failure: z.number().int(),
  timeout: z.number().int(),
  released: z.number().int(),
});
export type RolloutCounts = z.infer<typeof RolloutCountsSchema>;

export const RolloutSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: RolloutStateSchema,
  /** `config`: a group's configuration profile (issue 15), sent as change-sets. */
  kind: z.enum(['firmware', 'app', 'config']),
  /** The package's name and version; empty for a configuration. */
  packageName: z.string(),
  version: z.string(),
  versionId: z.number().int().nullable(),
  /** Why it paused or halted by itself (the batch and its figures), in the reader's language; null otherwise. */
  stopReason: z.string().nullable(),
  /** What each device gets, in order: the version (or configuration), then a staged change's apps and configuration. */
  steps: z.array(
    z.object({
      kind: z.enum(['firmware', 'app', 'config']),
      /** Empty for a configuration. */
      packageName: z.string(),
      version: z.string(),
    }),
  ),
  counts: RolloutCountsSchema,
  /** Batches started so far, and how many the plan has in all. */
  batchesStarted: z.number().int(),
  batchesPlanned: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type RolloutSummary = z.infer<typeof RolloutSummarySchema>;

export const RolloutBatchSchema = z.object({
  /** 1 for the first batch. */
  batch: z.number().int(),
  size: z.number().int(),
  counts: RolloutCountsSchema,
  /** Null while it runs; otherwise whether it reached the success threshold within the failure limit. */
  good: z.boolean().nullable(),
  startedAt: z.number().int(),
});
export type RolloutBatch = z.infer<typeof RolloutBatchSchema>;

export const RolloutDetailSchema = RolloutSummarySchema.extend({
  target: RolloutTargetSchema,
  settings: RolloutSettingsSchema,
  batches: z.array(RolloutBatchSchema),
  /** Waiting devices outside the window now (their window opens later). */
  waitingForWindow: z.number().int(),
});
export type RolloutDetail = z.infer<typeof RolloutDetailSchema>;

export const RolloutDeviceSchema = z.object({
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  /** The batch it went in (1 first); null while waiting. */
  batch: z.number().int().nullable(),
  /** The rollout's step it is at (1 first, of `steps`); its state is that step's. */
  step: z.number().int(),
  state: RolloutDeviceStateSchema,
  /** Download or install progress, 0-100, while updating. */
  percent: z.number().nullable(),
  /** Versions before and now (firmware, or the app's). */
  fromVersion: z.string().nullable(),
  currentVersion: z.string().nullable(),
  /** The catalogue or update error code of a failure; null otherwise. */
  reasonCode: z.number().int().nullable(),
  /** Why it failed or timed out, in the reader's language (and the device's words where it gave them). */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** The install command of its last attempt (its history in the device's firmware or apps tab). */
  rpcId: z.string().nullable(),
  updatedAt: z.number().int(),
});
export type RolloutDevice = z.infer<typeof RolloutDeviceSchema>;

const RolloutId = z.strictObject({ id: Id });

export const createRolloutCall = defineCall({
  id: 'rollouts.create',
  method: 'POST',
  path: '/link/rollout/create',
  input: CreateRolloutInputSchema,
  output: RolloutSummarySchema,
  permission: 'firmware.apply',
  mutates: true,
  summary:
    'Roll a firmware or app version out to a group, tags, a filter or a list of devices, in batches; ' +
    '160030 unknown version, 190651 no device it fits, 190652 over 10,000 devices',
});

export const previewRolloutCall = defineCall({
  id: 'rollouts.preview',
  method: 'POST',
  path: '/link/rollout/preview',
  input: z.strictObject({ versionId: Id, target: RolloutTargetSchema, plan: BatchPlanSchema }),
  output: z.object({
    /** Devices the target names. */
    targeted: z.number().int(),
    /** Of those, the ones the package fits (series and model): the rollout's devices. */
    fitting: z.number().int(),
    /** Already on the version: counted, left out. */
    alreadyOnVersion: z.number().int(),
    batchSizes: z.array(z.number().int()),
  }),
  permission: 'firmware.view',
  summary: 'What a rollout would take before it is saved: the devices it fits and its batches',
});

export const listRolloutsCall = defineCall({
  id: 'rollouts.list',
  method: 'POST',
  path: '/link/rollout/list',
  input: PageQuerySchema.extend({
    /** Part of the name, the package name or the version. */
    search: z.string().trim().max(64).default(''),
    states: z.array(RolloutStateSchema).max(5).default([]),
  }).strict(),
  output: pageSchema(RolloutSummarySchema),
  permission: 'firmware.view',
  paged: true,
  summary: "The company's rollouts, newest first, with their progress",
});

export const getRolloutCall = defineCall({
  id: 'rollouts.get',
  method: 'POST',
  path: '/link/rollout/get',
  input: RolloutId,
  output: RolloutDetailSchema,
  permission: 'firmware.view',
  summary: 'A rollout with its settings and its batches; 190650 not found',
});

const RolloutDeviceFilterFields = {
  id: Id,
  search: z.string().trim().max(64).default(''),
  states: z.array(RolloutDeviceStateSchema).max(9).default([]),
  batch: z.number().int().min(1).max(ROLLOUT_DEVICES_MAX).optional(),
};

export const listRolloutDevicesCall = defineCall({
  id: 'rollouts.devices',
  method: 'POST',
  path: '/link/rollout/devices',
  input: PageQuerySchema.extend(RolloutDeviceFilterFields).strict(),
  output: pageSchema(RolloutDeviceSchema),
  permission: 'firmware.view',
  paged: true,
  summary: "A rollout's devices with their state, progress and reason",
});

export const pauseRolloutCall = defineCall({
  id: 'rollouts.pause',
  method: 'POST',
  path: '/link/rollout/pause',
  input: RolloutId,
  output: RolloutSummarySchema,
  permission: 'firmware.apply',
  mutates: true,
  summary: 'Pause a running rollout: no new batch starts; running devices finish; 190653 not running',
});

export const resumeRolloutCall = defineCall({
  id: 'rollouts.resume',
  method: 'POST',
  path: '/link/rollout/resume',
  input: RolloutId,
  output: RolloutSummarySchema,
  permission: 'firmware.apply',
  mutates: true,
  summary: 'Resume a paused or halted rollout with its next batch; 190654 not paused or halted',
});

export const cancelRolloutCall = defineCall({
  id: 'rollouts.cancel',
  method: 'POST',
  path: '/link/rollout/cancel',
  input: RolloutId,
  output: RolloutSummarySchema,
  permission: 'firmware.apply',
  mutates: true,
  summary: 'Cancel a rollout: waiting devices are released, running ones finish; 190655 already ended',
});

export const retryRolloutCall = defineCall({
  id: 'rollouts.retryFailed',
  method: 'POST',
  path: '/link/rollout/retryFailed',
  input: RolloutId,
  output: RolloutSummarySchema,
  permission: 'firmware.apply',
  mutates: true,
  summary: 'Put the failed and timed-out devices back in the queue and run the rollout again; 190656 none',
});

/** A rollout one device was in, as the device's page lists it: the rollout and the device's end in it. */
export const DeviceRolloutSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['firmware', 'app', 'config']),
  packageName: z.string(),
  version: z.string(),
  rolloutState: RolloutStateSchema,
  /** The device's state in it, at the step it is at (1 first, of `steps`). */
  state: RolloutDeviceStateSchema,
  step: z.number().int(),
  steps: z.number().int(),
  batch: z.number().int().nullable(),
  /** Why it failed or timed out, in the reader's language. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.number().int(),
});
export type DeviceRollout = z.infer<typeof DeviceRolloutSchema>;

export const listDeviceRolloutsCall = defineCall({
  id: 'rollouts.ofDevice',
  method: 'POST',
  path: '/link/rollout/deviceRollouts',
  input: PageQuerySchema.extend({ sn: z.string().trim().min(1).max(64) }).strict(),
  output: pageSchema(DeviceRolloutSchema),
  permission: 'firmware.view',
  paged: true,
  summary:
    "The rollouts a device was in, newest first, each with the device's state and reason in it; 120002 for an SN the company does not have",
});

/** A rollout's device list without paging: what an export covers. */
export const RolloutDeviceExportFilterSchema = z.strictObject(RolloutDeviceFilterFields);
export type RolloutDeviceExportFilter = z.output<typeof RolloutDeviceExportFilterSchema>;

/** Columns a rollout's device export can hold, in the page's order. */
export const ROLLOUT_DEVICE_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'sn', header: { en: 'SN', cn: '序列号' } },
  { field: 'name', header: { en: 'Name', cn: '名称' } },
  { field: 'model', header: { en: 'Model', cn: '型号' } },
  { field: 'batch', header: { en: 'Batch', cn: '批次' } },
  { field: 'step', header: { en: 'Step', cn: '步骤' } },
  { field: 'state', header: { en: 'State', cn: '状态' } },
  { field: 'fromVersion', header: { en: 'Version before', cn: '原版本' } },
  { field: 'currentVersion', header: { en: 'Version now', cn: '当前版本' } },
  { field: 'reason', header: { en: 'Reason', cn: '原因' } },
  { field: 'attempts', header: { en: 'Attempts', cn: '尝试次数' } },
  { field: 'updatedAt', header: { en: 'Updated', cn: '更新时间' } },
];

export const exportRolloutDevicesCall = defineCall({
  id: 'rollouts.exportDevices',
  method: 'POST',
  path: exportPathOf(listRolloutDevicesCall.path),
  input: exportRequestSchema(RolloutDeviceExportFilterSchema, ROLLOUT_DEVICE_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'firmware.export',
  mutates: true,
  summary: "A rollout's devices (the list's filter) to .xlsx in the background, in the rollout's order",
});

export const ROLLOUT_CALLS = [
  createRolloutCall,
  previewRolloutCall,
  listRolloutsCall,
  getRolloutCall,
  listRolloutDevicesCall,
  exportRolloutDevicesCall,
  listDeviceRolloutsCall,
  pauseRolloutCall,
  resumeRolloutCall,
  cancelRolloutCall,
  retryRolloutCall,
] as const;
