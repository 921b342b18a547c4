import { z } from 'zod';
import { SIGNAL_METRICS, type SignalMetric } from '../device/signal-quality.ts';
import {
  ALERT_CONDITION_MODES,
  ALERT_RECEIVER_MODES,
  ALERT_SEVERITIES,
  ALERT_STATES,
} from '../enums/alerts.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { FrequencySchema } from '../rules/alerts.ts';
import { intBetween, numberFilter } from '../rules/numbers.ts';
import { boundedText } from '../rules/rule.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { unreadAlertCountCall } from './alerts.badge.ts';
import { defineCall } from './define.ts';
import { type ExportColumnDef, ExportStartedSchema, exportPathOf, exportRequestSchema } from './exports.ts';

/**
 * Router alert rules and the alert centre (core §2 robustlink alertCenter, §3 alert summary, §4 alert
 * severities; features §3 alert rule, §4 central alert). A rule watches a query of devices (all, groups,
 * tags or chosen devices, read again at every evaluation, so later members count) for conditions; each
 * rule, device and condition has at most one open alert, which goes pending → firing → resolved.
 * docs/decisions.md "Alert rules" holds the semantics.
 *
 * Reading (lists, read state) needs `alerts.view`; a rule's create, edit and removal need their own
 * keys; acknowledging an alert changes what every colleague sees, so it needs `alerts.edit`.
 */

/** Minutes of the offline, pending and clear periods. */
export const ALERT_PERIOD_MAX_MINUTES = 1440;
/** Rules per company. */
export const ALERT_RULES_MAX = 200;
export const ALERT_CONDITIONS_MAX = 10;
/** Samples below the threshold within the trigger interval (trigger volume). */
export const ALERT_TRIGGER_VOLUME_MAX = 100;

/** What a signal metric can read (dBm for RSSI and RSRP, dB for RSRQ and SINR), as the device protocol bounds it. */
export const SIGNAL_METRIC_RANGE: Record<SignalMetric, { min: number; max: number }> = {
  rssi: { min: -120, max: 0 },
  rsrp: { min: -140, max: -44 },
  rsrq: { min: -30, max: 0 },
  sinr: { min: -20, max: 40 },
};

const Minutes = (min: number) => intBetween(min, ALERT_PERIOD_MAX_MINUTES);

/** The device has been offline longer than `minutes`; clears once it has been online `clearMinutes`. */
export const OfflineConditionSchema = z.strictObject({
  type: z.literal('offline'),
  minutes: Minutes(1),
  clearMinutes: Minutes(0),
});

/**
 * A SIM's signal metric below `below` (trigger volume samples within the trigger interval); clears once
 * the newest sample is above `clearAbove` for `clearMinutes` (hysteresis: `clearAbove` >= `below`).
 * `sim` 1 or 2, or null for any SIM.
 */
export const SignalConditionSchema = z
  .strictObject({
    type: z.literal('signal'),
    metric: z.enum(SIGNAL_METRICS),
    sim: z
      .union([z.literal(1), z.literal(2)])
      .nullable()
      .default(null),
    below: z.number(),
    clearAbove: z.number(),
    clearMinutes: Minutes(0),
  })
  .superRefine((c, ctx) => {
    const { min, max } = SIGNAL_METRIC_RANGE[c.metric];
    for (const field of ['below', 'clearAbove'] as const) {
      const value = c[field];
      if (!(Number.isFinite(value) && value >= min && value <= max))
        ctx.addIssue({ code: 'custom', path: [field], message: 'numberBetween', params: { min, max } });
    }
    if (c.clearAbove < c.below)
      ctx.addIssue({ code: 'custom', path: ['clearAbove'], message: 'clearAboveTrigger' });
  });

/** Telemetry's `cpuPercent`, `memoryPercent` and `temperatureC` (docs/device-protocol.md §6). */
export const RESOURCE_METRICS = ['cpu', 'memory', 'temperature'] as const;
export type ResourceMetric = (typeof RESOURCE_METRICS)[number];
export const RESOURCE_METRIC_RANGE: Record<ResourceMetric, { min: number; max: number }> = {
  cpu: { min: 0, max: 100 },
  memory: { min: 0, max: 100 },
  temperature: { min: -40, max: 150 },
};

