import { z } from 'zod';
import { updateErrorText } from '../device/update.ts';
import { ALERT_SEVERITIES, type AlertSeverity } from '../enums/alerts.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { formatBytes } from '../format.ts';
import { interpolate, type Lang, type Localized } from '../i18n.ts';
import { numberFilter } from '../rules/numbers.ts';
import { InstantMsSchema } from '../rules/time.ts';
import { defineCall } from './define.ts';

/**
 * Device notifications (core §2 device management `noti`; §3 notification note: content, bizType,
 * extend, checked). What happened to the company's devices that a user should notice, written by the
 * gateway as it happens. Notifications belong to the company; whether one was read is per user.
 *
 * Every call needs `devices.view`: a notification tells device facts, so whoever may see the devices
 * may see them, and marking read changes only the caller's own read state (nothing of the company),
 * so it needs no right beyond reading.
 */

export const NOTIFICATION_BIZ_TYPES = [
  'deviceOffline',
  'deviceOnline',
  'alert',
  'updateSucceeded',
  'updateFailed',
  'deviceClaimed',
  'claimRefused',
  'devicesOffline',
  'devicesOnline',
  'vpnDataLow',
  'vpnDataExhausted',
] as const;
export type NotificationBizType = (typeof NOTIFICATION_BIZ_TYPES)[number];

/**
 * Kinds that coalesce: when at least NOTIFICATION_GROUP_MIN devices of one company do the same within
 * NOTIFICATION_GROUP_WINDOW_MS, one grouped notification (`extend.count`) stands for them all in the
 * company's list and unread count; each device keeps its own row in its history (docs/decisions.md).
 */
export const NOTIFICATION_GROUP_KINDS = {
  deviceOffline: 'devicesOffline',
  deviceOnline: 'devicesOnline',
} as const satisfies Partial<Record<NotificationBizType, NotificationBizType>>;
export const NOTIFICATION_GROUP_WINDOW_MS = 60_000;
export const NOTIFICATION_GROUP_MIN = 3;

/**
 * How much each kind matters when the device gives no severity (an alert carries its own). Going
 * offline and failed updates need someone to act; a refused claim may be a typo or an intruder.
 */
export const NOTIFICATION_DEFAULT_SEVERITY: Record<Exclude<NotificationBizType, 'alert'>, AlertSeverity> = {
  deviceOffline: 'major',
  deviceOnline: 'notice',
  updateSucceeded: 'notice',
  updateFailed: 'major',
  deviceClaimed: 'notice',
  claimRefused: 'minor',
  devicesOffline: 'major',
  devicesOnline: 'notice',
  // The company's VPN data pool (data-pool): low is a warning, used up stops being covered.
  vpnDataLow: 'minor',
  vpnDataExhausted: 'major',
};

export const NOTIFICATION_BIZ_TYPE_LABELS: Record<NotificationBizType, Localized> = {
  deviceOffline: { en: 'Went offline', cn: '设备离线' },
  deviceOnline: { en: 'Back online', cn: '设备恢复在线' },
  alert: { en: 'Alert', cn: '告警' },
  updateSucceeded: { en: 'Update succeeded', cn: '升级成功' },
  updateFailed: { en: 'Update failed', cn: '升级失败' },
  deviceClaimed: { en: 'Device registered', cn: '设备已注册' },
  claimRefused: { en: 'Registration refused', cn: '设备注册被拒绝' },
  devicesOffline: { en: 'Devices went offline', cn: '多台设备离线' },
  devicesOnline: { en: 'Devices back online', cn: '多台设备恢复在线' },
  vpnDataLow: { en: 'VPN data low', cn: 'VPN流量不足' },
  vpnDataExhausted: { en: 'VPN data used up', cn: 'VPN流量已用尽' },
};

