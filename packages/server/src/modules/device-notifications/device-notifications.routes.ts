import {
  ALERT_SEVERITIES,
  type AlertSeverity,
  type DeviceNotification,
  deviceNotificationListCall,
  markAllNotificationsReadCall,
  markNotificationsReadCall,
  NOTIFICATION_BIZ_TYPES,
  type NotificationBizType,
  notificationText,
  notificationUnreadCountCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { bind } from '../../platform/http/calls.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './device-notifications.store.ts';

const isBizType = (v: string): v is NotificationBizType =>
  (NOTIFICATION_BIZ_TYPES as readonly string[]).includes(v);
const isSeverity = (v: string): v is AlertSeverity => (ALERT_SEVERITIES as readonly string[]).includes(v);

/** Device notifications of the caller's company, with the caller's own read state (core §2 `noti`). */
export function deviceNotificationRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'gateway' | 'hub'>) {
  const { db } = deps;
  return [
    bind(deviceNotificationListCall, async (ctx) => {
      const who = companyActor(ctx);
      const { pageNum, pageSize, ...filter } = ctx.input;
      const { total, rows } = await listNotifications(db, who, filter, (pageNum - 1) * pageSize, pageSize);
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
          content: notificationText(r.biz_type, extend, ctx.lang),
          extend,
          checked: !r.unread,
          at: new Date(r.at).getTime(),
        });
      }
      return { total, list };
    }),
    bind(markNotificationsReadCall, async (ctx) => ({
      marked: await markRead(db, companyActor(ctx), ctx.input.ids),
    })),
    bind(markAllNotificationsReadCall, async (ctx) => ({
      // One transaction: the count answered is the count the cursor move marked.
      marked: await inTransaction(db, (tx) => markAllRead(tx, companyActor(ctx), ctx.input.upToId)),
    })),
    bind(notificationUnreadCountCall, async (ctx) => unreadCount(db, companyActor(ctx))),
  ];
}
