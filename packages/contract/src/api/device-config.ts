import { z } from 'zod';
import { CONFIG_MENU_GROUPS } from '../device/config-menu.ts';
import { ConfigSectionIdSchema } from '../device/config-sections.ts';
import { ConfirmWindowSchema } from '../device/protocol.ts';
import { SeriesIdSchema } from '../device/series.ts';
import { ChangeSetSourceSchema, ChangeSetStateSchema, CONFIG_VALUE_ORIGINS } from '../enums/device-config.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { boundedText } from '../rules/rule.ts';
import { defineCall } from './define.ts';
import { RolloutSettingsSchema, RolloutSummarySchema } from './rollouts.ts';

/**
 * Remote configuration (issue 15): a device's configuration read into the sections of the contract
 * (device/config-sections.ts), and changes applied as change-sets the device must confirm by reaching
 * the cloud again within a window, or it puts its previous configuration back itself
 * (docs/device-protocol.md §7.5). Every change-set ends applied, rejected, reverted or expired.
 */

const Sn = z.string().trim().min(1).max(64);
/** `group/key`, e.g. `interface/lan`. */
const SectionId = ConfigSectionIdSchema;

/** One field that changes: its section, its path inside the section, and the values before and after. */
export const ConfigDifferenceSchema = z.object({
  section: z.string(),
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
});
export type ConfigDifference = z.infer<typeof ConfigDifferenceSchema>;

/** How a change-set goes out: its confirm window, and whether to refuse (120023) rather than queue for an offline device. */
const SendShape = {
  confirmSeconds: ConfirmWindowSchema,
  immediately: z.boolean().default(false),
};