const TEXTS: Record<NotificationBizType, Localized> = {
  deviceOffline: { en: 'The device went offline.', cn: '设备已离线。' },
  deviceOnline: {
    en: 'The device is back online after {offlineFor} offline.',
    cn: '设备离线{offlineFor}后恢复在线。',
  },
  alert: { en: '{code}: {message}', cn: '{code}：{message}' },
  updateSucceeded: { en: '{target} updated to {version}.', cn: '{target}已升级到 {version}。' },
  updateFailed: {
    en: '{target} update to {version} failed: {error}',
    cn: '{target}升级到 {version} 失败：{error}',
  },
  deviceClaimed: { en: 'The device registered with the cloud.', cn: '设备已注册到云平台。' },
  claimRefused: {
    en: 'A registration attempt was refused ({reason}): the MAC or IMEI did not prove the import row.',
    cn: '一次注册尝试被拒绝（{reason}）：MAC 或 IMEI 与导入记录不符。',
  },
  devicesOffline: { en: '{count} devices went offline', cn: '{count} 台设备离线' },
  devicesOnline: { en: '{count} devices are back online', cn: '{count} 台设备恢复在线' },
  vpnDataLow: {
    en: "The company's VPN data pool is running low: {remaining} of {total} left.",
    cn: '公司VPN流量池即将不足：剩余{remaining}，共{total}。',
  },
  vpnDataExhausted: {
    en: "The company's VPN data pool is used up: add data packages to keep VPN traffic covered.",
    cn: '公司VPN流量池已用尽：请添加流量包以继续覆盖VPN流量。',
  },
};

/**
 * A VPN group's data limit (extend `vpnGroupName`, `percent`, `usedBytes`, `limitBytes`, `code`): the same
 * kinds as the company's data pool, told once per group and cycle at 80 % and 100 %.
 */
const VPN_GROUP_TEXTS: Partial<Record<NotificationBizType, Localized>> = {
  vpnDataLow: {
    en: 'The VPN group {group} has used {percent} % of its data limit: {used} of {limit}.',
    cn: 'VPN组{group}已使用数据限额的{percent}%：{used}，共{limit}。',
  },
  vpnDataExhausted: {
    en: 'The VPN group {group} reached its data limit of {limit}{refused}.',
    cn: 'VPN组{group}已达到数据限额{limit}{refused}。',
  },
};
const VPN_GROUP_REFUSED: Localized = {
  en: ': its tunnels are refused ({code})',
  cn: '：其隧道已被拒绝（{code}）',
};
const VPN_GROUP_ON_POOL: Localized = {
  en: "; its tunnels carry on with the company's data pool",
  cn: '；其隧道正在使用公司的流量池继续运行',
};

/** Why an update the cloud timed out failed (`extend.timedOut`): the device never said how it ended. */
const UPDATE_TIMED_OUT: Localized = {
  en: 'the device did not report the result in time',
  cn: '设备未在规定时间内报告结果',
};

const TARGETS: Record<string, Localized> = {
  firmware: { en: 'Firmware', cn: '固件' },
  app: { en: 'App', cn: '应用' },
};

const SECONDS: Localized = { en: '{n} s', cn: '{n}秒' };
const MINUTES: Localized = { en: '{n} min', cn: '{n}分钟' };

/** How long a device was offline: seconds under a minute (a blip is not "1 min"), whole minutes above. */
export function offlineDurationText(seconds: number, lang: Lang): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?';
  if (seconds < 60) return interpolate(SECONDS[lang], { n: Math.floor(seconds) });
  return interpolate(MINUTES[lang], { n: Math.round(seconds / 60) });
}

/** The notification's sentence in the reader's language, from its kind and `extend`. */
export function notificationText(bizType: string, extend: Record<string, unknown>, lang: Lang): string {
  const str = (key: string) => (extend[key] === undefined || extend[key] === null ? '' : String(extend[key]));
  const groupTemplate =
    extend.vpnGroupName === undefined ? undefined : VPN_GROUP_TEXTS[bizType as NotificationBizType];
  if (groupTemplate)
    return interpolate(groupTemplate[lang], {
      group: str('vpnGroupName'),
      percent: str('percent'),
      used: formatBytes(Number(extend.usedBytes)),
      limit: formatBytes(Number(extend.limitBytes)),
      refused: extend.code
        ? interpolate(VPN_GROUP_REFUSED[lang], { code: str('code') })
        : VPN_GROUP_ON_POOL[lang],
    });
  const template = TEXTS[bizType as NotificationBizType];
  if (!template) return bizType;
  const seconds = Number(extend.offlineSeconds);
  const target = TARGETS[str('target')]?.[lang] ?? str('target');
  const errorCode = Number(extend.errorCode);
  const error =
    extend.timedOut === true
      ? UPDATE_TIMED_OUT[lang]
      : Number.isInteger(errorCode)
        ? (updateErrorText(errorCode)?.[lang] ?? String(errorCode))
        : '';
  const label = str('packageName');
  return interpolate(template[lang], {
    offlineFor: offlineDurationText(seconds, lang),
    code: str('code'),
    message: str('message'),
    target: label ? `${target} ${label}` : target,
    version: str('version'),
    error,
    reason: str('reason'),
    count: str('count'),
    remaining: formatBytes(Number(extend.remainingBytes)),
    total: formatBytes(Number(extend.totalBytes)),
  }).trim();
}

