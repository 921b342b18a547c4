import { z } from 'zod';
import { LICENCE_LEVELS } from '../enums/licences.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import {
  DeviceDescriptionSchema,
  DeviceImeiSchema,
  DeviceNameSchema,
  DeviceSerialNumberSchema,
  MacAddressSchema,
} from '../rules/devices.ts';
import { registerRuleMessages } from '../rules/messages.ts';
import { numberFilter } from '../rules/numbers.ts';
import { defineCall } from './define.ts';
import { BULK_MAX_DEVICES, BulkResultSchema } from './devices.bulk.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

export {
  BULK_MAX_DEVICES,
  type BulkResult,
  BulkResultSchema,
  type DeviceResult,
  DeviceResultSchema,
} from './devices.bulk.ts';

registerRuleMessages({
  importFileType: { en: 'Only .xlsx and .csv files can be imported', cn: '仅支持导入.xlsx和.csv文件' },
});

/**
 * The all-devices list and the registry calls of the device console (issue 6; core §2 devices/allDevices,
 * devices/import, §3 device and import row, §7 obtaindNotExistDevices and checkGatewayExist).
 */

/** Rows in one import file; more is 120024. */
export const IMPORT_MAX_ROWS = 1000;
/** Sort keys of the device list. */
export const DEVICE_SORT_FIELDS = [
  'sn',
  'name',
  'model',
  'series',
  'firmwareVersion',
  'lastSeenAt',
  'online',
] as const;
/**
 * A filtered device list counts matching devices up to this many and then says "more" (50 pages of 20;
 * past that a user narrows the filter rather than pages): an exact COUNT over a 100,000-device company
 * costs far more than the page itself (bench/device-list.ts). The unfiltered total is always exact
 * (kept by the database).
 */
export const DEVICE_LIST_COUNT_CAP = 1_000;
/** `groupId` value of the devices without a group (shown as Ungrouped, core §3). */
export const UNGROUPED = 0;

/** One device as the console shows it (core §3 Device). Times are Unix ms. */
export const DeviceRowSchema = z.object({
  sn: z.string(),
  name: z.string(),
  description: z.string(),
  model: z.string(),
  series: z.string(),
  modelType: z.enum(['DIRECT', 'INDIRECT']),
  firmwareVersion: z.string().nullable(),
  appVersion: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  tags: z.array(z.string()),
  licenceLevel: z.enum(LICENCE_LEVELS),
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  iccid: z.string().nullable(),
  imsi: z.string().nullable(),
  ssid: z.string().nullable(),
  ip: z.string().nullable(),
  routerId: z.string().nullable(),
  networkEnv: z.string().nullable(),
  connectionType: z.string().nullable(),
  activeLink: z.string().nullable(),
  simCount: z.number().int(),
  online: z.boolean(),
  /** The device has claimed its secret (core §4 registered / unregistered). */
  registered: z.boolean(),
  lastSeenAt: z.number().int().nullable(),
  /** Its running configuration was changed on the device itself and nobody kept or undid it yet (issue 15). */
  configDrifted: z.boolean(),
  createdAt: z.number().int(),
});
export type DeviceRow = z.infer<typeof DeviceRowSchema>;

const text = (max: number) => z.string().trim().max(max);

export const DeviceListQuerySchema = PageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  /** Part of the SN, name, MAC, IMEI or IP, any case. */
  search: text(64).optional(),
  online: z.enum(['online', 'offline']).optional(),
  model: text(64).optional(),
  series: text(32).optional(),
  /** A group id, or UNGROUPED (0) for the devices without a group. */
  groupId: numberFilter(z.number().int().nonnegative()),
  tagId: numberFilter(z.number().int().positive()),
  firmwareVersion: text(32).optional(),
  appVersion: text(32).optional(),
  licenceLevel: z.enum(LICENCE_LEVELS).optional(),
  activeLink: text(32).optional(),
  sortField: z.enum(DEVICE_SORT_FIELDS).default('lastSeenAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
}).strict();
export type DeviceListQuery = z.output<typeof DeviceListQuerySchema>;

export const listDevicesCall = defineCall({
  id: 'devices.list',
  method: 'POST',
  path: '/link/device/getDeviceList',
  input: DeviceListQuerySchema,
  output: pageSchema(DeviceRowSchema).extend({
    /** True when more than DEVICE_LIST_COUNT_CAP devices match: `total` is then the cap ("10000+"). */
    totalCapped: z.boolean(),
  }),
  permission: 'devices.view',
  paged: true,
  summary:
    'The company devices, paged, filtered, searched (SN, name, MAC, IMEI, IP) and sorted on the server',
});

