import {
  ALERT_SEVERITIES,
  type AlertSeverity,
  type DeviceNotification,
  type Lang,
  NOTIFICATION_BIZ_TYPES,
  type NotificationBizType,
  notificationText,
} from '@fleetport/contract';
import type { listNotifications } from './device-notifications.store.ts';

const isBizType = (v: string): v is NotificationBizType =>
  (NOTIFICATION_BIZ_TYPES as readonly string[]).includes(v);
const isSeverity = (v: string): v is AlertSeverity => (ALERT_SEVERITIES as readonly string[]).includes(v);

type StoredRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

/** Stored notifications as the lists answer them, each sentence in the reader's language (device and VPN consoles). */
export function notificationRows(rows: readonly StoredRow[], lang: Lang): DeviceNotification[] {
  const list: DeviceNotification[] = [];
  for (const r of rows) {
    // A kind this version does not know (written by a newer node) is left out rather than mislabelled.
    if (!isBizType(r.biz_type) || !isSeverity(r.severity)) continue;
    const extend = (r.extend ?? {}) as Record<string, unknown>;
    list.push({
      id: Number(r.id),
      sn: r.sn,
      deviceName: r.device_name ?? '',
      bizType: r.biz_type,
      severity: r.severity,
      content: notificationText(r.biz_type, extend, lang),
      extend,
      checked: !r.unread,
      at: new Date(r.at).getTime(),
    });
  }
  return list;
}
