import {
  type EventType,
  NOTIFICATION_DEFAULT_SEVERITY,
  type NotificationBizType,
  VPN_USAGE_WARNING_PERCENT,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { type Db, type DbOrTx, inTransaction, type Tx } from '../../platform/db/open.ts';
import { appendEvent } from '../alerts/event-log.store.ts';
import {
  insertNotifications,
  type StoredNotification,
} from '../device-notifications/device-notifications.store.ts';
import { cycleBounds, groupUsage } from './usage.ts';
import type { GroupRecord } from './vpn.store.ts';
import * as store from './vpn.store.ts';

/**
 * The data limit warnings (docs/decisions.md "VPN data limits"): when a group's traffic reaches 80 % of
 * its limit in a cycle (`warning`) and when it reaches 100 % (`exhausted`), the company is told once
 * for that group and cycle: a console notification (`vpnDataLow`, `vpnDataExhausted` with the group in
 * `extend`) and an event in the event log (`vpn.dataLow`, `vpn.dataExhausted`), which the notification
 * channels deliver (the e-mail channel mails the administrators). The mark of each told level is a row
 * of `vpn_limit_notice` written in the same transaction, so two nodes reading the hub at once, or a
 * restart, never tell a crossing twice; the next cycle has no marks, so it may tell again.
 */

export type LimitLevel = 'warning' | 'exhausted';

const MB = 1024 * 1024;

export const LIMIT_EVENT: Record<LimitLevel, EventType> = {
  warning: 'vpn.dataLow',
  exhausted: 'vpn.dataExhausted',
};

const BIZ_TYPE: Record<LimitLevel, NotificationBizType> = {
  warning: 'vpnDataLow',
  exhausted: 'vpnDataExhausted',
};

async function inTx<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Tx) : inTransaction(db as Db, work);
}

/**
 * Tells the group's crossing of 80 % or 100 % in its current cycle when it was not told yet; answers
 * the console notification written (to announce after the commit), or null. A jump from under 80 %
 * straight past 100 % tells only that the traffic is exhausted (and marks the warning as told).
 */
export async function tellLimitCrossing(
  db: DbOrTx,
  group: GroupRecord,
  at: Date,
): Promise<StoredNotification | null> {
  const scope = companyScope(group.company_id);
  const cycleStart = cycleBounds(group.cycle, at).start;
  // Cheap first (this runs after every read that added traffic): what was told, and the sum.
  const told = await store.toldLimitNotices(db, scope, group.id, cycleStart);
  if (told.has('exhausted')) return null;
  const limitBytes = group.data_limit_mb * MB;
  const used = await store.cycleTotal(db, scope, group.id, cycleStart);
  if (used * 100 < limitBytes * VPN_USAGE_WARNING_PERCENT) return null;
  if (used < limitBytes && told.has('warning')) return null;
  const members = await store.groupMembers(db, scope, group.id);
  const usage = await groupUsage(db, scope, group, members, at);
  // The usage's own states: `warning` from VPN_USAGE_WARNING_PERCENT, `exhausted` at the limit.
  const level = usage.state === 'normal' ? null : usage.state;
  if (!level) return null;
  return inTx(db, async (tx) => {
    const levels: LimitLevel[] = level === 'exhausted' ? ['warning', 'exhausted'] : ['warning'];
    let marked: LimitLevel | null = null;
    for (const l of levels)
      if (await store.markLimitNotice(tx, scope, group.id, cycleStart, l, at)) marked = l;
    if (!marked) return null;
    const details = {
      vpnGroupId: group.id,
      vpnGroupName: group.name,
      percent: usage.percent,
      usedBytes: usage.usedBytes,
      limitBytes: usage.limitBytes,
      cycle: group.cycle,
      cycleStart: usage.cycleStart,
      cycleEnd: usage.cycleEnd,
      code: usage.code,
      poolRemainingBytes: usage.pool?.remainingBytes ?? null,
    };
    const bizType = BIZ_TYPE[marked];
    const [notification] = await insertNotifications(tx, [
      {
        companyId: group.company_id,
        sn: '',
        bizType,
        severity: NOTIFICATION_DEFAULT_SEVERITY[bizType as keyof typeof NOTIFICATION_DEFAULT_SEVERITY],
        extend: details,
        at,
      },
    ]);
    await appendEvent(tx, group.company_id, LIMIT_EVENT[marked], details, at);
    return notification ?? null;
  });
}

/** Tells the company's open consoles of a warning written (after its commit). */
export function announceLimitNotice(
  deps: Partial<ModuleDeps<'hub'>>,
  notification: StoredNotification | null,
): void {
  if (!notification || !deps.hub) return;
  deps.hub.publish('notifications.new', notification.companyId, {
    count: 1,
    latestId: notification.id,
    sn: notification.sn,
    severities: [notification.severity],
  });
}