export const getDeviceCall = defineCall({
  id: 'devices.get',
  method: 'POST',
  path: '/link/device/getDeviceBySn',
  input: z.strictObject({ sn: z.string().trim().min(1).max(64) }),
  output: DeviceRowSchema,
  permission: 'devices.view',
  summary: 'One device with every field of core §3',
});

/** A device added by hand: SN of letters and digits, MAC or IMEI to prove the claim. */
export const AddDeviceSchema = z
  .strictObject({
    sn: DeviceSerialNumberSchema.pipe(z.string().max(32)),
    name: DeviceNameSchema.optional(),
    model: text(64).optional(),
    // The same MAC or IMEI format as an import row (core §5): a typo would never match the device's claim.
    mac: MacAddressSchema.optional(),
    imei: DeviceImeiSchema.optional(),
    description: DeviceDescriptionSchema.optional(),
    groupId: z.number().int().positive().optional(),
    tags: z.array(z.string()).max(50).optional(),
  })
  .refine((d) => Boolean(d.mac || d.imei), { error: 'required', path: ['mac'] });

export const addDeviceCall = defineCall({
  id: 'devices.add',
  method: 'POST',
  path: '/link/device/addDevice',
  input: AddDeviceSchema,
  output: DeviceRowSchema,
  permission: 'devices.create',
  mutates: true,
  summary: 'Register one device by SN with its MAC or IMEI; it claims its secret when it first connects',
});

export const updateDeviceCall = defineCall({
  id: 'devices.update',
  method: 'POST',
  path: '/link/device/updateDevice',
  input: z.strictObject({
    sn: z.string().trim().min(1).max(64),
    name: DeviceNameSchema.optional(),
    description: DeviceDescriptionSchema.optional(),
  }),
  output: DeviceRowSchema,
  permission: 'devices.edit',
  mutates: true,
  // The licence level is not edited here: it comes from assigning a licence (licences.assignDevices).
  summary: 'Rename a device or change its description',
});

const snList = (max: number) => z.array(z.string().trim().min(1).max(64)).min(1).max(max);

export const deleteDevicesCall = defineCall({
  id: 'devices.delete',
  method: 'POST',
  path: '/link/device/deleteDevices',
  input: z.strictObject({ sns: snList(BULK_MAX_DEVICES) }),
  output: BulkResultSchema,
  permission: 'devices.remove',
  mutates: true,
  summary: 'Delete devices (and their import rows); the result says what happened to each',
});

export const transferDevicesCall = defineCall({
  id: 'devices.transfer',
  method: 'POST',
  path: '/link/device/transferDevices',
  // The service checks the limit of 100 so the caller gets 17000 with the number, not a parameter error.
  input: z.strictObject({ sns: snList(BULK_MAX_DEVICES), companyId: z.number().int().positive() }),
  output: BulkResultSchema,
  permission: 'devices.edit',
  mutates: true,
  summary: 'Move devices to another company the caller also belongs to (at most 100, code 17000)',
});

export const obtainNotExistDevicesCall = defineCall({
  id: 'devices.obtainNotExist',
  method: 'POST',
  path: '/link/device/obtaindNotExistDevices',
  input: z.strictObject({ sns: snList(BULK_MAX_DEVICES) }),
  output: z.array(z.string()),
  permission: 'devices.view',
  summary: 'The serial numbers that are not devices of the company: 120107 for one, 120108 for several',
});

export const checkGatewayExistCall = defineCall({
  id: 'devices.checkGatewayExist',
  method: 'POST',
  path: '/gm/device/checkGatewayExist',
  input: z.strictObject({ sn: z.string().trim().min(1).max(64) }),
  output: z.object({ sn: z.string(), online: z.boolean() }),
  permission: 'devices.view',
  summary: 'Whether a gateway is a device of the company (120001 "the gateway does not exist")',
});

// ---- import ------------------------------------------------------------------------------------------

/** Columns of an import file, in order (the template's header row). Tags are separated by `;`. */
export const DEVICE_IMPORT_COLUMNS = ['SN', 'Name', 'Model', 'MAC or IMEI', 'Tags'] as const;