export const ChangeSetSchema = z.object({
  id: z.string(),
  sn: z.string(),
  state: ChangeSetStateSchema,
  /** What changes, field by field, against the configuration the device had reported. */
  differences: z.array(ConfigDifferenceSchema),
  confirmSeconds: z.number().int(),
  /** Why it was rejected, reverted or expired: a catalogue code (120123-120130). */
  reasonCode: z.number().int().nullable(),
  /**
   * The same in the reader's language: the catalogue's words for `reasonCode`, then the device's own
   * words where it gave them ("The device refused the change: Invalid configuration: …").
   */
  reason: z.string().nullable(),
  /** The running configuration's checksum the device reported once it applied the change-set. */
  checksum: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** The applied change-set this one undoes, when it is a rollback. */
  rollbackOf: z.string().nullable(),
  /** A person's change to this device, a group profile's rollout, or a zero-touch template. */
  source: ChangeSetSourceSchema,
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type ChangeSet = z.infer<typeof ChangeSetSchema>;

export const ConfigSectionViewSchema = z.object({
  id: z.string(),
  group: z.enum(CONFIG_MENU_GROUPS.map((g) => g.key) as [string, ...string[]]),
  key: z.string(),
  /** A section the cloud can change; otherwise it is shown as the device sent it, with `reason`. */
  editable: z.boolean(),
  value: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type ConfigSectionView = z.infer<typeof ConfigSectionViewSchema>;

/**
 * One field of the device's target configuration (layering: the running value < its groups' profiles,
 * the nearest group winning < the device's own settings): the target, what the device runs, and
 * where the target comes from. Only fields the cloud sets (origin `device` or `group`) are listed;
 * every other field's target is what the device runs.
 */
export const ConfigTargetFieldSchema = z.object({
  section: z.string(),
  /** Dotted path inside the section, list items by index (`sim.0.apn`), as in the differences. */
  field: z.string(),
  target: z.unknown(),
  actual: z.unknown(),
  origin: z.enum(CONFIG_VALUE_ORIGINS),
  /** The group whose profile sets it (origin `group`). */
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  /** The group profile's value the device's own setting wins over, when there is one. */
  overrides: z.unknown().optional(),
});
export type ConfigTargetField = z.infer<typeof ConfigTargetFieldSchema>;

export const getConfigSectionsCall = defineCall({
  id: 'deviceConfig.sections',
  method: 'POST',
  path: '/link/deviceConfig/getSections',
  input: z.strictObject({ sn: Sn }),
  output: z.object({
    sn: z.string(),
    /** When the device last changed its configuration, as it reported; null before its first report. */
    lastUpdatedTime: z.number().int().nullable(),
    sections: z.array(ConfigSectionViewSchema),
    /** The change-set in flight, if any: one at a time per device. */
    pending: ChangeSetSchema.nullable(),
    /**
     * The configuration was changed on the device itself (its own web interface) since the cloud last
     * knew it: when it was noticed and what differs. Adopt it or put the cloud's back before changing more.
     */
    drift: z
      .object({ detectedAt: z.number().int(), differences: z.array(ConfigDifferenceSchema) })
      .nullable(),
    /** The fields the cloud sets, each with its target, the device's value and where the target comes from. */
    target: z.array(ConfigTargetFieldSchema),
  }),
  permission: 'devices.view',
  summary: "A device's configuration by section, as its last report holds it, with the change-set in flight",
});

export const applyConfigCall = defineCall({
  id: 'deviceConfig.apply',
  method: 'POST',
  path: '/link/deviceConfig/apply',
  input: z.strictObject({
    sn: Sn,
    /** The new value of each section that changes, keyed `group/key`; each is checked by its section's schema. */
    sections: z.record(SectionId, z.unknown()).refine((sections) => Object.keys(sections).length > 0, {
      message: 'at least one section',
    }),
    ...SendShape,
  }),
  output: ChangeSetSchema,
  permission: 'devices.apply',
  mutates: true,
  summary:
    'Apply a change-set: 120095 on Basic, 190611 while updating, 120118 while another runs, 120023 offline with immediately',
});

export const getChangeSetsCall = defineCall({
  id: 'deviceConfig.changeSets',
  method: 'POST',
  path: '/link/deviceConfig/getChangeSets',
  input: PageQuerySchema.extend({ sn: Sn }).strict(),
  output: pageSchema(ChangeSetSchema),
  permission: 'devices.view',
  paged: true,
  summary: "A device's change-sets, newest first: who, when, what changed and how it ended",
});

export const rollbackConfigCall = defineCall({
  id: 'deviceConfig.rollback',
  method: 'POST',
  path: '/link/deviceConfig/rollback',
  input: z.strictObject({
    sn: Sn,
    /** An applied change-set of the device: its fields go back to the values they had before it. */
    changeSetId: z.string().trim().min(1).max(64),
    ...SendShape,
  }),
  output: ChangeSetSchema,
  permission: 'devices.apply',
  mutates: true,
  summary:
    'Undo an applied change-set as a new change-set (120120 when it is not applied); the same rules as apply',
});

export const clearConfigSettingCall = defineCall({
  id: 'deviceConfig.clearSetting',
  method: 'POST',
  path: '/link/deviceConfig/clearSetting',
  input: z.strictObject({
    sn: Sn,
    /** A field the device's own change-sets set (a target field with origin `device`). */
    section: SectionId,
    field: z.string().trim().min(1).max(200),
    ...SendShape,
  }),
  output: ChangeSetSchema,
  permission: 'devices.apply',
  mutates: true,
  summary:
    "Clear a device's own setting so its group profile's value applies again, as a change-set (source `cleared`); " +
    'code 1 on `field` when the device has no own setting there or no profile sets it',
});

export const adoptConfigDriftCall = defineCall({
  id: 'deviceConfig.adoptDrift',
  method: 'POST',
  path: '/link/deviceConfig/adoptDrift',
  input: z.strictObject({ sn: Sn }),
  output: z.null(),
  permission: 'devices.apply',
  mutates: true,
  summary: 'Keep the configuration as it was changed on the device: it becomes what the cloud knows',
});

export const restoreConfigDriftCall = defineCall({
  id: 'deviceConfig.restoreDrift',
  method: 'POST',
  path: '/link/deviceConfig/restoreDrift',
  input: z.strictObject({
    sn: Sn,
    ...SendShape,
  }),
  output: ChangeSetSchema,
  permission: 'devices.apply',
  mutates: true,
  summary: "Put the cloud's values back over what was changed on the device, as a change-set",
});

/**
 * Group profiles (issue 15): per group and series, the sections a profile sets on the group's routers
 * (and its sub-groups'). Applying one runs as a rollout of change-sets (api/rollouts.ts): batches,
 * thresholds, pause, resume, cancel and retry as for firmware.
 */
export const GroupProfileSchema = z.object({
  groupId: z.number().int(),
  series: z.string(),
  /** Section values by `group/key`, each as the section's schema reads it. */
  sections: z.record(z.string(), z.unknown()),
  updatedBy: z.string().nullable(),
  updatedAt: z.number().int().nullable(),
});
export type GroupProfile = z.infer<typeof GroupProfileSchema>;

const ProfileKey = { groupId: z.number().int().positive(), series: SeriesIdSchema };

export const getGroupProfileCall = defineCall({
  id: 'deviceConfig.getProfile',
  method: 'POST',
  path: '/link/deviceConfig/getGroupProfile',
  input: z.strictObject(ProfileKey),
  output: GroupProfileSchema,
  permission: 'devices.view',
  summary:
    "A group's configuration profile for one series (empty sections when none was saved); 120001 group unknown",
});

export const saveGroupProfileCall = defineCall({
  id: 'deviceConfig.saveProfile',
  method: 'POST',
  path: '/link/deviceConfig/saveGroupProfile',
  input: z.strictObject({
    ...ProfileKey,
    /** Each a section the contract knows, with a value its schema accepts (code 1 names the field). */
    sections: z.record(SectionId, z.unknown()),
  }),
  output: GroupProfileSchema,
  permission: 'devices.apply',
  mutates: true,
  summary: "Save a group's configuration profile for one series: the sections it sets on the group's routers",
});

export const applyGroupProfileCall = defineCall({
  id: 'deviceConfig.applyProfile',
  method: 'POST',
  path: '/link/deviceConfig/applyGroupProfile',
  input: RolloutSettingsSchema.extend({
    ...ProfileKey,
    name: boundedText(2, 50),
    confirmSeconds: ConfirmWindowSchema,
  }).strict(),
  output: RolloutSummarySchema,
  permission: 'devices.apply',
  mutates: true,
  summary:
    "Apply a group's profile to its routers of the series as a rollout of change-sets; 190651 no such router, " +
    '190657 no profile saved',
});

export const DEVICE_CONFIG_CALLS = [
  adoptConfigDriftCall,
  restoreConfigDriftCall,
  getConfigSectionsCall,
  applyConfigCall,
  getChangeSetsCall,
  rollbackConfigCall,
  clearConfigSettingCall,
  getGroupProfileCall,
  saveGroupProfileCall,
  applyGroupProfileCall,
] as const;