/**
 * CPU or memory (%) or temperature (°C) above `above` (trigger volume samples within the trigger
 * interval; the pending period sets how long); clears once the newest sample is below `clearBelow`
 * for `clearMinutes` (hysteresis: `clearBelow` <= `above`). Missing samples never fire or clear it.
 */
export const ResourceConditionSchema = z
  .strictObject({
    type: z.literal('resource'),
    metric: z.enum(RESOURCE_METRICS),
    above: z.number(),
    clearBelow: z.number(),
    clearMinutes: Minutes(0),
  })
  .superRefine((c, ctx) => {
    const { min, max } = RESOURCE_METRIC_RANGE[c.metric];
    for (const field of ['above', 'clearBelow'] as const) {
      const value = c[field];
      if (!(Number.isFinite(value) && value >= min && value <= max))
        ctx.addIssue({ code: 'custom', path: [field], message: 'numberBetween', params: { min, max } });
    }
    if (c.clearBelow > c.above)
      ctx.addIssue({ code: 'custom', path: ['clearBelow'], message: 'clearBelowTrigger' });
  });

/**
 * The device reported `alarm` events (docs/device-protocol.md §6 "event"): trigger volume of them
 * within the trigger interval; clears once none arrived for `clearMinutes`.
 */
export const AlarmConditionSchema = z.strictObject({
  type: z.literal('alarm'),
  clearMinutes: Minutes(0),
});

/**
 * A firmware or app update of the device (the `firmwareInstall` and `appInstall` remote actions, from
 * the app centre, a rollout or the device's page) ended `failure` or `timeout`: trigger volume of them
 * within the trigger interval; clears once none ended so for `clearMinutes`.
 */
export const UpdateFailedConditionSchema = z.strictObject({
  type: z.literal('updateFailed'),
  clearMinutes: Minutes(0),
});

/**
 * A configuration change-set sent to the device ended `rejected` (the device refused it) or
 * `reverted` (it rolled back, unconfirmed): trigger volume of them within the trigger interval; clears
 * once none ended so for `clearMinutes`.
 */
export const ConfigRejectedConditionSchema = z.strictObject({
  type: z.literal('configRejected'),
  clearMinutes: Minutes(0),
});

/** Boots within the reboot-loop window. */
export const REBOOT_LOOP_BOOTS_MIN = 2;
export const REBOOT_LOOP_BOOTS_MAX = 100;

/**
 * Reboot loop: `boots` or more `boot` events (docs/device-protocol.md §6 "event") within the last
 * `withinMinutes` (its own window: the trigger volume and interval do not apply); clears once no boot
 * arrived for `clearMinutes`.
 */
export const RebootLoopConditionSchema = z.strictObject({
  type: z.literal('rebootLoop'),
  boots: intBetween(REBOOT_LOOP_BOOTS_MIN, REBOOT_LOOP_BOOTS_MAX),
  withinMinutes: Minutes(1),
  clearMinutes: Minutes(0),
});

/**
 * WAN failover or SIM switch: the device reported `linkChange` or `simSwitch` events (§6 "event"):
 * trigger volume of them within the trigger interval; clears once none arrived for `clearMinutes`.
 */
export const LinkSwitchConditionSchema = z.strictObject({
  type: z.literal('linkSwitch'),
  clearMinutes: Minutes(0),
});

/** The links a data usage condition reads: telemetry's `usage[].link` (`cellular` is every SIM's link). */
export const DATA_USAGE_LINKS = ['wan', 'cellular', 'wifi'] as const;
export type DataUsageLink = (typeof DATA_USAGE_LINKS)[number];
/** Daily (a UTC day), weekly (an ISO week from Monday 00:00 UTC) or monthly (a calendar month, UTC). */
export const DATA_USAGE_CYCLES = ['daily', 'weekly', 'monthly'] as const;
export type DataUsageCycle = (typeof DATA_USAGE_CYCLES)[number];
/** The threshold in MB, or a percentage of an allowance in MB. */
export const DATA_USAGE_UNITS = ['mb', 'percent'] as const;
/** MB of a data usage threshold or allowance (10 TB, as the global data limit); 1 MB is 1,048,576 bytes. */
export const DATA_USAGE_MAX_MB = 10_485_760;
export const DATA_USAGE_MB_BYTES = 1_048_576;
export const DataUsageMbSchema = intBetween(1, DATA_USAGE_MAX_MB);
export const DataUsagePercentSchema = intBetween(1, 100);