export const ImportRowResultSchema = z.object({
  /** Row number in the file, the header being row 1. */
  row: z.number().int(),
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  mac: z.string().nullable(),
  imei: z.string().nullable(),
  tags: z.array(z.string()),
  /** Empty when the row can be imported; otherwise one message per problem, in the caller's language. */
  errors: z.array(z.string()),
  /** Notes that do not stop the row (an unknown model name), in the caller's language. */
  warnings: z.array(z.string()),
});
export type ImportRowResult = z.infer<typeof ImportRowResultSchema>;

export const importDevicesCall = defineCall({
  id: 'devices.import',
  method: 'POST',
  path: '/link/device/importDevices',
  input: z.strictObject({
    fileName: z
      .string()
      .trim()
      .regex(/\.(xlsx|csv)$/i, { error: 'importFileType' })
      .max(255),
    /** The file, base64. */
    content: z.string().min(1).max(1_400_000),
    /**
     * false: check and answer row by row, save nothing (the preview); true: save the valid rows and
     * answer the rejected ones with their row numbers and problems (nothing of theirs is saved).
     */
    commit: z.boolean().default(false),
  }),
  output: z.object({
    rows: z.array(ImportRowResultSchema),
    valid: z.number().int(),
    invalid: z.number().int(),
    /** Devices saved by this call: the valid rows on a commit, 0 on a preview. */
    imported: z.number().int(),
  }),
  permission: 'devices.create',
  mutates: true,
  summary:
    'Import devices from .xlsx or .csv: a preview with row-by-row errors, then the commit of the valid rows',
});

export const importTemplateCall = defineCall({
  id: 'devices.importTemplate',
  method: 'GET',
  path: '/link/device/getImportTemplate',
  input: z.strictObject({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
  output: z.object({ fileName: z.string(), mimeType: z.string(), content: z.string() }),
  permission: 'devices.create',
  summary: 'The import template file (base64) with its header row and one example row',
});

/** The device list's filter without paging: what an export covers, in the list's order. */
export const DeviceExportFilterSchema = DeviceListQuerySchema.omit({ pageNum: true, pageSize: true });
export type DeviceExportFilter = z.output<typeof DeviceExportFilterSchema>;

/** Columns a device export can hold, in the console's order; headers as the list shows them. */
export const DEVICE_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'sn', header: { en: 'SN', cn: '序列号' } },
  { field: 'name', header: { en: 'Name', cn: '名称' } },
  { field: 'online', header: { en: 'Status', cn: '状态' } },
  { field: 'model', header: { en: 'Model', cn: '型号' } },
  { field: 'series', header: { en: 'Series', cn: '系列' } },
  { field: 'groupName', header: { en: 'Group', cn: '分组' } },
  { field: 'tags', header: { en: 'Tags', cn: '标签' } },
  { field: 'firmwareVersion', header: { en: 'Firmware version', cn: '固件版本' } },
  { field: 'appVersion', header: { en: 'App version', cn: '应用版本' } },
  { field: 'licenceLevel', header: { en: 'Licence level', cn: '许可等级' } },
  { field: 'ip', header: { en: 'IP address', cn: 'IP地址' } },
  { field: 'activeLink', header: { en: 'Active link', cn: '当前链路' } },
  { field: 'mac', header: { en: 'MAC', cn: 'MAC' } },
  { field: 'imei', header: { en: 'IMEI', cn: 'IMEI' } },
  { field: 'iccid', header: { en: 'ICCID', cn: 'ICCID' } },
  { field: 'lastSeenAt', header: { en: 'Last seen', cn: '最后在线' } },
  { field: 'createdAt', header: { en: 'Added', cn: '添加时间' } },
];

export const exportDevicesCall = defineCall({
  id: 'devices.export',
  method: 'POST',
  path: exportPathOf(listDevicesCall.path),
  input: exportRequestSchema(DeviceExportFilterSchema, DEVICE_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'devices.export',
  mutates: true,
  summary: 'Exports the filtered device list to .xlsx in the background (at most 10000 devices)',
});

export const DEVICE_CALLS = [
  listDevicesCall,
  exportDevicesCall,
  getDeviceCall,
  addDeviceCall,
  updateDeviceCall,
  deleteDevicesCall,
  transferDevicesCall,
  obtainNotExistDevicesCall,
  checkGatewayExistCall,
  importDevicesCall,
  importTemplateCall,
] as const;
