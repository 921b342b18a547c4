import { z } from 'zod';
import { VPN_DEVICE_STATES, VPN_HUB_STATES } from '../enums/index.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { EXPORT_MAX_RECORDS } from '../limits.ts';
import { numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { ACTIVITY_EXPORT_COLUMNS, ActivityRowSchema } from './activity-log.ts';
import { defineCall } from './define.ts';
import { DeviceNotificationSchema, NOTIFICATION_MARK_MAX } from './device-notifications.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

/**
 * The VPN console's dashboard charts and its devices, activity and notifications pages (core §2
 * `vpn/dashboard`, `vpn/devices`, `vpn/activity`, `vpn/notifications`; issue 17), and certificate
 * rotation. Lazy pages only: nothing here is on the console's first load.
 */

const GroupId = z.coerce.number().int().positive();

/** A chart's range: Unix ms, the last 24 hours by default, at most three months (120098), as the device charts. */
const ChartRangeFields = {
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
  /** One group's traffic; every group of the company without it. */
  vpnGroupId: numberFilter(z.number().int().positive()),
};

/** Ranges up to this many days are drawn per hour; longer ones per (UTC) day. */
export const VPN_TRAFFIC_HOURLY_MAX_DAYS = 3;

export const VPN_TRAFFIC_BUCKETS = ['hour', 'day'] as const;

export const VpnTrafficSeriesSchema = z.object({
  /** The width of each point: an hour, or a UTC day for ranges over VPN_TRAFFIC_HOURLY_MAX_DAYS days. */
  bucket: z.enum(VPN_TRAFFIC_BUCKETS),
  /** Bucket starts (Unix ms), every bucket of the range, those without traffic included. */
  times: z.array(z.number().int()),
  /** One line per group that carried traffic in the range, bytes per bucket (the data limits' count). */
  groups: z.array(z.object({ vpnGroupId: z.number().int(), name: z.string(), bytes: z.array(z.number()) })),
});
export type VpnTrafficSeries = z.infer<typeof VpnTrafficSeriesSchema>;

export const getVpnTrafficSeriesCall = defineCall({
  id: 'vpn.trafficSeries',
  method: 'POST',
  path: '/vpn/dashboard/getTrafficSeries',
  input: z.strictObject(ChartRangeFields),
  output: VpnTrafficSeriesSchema,
  permission: 'vpnDashboard.view',
  summary:
    "Traffic per VPN group over time, hourly (up to 3 days) or daily, from the hubs' counters (at most three months, 120098)",
});

export const VpnTopTalkerSchema = z.object({
  kind: z.enum(['device', 'client']),
  /** The router's SN, or null for a service client. */
  sn: z.string().nullable(),
  clientId: z.number().int().nullable(),
  /** The router's or the client's name. */
  name: z.string(),
  vpnGroupId: z.number().int(),
  groupName: z.string(),
  /** Bytes its tunnel carried in the range, both directions. */
  bytes: z.number(),
});

export const getVpnTopTalkersCall = defineCall({
  id: 'vpn.topTalkers',
  method: 'POST',
  path: '/vpn/dashboard/getTopTalkers',
  input: z.strictObject({ ...ChartRangeFields, limit: z.number().int().min(1).max(50).default(10) }),
  output: z.array(VpnTopTalkerSchema),
  permission: 'vpnDashboard.view',
  summary:
    'The routers and service clients whose tunnels carried the most bytes over a range (at most three months)',
});

export const VpnHubRegionSchema = z.object({
  region: z.string(),
  /** The hub serving the region: running, not answering, not installed, or run elsewhere (`external`). */
  state: z.enum(VPN_HUB_STATES),
  /** The company's running groups in the region, and how many of them the hub runs an instance for. */
  groupsRunning: z.number().int(),
  groupsUp: z.number().int(),
  /** Tunnels (routers and clients) of the company connected through the region's hub now. */
  tunnels: z.number().int(),
  /** The last time the region's tunnels were read (the hub's status read or a router's report); null: never. */
  lastStatusAt: z.number().int().nullable(),
});

export const getVpnHubHealthCall = defineCall({
  id: 'vpn.hubHealth',
  method: 'POST',
  path: '/vpn/dashboard/getHubHealth',
  input: z.strictObject({}),
  output: z.array(VpnHubRegionSchema),
  permission: 'vpnDashboard.view',
  summary: "The hub of each region the company's groups use: up or down, tunnels, and its last status read",
});

/** One tunnel of the VPN devices page: a router or a service client in a group. */
export const VpnTunnelRowSchema = z.object({
  kind: z.enum(['device', 'client']),
  sn: z.string().nullable(),
  clientId: z.number().int().nullable(),
  name: z.string(),
  /** The router's model; null for a client. */
  model: z.string().nullable(),
  /** Whether the router is online on the platform; null for a client. */
  online: z.boolean().nullable(),
  vpnGroupId: z.number().int(),
  groupName: z.string(),
  virtualIp: z.string(),
  vpnState: z.enum(VPN_DEVICE_STATES),
  realAddress: z.string().nullable(),
  bytesIn: z.number(),
  bytesOut: z.number(),
  joinedAt: z.number().int(),
});
export type VpnTunnelRow = z.infer<typeof VpnTunnelRowSchema>;

const TunnelFilterFields = {
  /** Part of the SN, the router's or the client's name, or the virtual address, any case. */
  keyword: z.string().trim().max(64).optional(),
  vpnGroupId: numberFilter(z.number().int().positive()),
  kind: z.enum(['device', 'client']).optional(),
  vpnState: z.enum(VPN_DEVICE_STATES).optional(),
};
export const VpnTunnelFilterSchema = z.strictObject(TunnelFilterFields);
export type VpnTunnelFilter = z.output<typeof VpnTunnelFilterSchema>;

export const listVpnTunnelsCall = defineCall({
  id: 'vpn.tunnels',
  method: 'POST',
  path: '/vpn/device/getDevices',
  input: PageQuerySchema.extend(TunnelFilterFields).strict(),
  output: pageSchema(VpnTunnelRowSchema),
  permission: 'vpnDevices.view',
  paged: true,
  summary:
    "The company's routers and service clients in VPN groups, with their tunnel state, by group, kind and keyword",
});

export const VPN_TUNNEL_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'name', header: { en: 'Name', cn: '名称' } },
  { field: 'kind', header: { en: 'Type', cn: '类型' } },
  { field: 'sn', header: { en: 'SN', cn: '序列号' } },
  { field: 'groupName', header: { en: 'VPN group', cn: 'VPN组' } },
  { field: 'virtualIp', header: { en: 'Virtual IP', cn: '虚拟IP' } },
  { field: 'vpnState', header: { en: 'Tunnel', cn: '隧道' } },
  { field: 'realAddress', header: { en: 'Public address', cn: '公网地址' } },
  { field: 'bytesIn', header: { en: 'Received (bytes)', cn: '接收（字节）' } },
  { field: 'bytesOut', header: { en: 'Sent (bytes)', cn: '发送（字节）' } },
  { field: 'joinedAt', header: { en: 'Joined', cn: '加入时间' } },
];