/**
 * Data usage of a link (`link`) or of one SIM (`sim`, its `cellular1`/`cellular2` link), exactly one of
 * the two, in the current cycle: over `overMb` MB (`unit` mb) or over `percent` % of `allowanceMb`
 * (`unit` percent). Usage is the sum of the growth between the since-boot counters' samples, a counter
 * that fell (a reboot) counting from zero, as the dashboard and reports count it. It fires once the
 * cycle's usage crosses the threshold and resolves at the start of the next cycle (the first telemetry
 * of it); missing telemetry neither fires nor clears it. Its own window: the trigger volume and interval
 * do not apply, and there is no clear period (`clearMinutes` 0).
 */
export const DataUsageConditionSchema = z
  .strictObject({
    type: z.literal('dataUsage'),
    link: z.enum(DATA_USAGE_LINKS).nullable().default(null),
    sim: z
      .union([z.literal(1), z.literal(2)])
      .nullable()
      .default(null),
    unit: z.enum(DATA_USAGE_UNITS),
    overMb: DataUsageMbSchema.nullable().default(null),
    percent: DataUsagePercentSchema.nullable().default(null),
    allowanceMb: DataUsageMbSchema.nullable().default(null),
    cycle: z.enum(DATA_USAGE_CYCLES),
    clearMinutes: z.literal(0).default(0),
  })
  .superRefine((c, ctx) => {
    if ((c.link === null) === (c.sim === null))
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'linkOrSim' });
    const needed = c.unit === 'mb' ? (['overMb'] as const) : (['percent', 'allowanceMb'] as const);
    for (const field of needed)
      if (c[field] === null) ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  });

export const AlertConditionSchema = z.discriminatedUnion('type', [
  OfflineConditionSchema,
  SignalConditionSchema,
  ResourceConditionSchema,
  AlarmConditionSchema,
  UpdateFailedConditionSchema,
  ConfigRejectedConditionSchema,
  RebootLoopConditionSchema,
  LinkSwitchConditionSchema,
  DataUsageConditionSchema,
]);
export type AlertCondition = z.infer<typeof AlertConditionSchema>;
export const ALERT_CONDITION_TYPES = [
  'offline',
  'signal',
  'resource',
  'alarm',
  'updateFailed',
  'configRejected',
  'rebootLoop',
  'linkSwitch',
  'dataUsage',
] as const;
export type AlertConditionType = (typeof ALERT_CONDITION_TYPES)[number];

const Id = z.number().int().positive();
const Sn = z.string().trim().min(1).max(64);

/** Which devices a rule watches; kept as this query, so a device joining the group later is watched too. */
export const AlertTargetsSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('all') }),
  /** Devices of these groups and their sub-groups. */
  z.strictObject({ mode: z.literal('groups'), groupIds: z.array(Id).min(1).max(100) }),
  /** Devices carrying any of these tags. */
  z.strictObject({ mode: z.literal('tags'), tagIds: z.array(Id).min(1).max(100) }),
  z.strictObject({ mode: z.literal('devices'), sns: z.array(Sn).min(1).max(1000) }),
]);
export type AlertTargets = z.infer<typeof AlertTargetsSchema>;

/** E-mail on a firing alert: stored with the rule; the sending comes with the event log (issue 16). */
export const AlertEmailSchema = z.strictObject({
  enabled: z.boolean(),
  receivers: z.enum(ALERT_RECEIVER_MODES),
  roleIds: z.array(Id).max(50).default([]),
  userIds: z.array(Id).max(500).default([]),
});

export const AlertRuleInputSchema = z.strictObject({
  name: boundedText(2, 50),
  level: z.enum(ALERT_SEVERITIES),
  description: boundedText(0, 200).default(''),
  targets: AlertTargetsSchema,
  conditionMode: z.enum(ALERT_CONDITION_MODES),
  conditions: z.array(AlertConditionSchema).min(1).max(ALERT_CONDITIONS_MAX),
  /** Samples breaching a signal condition within the trigger interval before it counts (offline: unused). */
  triggerVolume: intBetween(1, ALERT_TRIGGER_VOLUME_MAX),
  /** 1-59 s, 1-59 min or 1-23 h: the window a signal condition's samples are read from. */
  triggerInterval: FrequencySchema,
  /** How long a condition keeps breaching before the alert fires (0: at once). */
  pendingMinutes: Minutes(0),
  email: AlertEmailSchema,
  enabled: z.boolean().default(false),
});
export type AlertRuleInput = z.input<typeof AlertRuleInputSchema>;

