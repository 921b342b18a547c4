import { z } from 'zod';
import { UpdateStateSchema } from '../device/update.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { defineCall } from './define.ts';
import { RemoteActionSchema } from './remote-actions.ts';

/**
 * The software of one device (core §2 device details "apps" and "firmware" tabs; §4 update states):
 * the apps the device says it has, uninstalling one, and the history of its firmware and app updates.
 * Installing a firmware or app version of the app centre: now, at a chosen time, or "update only"
 * (downloaded and flashed, active after the next reboot).
 */

const Sn = z.string().trim().min(1).max(64);

export const DeviceAppSchema = z.object({
  packageName: z.string(),
  name: z.string(),
  version: z.string(),
  state: z.enum(['running', 'stopped']),
  sizeKb: z.number().int().nullable(),
});
export type DeviceApp = z.infer<typeof DeviceAppSchema>;

export const getDeviceAppsCall = defineCall({
  id: 'deviceSoftware.apps',
  method: 'POST',
  path: '/link/device/getDeviceApps',
  input: z.strictObject({ sn: Sn }),
  output: z.object({
    apps: z.array(DeviceAppSchema),
    /** When the device listed them (unix ms). */
    reportedAt: z.number().int(),
    /** False: the device did not answer now (offline or slow) and this is the last list it gave. */
    fresh: z.boolean(),
  }),
  permission: 'devices.view',
  summary:
    'The apps installed on a device, asked of the device (appList); its last list when it does not answer, 120023 when it never did',
});

export const uninstallDeviceAppCall = defineCall({
  id: 'deviceSoftware.uninstallApp',
  method: 'POST',
  path: '/link/device/uninstallDeviceApp',
  input: z.strictObject({ sn: Sn, packageName: z.string().trim().min(1).max(128) }),
  output: RemoteActionSchema,
  permission: 'devices.apply',
  mutates: true,
  summary: 'Uninstall an app from a device (appUninstall); followed like a remote action; 120052 offline',
});

/**
 * When an install runs: at once, at a chosen time (`at`, at least 15 minutes ahead, 120074), or
 * `updateOnly` (the device downloads and flashes now and boots into it at its next reboot; firmware).
 */
export const INSTALL_TIMINGS = ['immediately', 'at', 'updateOnly'] as const;
export type InstallTiming = (typeof INSTALL_TIMINGS)[number];

export const installPackageCall = defineCall({
  id: 'deviceSoftware.install',
  method: 'POST',
  path: '/link/device/installPackage',
  input: z.strictObject({
    sn: Sn,
    /** An app centre version the company sees (its own app, or one published to it). */
    versionId: z.number().int().positive(),
    timing: z.enum(INSTALL_TIMINGS).default('immediately'),
    /** With timing `at`, required: when (unix ms). */
    at: z.number().int().positive().optional(),
  }),
  output: z.object({
    /** The update sent (or queued for the device): null while a timed install waits for its time. */
    action: RemoteActionSchema.nullable(),
    /** A timed install's time (unix ms); null otherwise. */
    scheduledAt: z.number().int().nullable(),
  }),
  permission: 'devices.apply',
  mutates: true,
  summary:
    'Install a firmware or app version of the app centre on a device: now, timed or update-only; ' +
    '120095 Basic licence, 190611 an update running, 120072 within 15 minutes of the last one, 120074 ' +
    'a chosen time under 15 minutes ahead, 120100 across versions without 5.2.2, 160040 not for its model',
});

export const UPDATE_KINDS = ['firmware', 'app'] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

export const DeviceUpdateSchema = z.object({
  rpcId: z.string(),
  /** firmwareInstall, appInstall or appUninstall. */
  method: z.string(),
  state: UpdateStateSchema,
  /** Download/flash progress of the running update, 0-100. */
  percent: z.number().nullable(),
  version: z.string().nullable(),
  packageName: z.string().nullable(),
  name: z.string().nullable(),
  /** An update error code 0-16 (APP_UPDATE_ERRORS), or another RPC error code of the device. */
  errorCode: z.number().int().nullable(),
  /** The device's own words for the failure. */
  errorMessage: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type DeviceUpdate = z.infer<typeof DeviceUpdateSchema>;

export const getDeviceUpdateHistoryCall = defineCall({
  id: 'deviceSoftware.updateHistory',
  method: 'POST',
  path: '/link/device/getDeviceUpdateHistory',
  input: PageQuerySchema.extend({ sn: Sn, kind: z.enum(UPDATE_KINDS) }).strict(),
  output: pageSchema(DeviceUpdateSchema),
  permission: 'devices.view',
  paged: true,
  summary: "A device's firmware or app updates (and uninstalls), newest first, with state and progress",
});

export const DEVICE_SOFTWARE_CALLS = [
  getDeviceAppsCall,
  uninstallDeviceAppCall,
  getDeviceUpdateHistoryCall,
  installPackageCall,
] as const;
