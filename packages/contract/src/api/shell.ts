import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';

/** The shell's small calls (core §4, §7): maintenance notice, instructions, notes, OEM display. */

export const MaintenanceSchema = z.object({
  messageEn: z.string(),
  messageCn: z.string(),
  /** Unix ms. */
  startTime: z.number().int(),
  endTime: z.number().int(),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

export const getLatestMaintenanceCall = defineCall({
  id: 'shell.getLatestMaintenance',
  method: 'GET',
  path: '/pl/maintenance/getLatestMaintenance',
  input: z.strictObject({}),
  output: MaintenanceSchema.nullable(),
  permission: 'session',
  summary: 'The maintenance notice in force or announced, unless the company is whitelisted; null if none',
});

export const saveMaintenanceCall = defineCall({
  id: 'shell.saveMaintenance',
  method: 'POST',
  path: '/pl/maintenance/saveMaintenance',
  input: z
    .strictObject({
      messageEn: z.string().trim().min(1).max(500),
      messageCn: z.string().trim().min(1).max(500),
      startTime: InstantMsSchema.min(1),
      endTime: InstantMsSchema.min(1),
      /** Company ids that do not see the notice. */
      whitelist: z.array(z.number().int().positive()).max(1000).default([]),
      /**
       * During the window, every call of a company not whitelisted answers 14053 with the message
       * (sign-out, the user's own details and this notice still answer): the upgrade's lock.
       */
      lock: z.boolean().default(false),
    })
    .refine((v) => v.startTime <= v.endTime, { path: ['endTime'], error: 'invalidValue' }),
  output: z.null(),
  permission: 'superAdmin',
  summary: 'Announce a maintenance window (Super Admin); with lock, 14053 for every other company during it',
  mutates: true,
});

/** A notice as the Super Admin manages it. */
export const MaintenanceNoticeSchema = MaintenanceSchema.extend({
  id: z.number().int(),
  whitelist: z.array(z.number().int()),
  lock: z.boolean(),
});
export type MaintenanceNotice = z.infer<typeof MaintenanceNoticeSchema>;

export const listMaintenanceCall = defineCall({
  id: 'shell.listMaintenance',
  method: 'POST',
  path: '/pl/maintenance/list',
  input: PageQuerySchema.strict(),
  output: pageSchema(MaintenanceNoticeSchema),
  permission: 'superAdmin',
  paged: true,
  summary: 'Every maintenance notice, the latest start first (Super Admin)',
});

export const removeMaintenanceCall = defineCall({
  id: 'shell.removeMaintenance',
  method: 'POST',
  path: '/pl/maintenance/remove',
  input: z.strictObject({ id: z.number().int().positive() }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Remove a maintenance notice (its lock ends with it)',
});

/** '0': the instructions dialog has not been seen yet; '1': it has (the notes dialog shows instead). */
export const InstructionStatusSchema = z.object({ status: z.enum(['0', '1']) });

export const getInstructionStatusCall = defineCall({
  id: 'shell.getInstructionStatus',
  method: 'POST',
  path: '/pl/user/getInstructionStatus',
  input: z.strictObject({}),
  output: InstructionStatusSchema,
  permission: 'session',
  summary: 'Whether the signed-in person has seen the instructions dialog',
});

export const updateInstructionStatusCall = defineCall({
  id: 'shell.updateInstructionStatus',
  method: 'POST',
  path: '/pl/user/updateInstructionStatus',
  input: z.strictObject(InstructionStatusSchema.shape),
  output: z.null(),
  permission: 'session',
  summary: 'Record that the instructions dialog was seen',
  mutates: true,
});

/** Core §3 "Notification note". */
export const ShowNoteSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  bizType: z.string(),
  extend: z.record(z.string(), z.unknown()),
  checked: z.boolean(),
});
export type ShowNote = z.infer<typeof ShowNoteSchema>;

export const getShowNotesCall = defineCall({
  id: 'shell.getShowNotes',
  method: 'POST',
  path: '/pl/notification/getShowNotes',
  input: z.strictObject({}),
  output: z.array(ShowNoteSchema),
  permission: 'session',
  summary: 'Unchecked notes for the signed-in person in the current company',
});

export const checkShowNotesCall = defineCall({
  id: 'shell.checkShowNotes',
  method: 'POST',
  path: '/pl/notification/checkShowNotes',
  input: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  output: z.null(),
  permission: 'session',
  summary: 'Mark notes as read so they stop showing',
  mutates: true,
});

/** Core §3 "OEM settings"; defaults until a company brands its consoles. */
export const OemDisplaySchema = z.object({
  logoResPath: z.string().nullable(),
  rlinkDisplayName: z.string(),
  rvpnDisplayName: z.string(),
  /**
   * The app name the company or its nearest partner set (null: none, and each console keeps its own
   * name); `rlinkDisplayName` falls back to Fleetport's.
   */
  brandAppName: z.string().nullable(),
  /** The VPN console's name the company or its nearest partner set (null: none). */
  brandVpnName: z.string().nullable(),
});

export const getDisplayOemSettingCall = defineCall({
  id: 'shell.getDisplayOemSetting',
  method: 'GET',
  path: '/pl/base/getDisplayOemSetting',
  input: z.strictObject({}),
  output: OemDisplaySchema,
  permission: 'session',
  summary: 'Logo and console names to display',
});

export const SHELL_CALLS = [
  getLatestMaintenanceCall,
  saveMaintenanceCall,
  listMaintenanceCall,
  removeMaintenanceCall,
  getInstructionStatusCall,
  updateInstructionStatusCall,
  getShowNotesCall,
  checkShowNotesCall,
  getDisplayOemSettingCall,
] as const;
