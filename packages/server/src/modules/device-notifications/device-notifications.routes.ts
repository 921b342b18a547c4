import {
  deviceNotificationListCall,
  markAllNotificationsReadCall,
  markNotificationsReadCall,
  notificationUnreadCountCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyActor } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { bind } from '../../platform/http/calls.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './device-notifications.store.ts';
import { notificationRows } from './notification-rows.ts';

/** Device notifications of the caller's company, with the caller's own read state (core §2 `noti`). */
export function deviceNotificationRoutes(deps: ModuleDeps<'clock' | 'config' | 'db' | 'gateway' | 'hub'>) {
  const { db } = deps;
  return [
    bind(deviceNotificationListCall, async (ctx) => {
      const who = companyActor(ctx);
      const { pageNum, pageSize, ...filter } = ctx.input;
      const { total, rows } = await listNotifications(db, who, filter, (pageNum - 1) * pageSize, pageSize);
      const list = notificationRows(rows, ctx.lang);
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
