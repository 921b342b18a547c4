import { z } from 'zod';
import { defineCall } from './define.ts';
import { BULK_MAX_DEVICES, BulkResultSchema } from './devices.bulk.ts';

/**
 * Device tags (core §3 device tag, §5: at most 5 per device, names at most 20). Names are checked by the
 * service, not the schema, so the console gets the catalogue's tag codes 200010-200016.
 */

/** A tag name as sent: the service trims it and answers 200010 (empty) or 200012 (too long). */
const RawTagName = z.string().max(200);

export const DeviceTagSchema = z.object({
  tagId: z.number().int(),
  tagName: z.string(),
  deviceCount: z.number().int(),
});
export type DeviceTag = z.infer<typeof DeviceTagSchema>;

export const getTagsCall = defineCall({
  id: 'deviceTags.list',
  method: 'POST',
  path: '/gm/tag/getTags',
  input: z.strictObject({ tagName: z.string().trim().max(64).optional() }),
  output: z.array(DeviceTagSchema),
  permission: 'tags.view',
  summary: "The company's tags with the number of devices carrying each",
});

export const createTagCall = defineCall({
  id: 'deviceTags.create',
  method: 'POST',
  path: '/gm/tag/addTag',
  input: z.strictObject({ tagName: RawTagName }),
  output: DeviceTagSchema,
  permission: 'tags.create',
  mutates: true,
  summary: 'Add a tag (200010 empty, 200011 exists, 200012 longer than 20)',
});

export const renameTagCall = defineCall({
  id: 'deviceTags.rename',
  method: 'POST',
  path: '/gm/tag/updateTag',
  input: z.strictObject({ tagId: z.number().int().positive(), tagName: RawTagName }),
  output: DeviceTagSchema,
  permission: 'tags.edit',
  mutates: true,
  summary: 'Rename a tag (200014 when it does not exist)',
});

export const deleteTagCall = defineCall({
  id: 'deviceTags.delete',
  method: 'POST',
  path: '/gm/tag/deleteTag',
  input: z.strictObject({ tagId: z.number().int().positive() }),
  output: z.null(),
  permission: 'tags.remove',
  mutates: true,
  summary: 'Delete a tag that no device carries (200015 when in use)',
});

export const tagDevicesCall = defineCall({
  id: 'deviceTags.tagDevices',
  method: 'POST',
  path: '/gm/tag/tagDevices',
  input: z.strictObject({
    sns: z.array(z.string().trim().min(1).max(64)).min(1).max(BULK_MAX_DEVICES),
    /** Names to add; tags that do not exist yet are created. */
    add: z.array(RawTagName).max(50).default([]),
    remove: z.array(RawTagName).max(50).default([]),
  }),
  output: BulkResultSchema,
  permission: 'devices.edit',
  mutates: true,
  summary: 'Add and remove tags on devices (at most 100 devices, 200016; at most 5 tags a device, 200013)',
});

export const setDeviceTagsCall = defineCall({
  id: 'deviceTags.setDeviceTags',
  method: 'POST',
  path: '/gm/tag/setDeviceTags',
  input: z.strictObject({ sn: z.string().trim().min(1).max(64), tags: z.array(RawTagName).max(50) }),
  output: z.array(z.string()),
  permission: 'devices.edit',
  mutates: true,
  summary: "Replace one device's tags",
});

export const DEVICE_TAG_CALLS = [
  getTagsCall,
  createTagCall,
  renameTagCall,
  deleteTagCall,
  tagDevicesCall,
  setDeviceTagsCall,
] as const;
