import { z } from 'zod';
import { LinkIdSchema, LinkUsageSchema, SignalSchema } from '../device/links.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';
import { SignalPointSchema, UsagePointSchema } from './device-dashboard.ts';

/** The device details tabs (core §2 device/deviceDetails/{sn}; §3 device config; §7). */

const Sn = z.string().trim().min(1).max(64);

export const getStatusByModuleCall = defineCall({
  id: 'deviceDetails.statusByModule',
  method: 'POST',
  path: '/link/device/getStatusByModule',
  input: z.strictObject({ sn: Sn, modules: z.array(z.string().trim().min(1).max(32)).min(1).max(16) }),
  output: z.record(z.string(), z.object({ data: z.unknown(), updatedAt: z.number().int() }).nullable()),
  permission: 'devices.view',
  summary: 'The latest status modules a device reported (uci, modem ...); null for a module never reported',
});

export const getLatestDeviceConfigCall = defineCall({
  id: 'deviceDetails.latestConfig',
  method: 'POST',
  path: '/link/device/getLatestDeviceConfigBySn',
  input: z.strictObject({ sn: Sn }),
  output: z.object({
    sn: z.string(),
    xml: z.string().nullable(),
    lastUpdatedTime: z.number().int().nullable(),
  }),
  permission: 'devices.view',
  summary: 'The configuration XML the device reported last, with its lastUpdatedTime',
});

export const getDeviceConfigJsonCall = defineCall({
  id: 'deviceDetails.configJson',
  method: 'POST',
  path: '/link/device/getDeviceConfigJsonBySn',
  input: z.strictObject({ sn: Sn }),
  output: z.object({ sn: z.string(), devcfg: z.record(z.string(), z.unknown()) }),
  permission: 'devices.view',
  summary: 'The device capability JSON (devcfg)',
});

export const checkDeviceDetailAccessCall = defineCall({
  id: 'deviceDetails.checkAccess',
  method: 'GET',
  path: '/link/device/checkHasAccessPermissionOfDeviceDetail',
  input: z.strictObject({}),
  output: z.boolean(),
  permission: 'session',
  summary: 'Whether the caller may open device details (sets the device-console control flag, core §6)',
});

const LogQuery = PageQuerySchema.extend({
  sn: Sn,
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
}).strict();

export const deviceEventsCall = defineCall({
  id: 'deviceDetails.events',
  method: 'POST',
  path: '/link/device/getDeviceEvents',
  input: LogQuery.extend({ severity: z.enum(['critical', 'major', 'minor', 'notice']).optional() }),
  output: pageSchema(
    z.object({
      id: z.number().int(),
      at: z.number().int(),
      type: z.string(),
      severity: z.string().nullable(),
      data: z.unknown(),
    }),
  ),
  permission: 'devices.view',
  paged: true,
  summary: "A device's events, newest first",
});

export const deviceSyslogCall = defineCall({
  id: 'deviceDetails.syslog',
  method: 'POST',
  path: '/link/device/getDeviceSyslog',
  input: LogQuery,
  output: pageSchema(
    z.object({
      id: z.number().int(),
      at: z.number().int(),
      level: z.string().nullable(),
      message: z.string(),
    }),
  ),
  permission: 'devices.view',
  paged: true,
  summary: "A device's syslog lines, newest first",
});

export const requestSyslogCall = defineCall({
  id: 'deviceDetails.requestSyslog',
  method: 'POST',
  path: '/link/device/requestDeviceSyslog',
  input: z.strictObject({ sn: Sn, lines: z.number().int().min(1).max(1000).default(100) }),
  output: z.object({ rpcId: z.string() }),
  permission: 'devices.apply',
  mutates: true,
  summary:
    'Ask the device for its recent syslog; a second request while one runs gives 120008 "do not repeat"',
});

export const deviceReportCall = defineCall({
  id: 'deviceDetails.report',
  method: 'POST',
  path: '/link/device/getDeviceReport',
  input: z.strictObject({
    sn: Sn,
    startTime: InstantMsSchema,
    endTime: InstantMsSchema,
  }),
  output: z.object({ usage: z.array(UsagePointSchema), signal: z.array(SignalPointSchema) }),
  permission: 'devices.view',
  summary: 'Data usage and signal quality of one device over a chosen range (at most three months, 120098)',
});

/** One telemetry sample as the device sent it (contract `up/telemetry`), with the device's time `at`. */
export const TelemetrySampleSchema = z.object({
  at: z.number().int(),
  uptimeSeconds: z.number().nullable(),
  activeLink: LinkIdSchema.nullable(),
  signal: z.array(SignalSchema),
  usage: z.array(LinkUsageSchema),
  cpuPercent: z.number().nullable(),
  memoryPercent: z.number().nullable(),
  temperatureC: z.number().nullable(),
});
export type TelemetrySample = z.infer<typeof TelemetrySampleSchema>;

/** The status panel's sparklines cover at most this many samples (an hour at the default period). */
export const RECENT_TELEMETRY_MAX = 120;

export const recentTelemetryCall = defineCall({
  id: 'deviceDetails.recentTelemetry',
  method: 'POST',
  path: '/link/device/getRecentTelemetry',
  input: z.strictObject({
    sn: Sn,
    limit: z.number().int().min(1).max(RECENT_TELEMETRY_MAX).default(30),
  }),
  output: z.array(TelemetrySampleSchema),
  permission: 'devices.view',
  summary:
    "The device's latest telemetry samples, oldest first: the status panel's current values and signal history",
});

export const DEVICE_DETAIL_CALLS = [
  recentTelemetryCall,
  getStatusByModuleCall,
  getLatestDeviceConfigCall,
  getDeviceConfigJsonCall,
  checkDeviceDetailAccessCall,
  deviceEventsCall,
  deviceSyslogCall,
  requestSyslogCall,
  deviceReportCall,
] as const;