export const AlertRuleSchema = z.object({
  ruleId: z.number().int(),
  name: z.string(),
  level: z.enum(ALERT_SEVERITIES),
  description: z.string(),
  targets: AlertTargetsSchema,
  conditionMode: z.enum(ALERT_CONDITION_MODES),
  conditions: z.array(AlertConditionSchema),
  triggerVolume: z.number().int(),
  triggerInterval: z.object({ value: z.number().int(), unit: z.enum(['second', 'minute', 'hour']) }),
  pendingMinutes: z.number().int(),
  email: z.object({
    enabled: z.boolean(),
    receivers: z.enum(ALERT_RECEIVER_MODES),
    roleIds: z.array(z.number().int()),
    userIds: z.array(z.number().int()),
  }),
  enabled: z.boolean(),
  /** Alerts of the rule now pending or firing. */
  openAlerts: z.number().int(),
  /** Unix ms. */
  updatedAt: z.number().int(),
});
export type AlertRule = z.infer<typeof AlertRuleSchema>;

export const listAlertRulesCall = defineCall({
  id: 'alerts.listRules',
  method: 'POST',
  path: '/link/alertRule/list',
  input: PageQuerySchema.extend({ name: z.string().trim().max(50).optional() }).strict(),
  output: pageSchema(AlertRuleSchema),
  permission: 'alerts.view',
  paged: true,
  summary: "The company's router alert rules, by name",
});

export const createAlertRuleCall = defineCall({
  id: 'alerts.createRule',
  method: 'POST',
  path: '/link/alertRule/add',
  input: AlertRuleInputSchema,
  output: AlertRuleSchema,
  permission: 'alerts.create',
  mutates: true,
  summary: 'Add an alert rule (800027 name exists)',
});

export const updateAlertRuleCall = defineCall({
  id: 'alerts.updateRule',
  method: 'POST',
  path: '/link/alertRule/update',
  input: AlertRuleInputSchema.extend({ ruleId: Id }),
  output: AlertRuleSchema,
  permission: 'alerts.edit',
  mutates: true,
  summary: 'Change a disabled alert rule (800028 while enabled, 800027 name exists, 800029 unknown)',
});

export const setAlertRuleEnabledCall = defineCall({
  id: 'alerts.setRuleEnabled',
  method: 'POST',
  path: '/link/alertRule/setStatus',
  input: z.strictObject({ ruleId: Id, enabled: z.boolean() }),
  output: AlertRuleSchema,
  permission: 'alerts.edit',
  mutates: true,
  summary: 'Enable or disable an alert rule; disabling resolves its firing alerts and drops its pending ones',
});

export const deleteAlertRuleCall = defineCall({
  id: 'alerts.deleteRule',
  method: 'POST',
  path: '/link/alertRule/delete',
  input: z.strictObject({ ruleId: Id }),
  output: z.null(),
  permission: 'alerts.remove',
  mutates: true,
  summary: 'Delete a disabled alert rule with its alerts (800028 while enabled)',
});

export const AlertSchema = z.object({
  alertId: z.number().int(),
  ruleId: z.number().int(),
  ruleName: z.string(),
  level: z.enum(ALERT_SEVERITIES),
  /** The rule's description. */
  description: z.string(),
  sn: z.string(),
  /** The device's name now ('' when it was deleted since). */
  deviceName: z.string(),
  /** The breached condition; null for a rule whose mode is "all" (every condition together). */
  condition: AlertConditionSchema.nullable(),
  state: z.enum(ALERT_STATES),
  /** The last value read (signal) or minutes offline; null when not known. */
  value: z.number().nullable(),
  /** Read by the caller. */
  read: z.boolean(),
  /** Times it triggered while open: the first firing and each re-trigger. */
  count: z.number().int(),
  /** Unix ms: pending since, firing since, last seen breaching, resolved. */
  pendingSince: z.number().int(),
  startedAt: z.number().int().nullable(),
  lastSeenAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  acknowledged: z.object({ by: z.string(), at: z.number().int(), note: z.string() }).nullable(),
  /** Its rule and device changed state more than 4 times in 30 min and have not been stable since. */
  flapping: z.boolean(),
});
export type Alert = z.infer<typeof AlertSchema>;

