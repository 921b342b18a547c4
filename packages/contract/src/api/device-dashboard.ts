import { z } from 'zod';
import { numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';

/** The device dashboard and the locations map (core §2 dashboard, location; §3 alert summary). */

const Count = z.object({ key: z.string(), count: z.number().int() });

export const dashboardSummaryCall = defineCall({
  id: 'deviceDashboard.summary',
  method: 'POST',
  path: '/link/dashboard/getDeviceSummary',
  input: z.strictObject({}),
  output: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    byModel: z.array(Count),
    bySeries: z.array(Count),
    byFirmware: z.array(Count),
  }),
  permission: 'dashboard.view',
  summary: 'Online, offline and total devices; counts by model, series and firmware version',
});

export const groupUnreadAlertSummaryCall = defineCall({
  id: 'deviceDashboard.unreadAlertSummary',
  method: 'POST',
  path: '/link/device/unreset/getGroupUnreadALertSummary',
  input: z.strictObject({ busType: z.union([z.string().max(32), z.number().int()]).optional() }),
  output: z.object({
    groupALertSummaryList: z.array(
      z.object({
        groupId: z.number().int().nullable(),
        groupName: z.string(),
        critical: z.number().int(),
        major: z.number().int(),
        minor: z.number().int(),
        notice: z.number().int(),
        total: z.number().int(),
      }),
    ),
    total: z.number().int(),
  }),
  permission: 'dashboard.view',
  summary: 'Unread alerts (device events with a severity) per group, with the unread total',
});

const RangeSchema = z.strictObject({
  /** Unix ms; the default range is the last 24 hours. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
  sn: z.string().trim().min(1).max(64).optional(),
});

export const UsagePointSchema = z.object({ at: z.number().int(), rxBytes: z.number(), txBytes: z.number() });
export const SignalPointSchema = z.object({
  at: z.number().int(),
  rssi: z.number().nullable(),
  rsrp: z.number().nullable(),
  rsrq: z.number().nullable(),
  sinr: z.number().nullable(),
});

export const dataUsageSeriesCall = defineCall({
  id: 'deviceDashboard.dataUsage',
  method: 'POST',
  path: '/link/dashboard/getDataUsageSeries',
  input: RangeSchema,
  output: z.array(UsagePointSchema),
  permission: 'dashboard.view',
  summary: 'Data usage per hour over a range, for the company or one device (at most three months, 120098)',
});

export const signalSeriesCall = defineCall({
  id: 'deviceDashboard.signal',
  method: 'POST',
  path: '/link/dashboard/getSignalSeries',
  input: RangeSchema,
  output: z.array(SignalPointSchema),
  permission: 'dashboard.view',
  summary: 'Average signal quality per hour over a range, for the company or one device',
});

export const topUsageCall = defineCall({
  id: 'deviceDashboard.topUsage',
  method: 'POST',
  path: '/link/dashboard/getTopDataUsage',
  input: RangeSchema.extend({ limit: z.number().int().min(1).max(50).default(10) }),
  output: z.array(z.object({ sn: z.string(), name: z.string(), totalBytes: z.number() })),
  permission: 'dashboard.view',
  summary: 'The devices that used the most data over a range',
});

export const DeviceLocationSchema = z.object({
  sn: z.string(),
  name: z.string(),
  online: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  /** gps: the device's receiver; baseStation: the cell it is attached to. */
  source: z.enum(['gps', 'baseStation']),
  at: z.number().int(),
});

export const deviceLocationsCall = defineCall({
  id: 'deviceDashboard.locations',
  method: 'POST',
  path: '/link/map/getDeviceLocations',
  input: z.strictObject({ groupId: z.number().int().nonnegative().optional() }),
  output: z.array(DeviceLocationSchema),
  permission: 'locations.view',
  summary: 'Devices with a GPS or base-station position, for the map',
});

export const DEVICE_DASHBOARD_CALLS = [
  dashboardSummaryCall,
  groupUnreadAlertSummaryCall,
  dataUsageSeriesCall,
  signalSeriesCall,
  topUsageCall,
  deviceLocationsCall,
] as const;