export const exportVpnTunnelsCall = defineCall({
  id: 'vpn.exportTunnels',
  method: 'POST',
  path: exportPathOf(listVpnTunnelsCall.path),
  input: exportRequestSchema(VpnTunnelFilterSchema, VPN_TUNNEL_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'vpnDevices.export',
  mutates: true,
  summary: `The filtered VPN devices to .xlsx in the background, at most ${EXPORT_MAX_RECORDS} rows`,
});

const VpnActivityFields = {
  userId: numberFilter(z.number().int().positive()),
  callId: z.string().trim().max(64).optional(),
  /** Part of the object, any case. */
  object: z.string().trim().max(128).optional(),
  result: z.enum(['success', 'failure']).optional(),
  /** Unix ms, inclusive. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
};
export const VpnActivityFilterSchema = z.strictObject(VpnActivityFields);
export type VpnActivityFilter = z.output<typeof VpnActivityFilterSchema>;

export const listVpnActivityCall = defineCall({
  id: 'vpn.activity',
  method: 'POST',
  path: '/vpn/activity/getActivityList',
  input: PageQuerySchema.extend(VpnActivityFields).strict(),
  output: pageSchema(ActivityRowSchema),
  permission: 'vpnActivity.view',
  paged: true,
  summary: "The company's activity log of VPN actions (calls of the VPN console), newest first",
});

export const exportVpnActivityCall = defineCall({
  id: 'vpn.exportActivity',
  method: 'POST',
  path: exportPathOf(listVpnActivityCall.path),
  input: exportRequestSchema(VpnActivityFilterSchema, ACTIVITY_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'vpnActivity.export',
  mutates: true,
  summary: `The filtered VPN activity to .xlsx in the background, newest first, at most ${EXPORT_MAX_RECORDS} entries and three months`,
});

/** The notifications the VPN console shows: data limit and data pool warnings. */
export const VPN_NOTIFICATION_BIZ_TYPES = ['vpnDataLow', 'vpnDataExhausted'] as const;

export const listVpnNotificationsCall = defineCall({
  id: 'vpn.notifications',
  method: 'POST',
  path: '/vpn/notification/getNotificationList',
  input: PageQuerySchema.extend({
    bizTypes: z.array(z.enum(VPN_NOTIFICATION_BIZ_TYPES)).max(VPN_NOTIFICATION_BIZ_TYPES.length).optional(),
    read: z.enum(['read', 'unread']).optional(),
    startTime: numberFilter(InstantMsSchema),
    endTime: numberFilter(InstantMsSchema),
  }).strict(),
  output: pageSchema(DeviceNotificationSchema),
  permission: 'vpnNotifications.view',
  paged: true,
  summary:
    "The company's VPN notifications (a group's data limit at 80 % and 100 %, the data pool running low or used up), newest first, with the caller's read state",
});

export const markVpnNotificationsReadCall = defineCall({
  id: 'vpn.markNotificationsRead',
  method: 'POST',
  path: '/vpn/notification/markRead',
  input: z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(NOTIFICATION_MARK_MAX) }),
  output: z.object({ marked: z.number().int() }),
  permission: 'vpnNotifications.view',
  mutates: true,
  summary: 'Marks VPN notifications read for the caller (other ids are ignored); answers how many changed',
});