const AlertFilterFields = {
  levels: z.array(z.enum(ALERT_SEVERITIES)).max(ALERT_SEVERITIES.length).optional(),
  states: z.array(z.enum(ALERT_STATES)).max(ALERT_STATES.length).optional(),
  ruleId: numberFilter(Id),
  /** Only flapping (true) or only steady (false) alerts. */
  flapping: z.boolean().optional(),
  /** Part of the SN, any case. */
  sn: z.string().trim().max(64).optional(),
  /** Unix ms, inclusive, on the last time seen. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
};

export const AlertFilterSchema = PageQuerySchema.extend({
  ...AlertFilterFields,
  read: z.enum(['read', 'unread']).optional(),
}).strict();

/**
 * What an export of the alert centre covers: the list's filter without paging, and without read or
 * unread, which is one person's state while the file is the company's (docs/decisions.md).
 */
export const AlertExportFilterSchema = z.strictObject(AlertFilterFields);
export type AlertExportFilter = z.output<typeof AlertExportFilterSchema>;

export const listAlertsCall = defineCall({
  id: 'alerts.list',
  method: 'POST',
  path: '/link/alert/list',
  input: AlertFilterSchema,
  output: pageSchema(AlertSchema),
  permission: 'alerts.view',
  paged: true,
  summary: "The company's router alerts, open ones first, then by last seen, with the caller's read state",
});

export const acknowledgeAlertCall = defineCall({
  id: 'alerts.acknowledge',
  method: 'POST',
  path: '/link/alert/acknowledge',
  input: z.strictObject({ alertId: Id, note: boundedText(0, 200).default('') }),
  output: AlertSchema,
  permission: 'alerts.edit',
  mutates: true,
  summary: 'Acknowledge a firing alert: who, when and a note (800038 when it is not firing)',
});

export const markAlertsReadCall = defineCall({
  id: 'alerts.markRead',
  method: 'POST',
  path: '/link/alert/markRead',
  input: z.strictObject({ alertIds: z.array(Id).min(1).max(500) }),
  output: z.object({ marked: z.number().int() }),
  permission: 'alerts.view',
  summary: 'Mark alerts read for the caller',
});

export const markAllAlertsReadCall = defineCall({
  id: 'alerts.markAllRead',
  method: 'POST',
  path: '/link/alert/markAllRead',
  input: z.strictObject({}),
  output: z.object({ marked: z.number().int() }),
  permission: 'alerts.view',
  summary: 'Mark every alert of the company read for the caller',
});

export { unreadAlertCountCall };

/** Silences per company. */
export const ALERT_SILENCES_MAX = 100;

/**
 * A silence (issue 16 "Lifecycle"): while its window holds (UTC), changes of the alerts of its rule,
 * device, or a device of its group (or a group below) still happen and are logged, but send no message
 * (no e-mail, no grouped firing/resolved/flapping event). One-off: [startsAt, endsAt); weekly: the
 * listed weekdays (0 Sunday ... 6 Saturday), [startMinute, endMinute) of the UTC day.
 */
export const AlertSilenceTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rule'), ruleId: Id }),
  z.strictObject({ kind: z.literal('group'), groupId: Id }),
  z.strictObject({ kind: z.literal('device'), sn: z.string().trim().min(1).max(64) }),
]);

export const AlertSilenceInputSchema = z
  .strictObject({
    target: AlertSilenceTargetSchema,
    repeat: z.enum(['once', 'weekly']),
    startsAt: InstantMsSchema.optional(),
    endsAt: InstantMsSchema.optional(),
    weekdays: z.array(intBetween(0, 6)).max(7).default([]),
    startMinute: intBetween(0, 1439).optional(),
    endMinute: intBetween(1, 1440).optional(),
    note: boundedText(0, 200).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.repeat === 'once') {
      if (v.startsAt === undefined) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'required' });
      if (v.endsAt === undefined || (v.startsAt !== undefined && v.endsAt <= v.startsAt))
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'after startsAt' });
    } else {
      if (v.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'required' });
      if (v.startMinute === undefined)
        ctx.addIssue({ code: 'custom', path: ['startMinute'], message: 'required' });
      if (v.endMinute === undefined || (v.startMinute !== undefined && v.endMinute <= v.startMinute))
        ctx.addIssue({ code: 'custom', path: ['endMinute'], message: 'after startMinute' });
    }
  });
