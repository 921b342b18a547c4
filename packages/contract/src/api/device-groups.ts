import { z } from 'zod';
import { GROUP_QUERY_PAGE_SIZE, PAGE_NUM_MAX } from '../limits.ts';
import { deviceBatchSchema } from '../rules/devices.ts';
import { NameSchema } from '../rules/identity.ts';
import { defineCall } from './define.ts';
import { BulkResultSchema } from './devices.bulk.ts';

/**
 * Device groups (core §2 devices/deviceGroup and deviceGroup/{id}, §3 device group info): a tree under
 * the company's root group; devices without a group show as Ungrouped.
 */

export const DeviceGroupSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  /** The parent group; the root group for top-level groups. */
  parentId: z.number().int(),
  deviceCount: z.number().int(),
  onlineCount: z.number().int(),
});
export type DeviceGroup = z.infer<typeof DeviceGroupSchema>;

export const queryGroupInformationCall = defineCall({
  id: 'deviceGroups.query',
  method: 'POST',
  path: '/link/device/queryGroupInformation',
  input: z.strictObject({
    pageNum: z.coerce.number().int().min(1).max(PAGE_NUM_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(GROUP_QUERY_PAGE_SIZE).default(GROUP_QUERY_PAGE_SIZE),
  }),
  output: z.object({
    deviceRootGroup: z.object({ rootGroupId: z.number().int(), deviceCount: z.number().int() }),
    deviceOtherGroup: z.array(DeviceGroupSchema),
    /** Devices without a group (the Ungrouped entry). */
    ungroupedCount: z.number().int(),
  }),
  permission: 'groups.view',
  summary: "The company's group tree: its root group, every other group with device counts, and Ungrouped",
});

export const getGroupCall = defineCall({
  id: 'deviceGroups.get',
  method: 'POST',
  path: '/link/device/getGroupDetail',
  input: z.strictObject({ groupId: z.number().int().positive() }),
  output: DeviceGroupSchema,
  permission: 'groups.view',
  summary: 'One group for its detail page (devices/deviceGroup/{id}); its devices come from the device list',
});

export const createGroupCall = defineCall({
  id: 'deviceGroups.create',
  method: 'POST',
  path: '/link/device/addGroup',
  input: z.strictObject({ groupName: NameSchema, parentId: z.number().int().positive().optional() }),
  output: DeviceGroupSchema,
  permission: 'groups.create',
  mutates: true,
  summary: 'Add a group under the root group or under another group (names are unique per company, code 8)',
});

export const renameGroupCall = defineCall({
  id: 'deviceGroups.rename',
  method: 'POST',
  path: '/link/device/updateGroup',
  input: z.strictObject({ groupId: z.number().int().positive(), groupName: NameSchema }),
  output: DeviceGroupSchema,
  permission: 'groups.edit',
  mutates: true,
  summary: 'Rename a group',
});

export const deleteGroupCall = defineCall({
  id: 'deviceGroups.delete',
  method: 'POST',
  path: '/link/device/deleteGroup',
  input: z.strictObject({ groupId: z.number().int().positive() }),
  output: z.null(),
  permission: 'groups.remove',
  mutates: true,
  summary: 'Delete a group and its subgroups; their devices become Ungrouped',
});

export const moveDevicesCall = defineCall({
  id: 'deviceGroups.moveDevices',
  method: 'POST',
  path: '/link/device/moveDevicesToGroup',
  input: z.strictObject({
    sns: deviceBatchSchema(z.string().trim().min(1).max(64)),
    /** The target group; UNGROUPED (0) takes the devices out of their group. */
    groupId: z.number().int().nonnegative(),
  }),
  output: BulkResultSchema,
  permission: 'devices.edit',
  mutates: true,
  summary: 'Move devices (at most 100 per operation) into a group or out of every group',
});

export const setGroupAdminCall = defineCall({
  id: 'deviceGroups.setAdmin',
  method: 'POST',
  path: '/link/device/setGroupAdministrator',
  input: z.strictObject({
    groupId: z.number().int().positive(),
    userId: z.number().int().positive(),
    /** true: make the user an administrator of the group; false: no longer one. */
    admin: z.boolean(),
  }),
  /** The group's administrators after the change. */
  output: z.object({ userIds: z.array(z.number().int()) }),
  permission: 'groups.edit',
  mutates: true,
  summary:
    'Make a user of the company an administrator of a group or no longer one; group administrators cannot be altered (14025)',
});

export const DEVICE_GROUP_CALLS = [
  queryGroupInformationCall,
  getGroupCall,
  createGroupCall,
  renameGroupCall,
  deleteGroupCall,
  moveDevicesCall,
  setGroupAdminCall,
] as const;