export const DeviceNotificationSchema = z.object({
  id: z.number().int(),
  sn: z.string(),
  /** The device's name now ('' when it was deleted since). */
  deviceName: z.string(),
  bizType: z.enum(NOTIFICATION_BIZ_TYPES),
  severity: z.enum(ALERT_SEVERITIES),
  /** The sentence in the caller's language. */
  content: z.string(),
  /** What the sentence was made from (offlineSeconds, code, message, target, version, errorCode, timedOut, reason ...). */
  extend: z.record(z.string(), z.unknown()),
  /** Read by the caller. */
  checked: z.boolean(),
  /** Unix ms. */
  at: z.number().int(),
});
export type DeviceNotification = z.infer<typeof DeviceNotificationSchema>;

const Id = z.number().int().positive();

export const NotificationFilterSchema = PageQuerySchema.extend({
  bizTypes: z.array(z.enum(NOTIFICATION_BIZ_TYPES)).max(NOTIFICATION_BIZ_TYPES.length).optional(),
  severities: z.array(z.enum(ALERT_SEVERITIES)).max(ALERT_SEVERITIES.length).optional(),
  read: z.enum(['read', 'unread']).optional(),
  /** Part of the SN, any case. */
  sn: z.string().trim().max(64).optional(),
  /** Unix ms, inclusive. */
  startTime: numberFilter(InstantMsSchema),
  endTime: numberFilter(InstantMsSchema),
  /** The members of one grouped notification (its id); without it, groups stand for their members. */
  groupId: numberFilter(Id),
}).strict();

export const deviceNotificationListCall = defineCall({
  id: 'deviceNotifications.list',
  method: 'POST',
  path: '/link/notification/getNotificationList',
  input: NotificationFilterSchema,
  output: pageSchema(DeviceNotificationSchema),
  permission: 'devices.view',
  paged: true,
  summary: "The company's device notifications, newest first, with the caller's read state",
});

/** At most this many ids per mark-read call (one page of the largest page size the console offers). */
export const NOTIFICATION_MARK_MAX = 200;

export const markNotificationsReadCall = defineCall({
  id: 'deviceNotifications.markRead',
  method: 'POST',
  path: '/link/notification/markRead',
  input: z.strictObject({ ids: z.array(Id).min(1).max(NOTIFICATION_MARK_MAX) }),
  output: z.object({ marked: z.number().int() }),
  permission: 'devices.view',
  mutates: true,
  summary:
    'Marks notifications read for the caller (ids of other companies are ignored); answers how many changed',
});

export const markAllNotificationsReadCall = defineCall({
  id: 'deviceNotifications.markAllRead',
  method: 'POST',
  path: '/link/notification/markAllRead',
  input: z.strictObject({
    /** Marks up to this id (the newest the caller saw), so one that arrived meanwhile stays unread. */
    upToId: Id.optional(),
  }),
  output: z.object({ marked: z.number().int() }),
  permission: 'devices.view',
  mutates: true,
  summary: 'Marks every notification of the company read for the caller',
});

export const notificationUnreadCountCall = defineCall({
  id: 'deviceNotifications.unreadCount',
  method: 'POST',
  path: '/link/notification/getUnreadCount',
  input: z.strictObject({}),
  output: z.object({
    total: z.number().int(),
    bySeverity: z.record(z.enum(ALERT_SEVERITIES), z.number().int()),
  }),
  permission: 'devices.view',
  summary: 'How many notifications the caller has not read, in total and by severity',
});

export const DEVICE_NOTIFICATION_CALLS = [
  deviceNotificationListCall,
  markNotificationsReadCall,
  markAllNotificationsReadCall,
  notificationUnreadCountCall,
] as const;