export const rotateVpnCertificateCall = defineCall({
  id: 'vpn.rotateCertificate',
  method: 'POST',
  path: '/vpn/group/rotateCertificate',
  input: z
    .strictObject({
      vpnGroupId: GroupId,
      /** The router whose certificate is replaced, or … */
      sn: z.string().trim().min(1).max(64).optional(),
      /** … the service client whose certificate in this group is replaced. */
      clientId: z.coerce.number().int().positive().optional(),
    })
    .refine((v) => (v.sn === undefined) !== (v.clientId === undefined), {
      path: ['sn'],
      message: 'give the sn of a router or the clientId of a service client, one of them',
    }),
  output: z.object({
    /** The new certificate's serial (the old one is on the company's CRL). */
    serial: z.number().int(),
    commonName: z.string(),
    notAfter: z.number().int(),
  }),
  permission: 'vpnGroups.edit',
  mutates: true,
  summary:
    "Replace a router's or a service client's certificate in a group: the old one is revoked and its tunnel dropped; a router gets the new one through the device protocol, a client downloads its profile again (180041, 180042 not in the group; 180004 hub not answering)",
});

export const VPN_CONSOLE_CALLS = [
  getVpnTrafficSeriesCall,
  getVpnTopTalkersCall,
  getVpnHubHealthCall,
  listVpnTunnelsCall,
  exportVpnTunnelsCall,
  listVpnActivityCall,
  exportVpnActivityCall,
  listVpnNotificationsCall,
  markVpnNotificationsReadCall,
  rotateVpnCertificateCall,
] as const;