export type AlertSilenceInput = z.input<typeof AlertSilenceInputSchema>;

export const AlertSilenceSchema = z.object({
  silenceId: z.number().int(),
  target: AlertSilenceTargetSchema,
  /** The rule's name, the group's name or the device's name ('' when unknown). */
  targetName: z.string(),
  repeat: z.enum(['once', 'weekly']),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  startMinute: z.number().int().nullable(),
  endMinute: z.number().int().nullable(),
  note: z.string(),
  /** Whether its window holds now. */
  active: z.boolean(),
});
export type AlertSilence = z.infer<typeof AlertSilenceSchema>;

export const listAlertSilencesCall = defineCall({
  id: 'alerts.listSilences',
  method: 'POST',
  path: '/link/alertSilence/list',
  input: z.strictObject({}),
  output: z.object({ list: z.array(AlertSilenceSchema) }),
  permission: 'alerts.view',
  summary: "The company's alert silences",
});

export const createAlertSilenceCall = defineCall({
  id: 'alerts.createSilence',
  method: 'POST',
  path: '/link/alertSilence/add',
  input: AlertSilenceInputSchema,
  output: AlertSilenceSchema,
  permission: 'alerts.edit',
  mutates: true,
  summary: 'Add a one-off or weekly silence of a rule, group or device (800042 unknown target, 800043 limit)',
});

export const deleteAlertSilenceCall = defineCall({
  id: 'alerts.deleteSilence',
  method: 'POST',
  path: '/link/alertSilence/delete',
  input: z.strictObject({ silenceId: Id }),
  output: z.null(),
  permission: 'alerts.edit',
  mutates: true,
  summary: 'Remove a silence (800041 unknown)',
});

/** The alert centre's columns in a file: what the list shows, with the acknowledgement spelled out. */
export const ALERT_EXPORT_COLUMNS: readonly ExportColumnDef[] = [
  { field: 'level', header: { en: 'Level', cn: '级别' } },
  { field: 'ruleName', header: { en: 'Rule', cn: '规则' } },
  { field: 'sn', header: { en: 'SN', cn: '序列号' } },
  { field: 'deviceName', header: { en: 'Device name', cn: '设备名称' } },
  { field: 'state', header: { en: 'State', cn: '状态' } },
  { field: 'value', header: { en: 'Last value', cn: '最近值' } },
  { field: 'count', header: { en: 'Count', cn: '次数' } },
  { field: 'startedAt', header: { en: 'Started', cn: '开始时间' } },
  { field: 'lastSeenAt', header: { en: 'Last seen', cn: '最近时间' } },
  { field: 'resolvedAt', header: { en: 'Resolved', cn: '恢复时间' } },
  { field: 'acknowledgedBy', header: { en: 'Acknowledged by', cn: '确认人' } },
  { field: 'acknowledgedNote', header: { en: 'Note', cn: '备注' } },
  { field: 'description', header: { en: 'Description', cn: '描述' } },
];

export const exportAlertsCall = defineCall({
  id: 'alerts.export',
  method: 'POST',
  path: exportPathOf(listAlertsCall.path),
  input: exportRequestSchema(AlertExportFilterSchema, ALERT_EXPORT_COLUMNS),
  output: ExportStartedSchema,
  permission: 'alerts.export',
  mutates: true,
  summary:
    "The filtered alert centre to .xlsx in the background, in the list's order, at most three months of last-seen time",
});

export const ALERT_CALLS = [
  listAlertRulesCall,
  createAlertRuleCall,
  updateAlertRuleCall,
  setAlertRuleEnabledCall,
  deleteAlertRuleCall,
  listAlertsCall,
  acknowledgeAlertCall,
  markAlertsReadCall,
  markAllAlertsReadCall,
  unreadAlertCountCall,
  listAlertSilencesCall,
  createAlertSilenceCall,
  deleteAlertSilenceCall,
  exportAlertsCall,
] as const;
