import {
  type DataPoolAlert,
  NOTIFICATION_DEFAULT_SEVERITY,
  type NotificationBizType,
} from '@fleetport/contract';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/open.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import {
  insertNotifications,
  type StoredNotification,
} from '../device-notifications/device-notifications.store.ts';
import {
  addUsage,
  lockDrawableItems,
  lockPool,
  type PoolRow,
  poolTotals,
  saveItemUse,
  savePoolAlert,
} from './data-pool.store.ts';

const DAY_MS = 86_400_000;

/** The job that mails a crossing to the customer and its partner (data-pool.job.ts). */
export const DATA_POOL_ALERT_JOB = 'dataPool.alertMail';

export interface AlertMailPayload {
  companyId: number;
  alert: DataPoolAlert;
  remainingBytes: number;
  totalBytes: number;
}

const RANK: Record<DataPoolAlert | 'none', number> = { none: 0, low: 1, exhausted: 2 };
const BIZ_TYPE: Record<DataPoolAlert, NotificationBizType> = {
  low: 'vpnDataLow',
  exhausted: 'vpnDataExhausted',
};

/** What a change of the pool raised: the device notification to announce once the transaction commits. */
export interface Settled {
  companyId: number;
  notification: StoredNotification | null;
}

/**
 * Compares the pool with its thresholds after a change and tells a crossing once: a state worse than
 * the one told last (none → low → exhausted) writes a device notification and enqueues the partner's
 * e-mail, both in the caller's transaction; a better state (data added, a period credited) is only
 * remembered, so the next crossing tells again. Many telemetry messages below the threshold tell nothing.
 */
export async function settlePool(
  tx: Tx,
  pool: PoolRow,
  ctx: { sn: string; at: Date; clock: Clock },
): Promise<Settled> {
  const totals = await poolTotals(tx, [pool.companyId], ctx.at);
  const hadData = totals.totalBytes > 0 || totals.expired > 0 || pool.uncoveredBytes > 0;
  const now: DataPoolAlert | null =
    hadData && totals.remainingBytes <= 0
      ? 'exhausted'
      : totals.totalBytes > 0 && totals.remainingBytes * 100 <= pool.lowPercent * totals.totalBytes
        ? 'low'
        : null;
  if (now === pool.alert) return { companyId: pool.companyId, notification: null };
  const raised = RANK[now ?? 'none'] > RANK[pool.alert ?? 'none'];
  await savePoolAlert(tx, pool.companyId, { alert: now, raised }, ctx.at);
  if (!raised || !now) return { companyId: pool.companyId, notification: null };
  const bizType = BIZ_TYPE[now];
  const [notification] = await insertNotifications(tx, [
    {
      companyId: pool.companyId,
      sn: ctx.sn,
      bizType,
      severity: NOTIFICATION_DEFAULT_SEVERITY[bizType as keyof typeof NOTIFICATION_DEFAULT_SEVERITY],
      extend: { remainingBytes: totals.remainingBytes, totalBytes: totals.totalBytes },
      at: ctx.at,
    },
  ]);
  const payload: AlertMailPayload = {
    companyId: pool.companyId,
    alert: now,
    remainingBytes: totals.remainingBytes,
    totalBytes: totals.totalBytes,
  };
  await enqueueJob(tx, {
    kind: DATA_POOL_ALERT_JOB,
    payload,
    companyId: pool.companyId,
    // One mail per crossing, however often the job is retried or the transaction's caller repeats.
    idempotencyKey: `${pool.companyId}:${pool.alertCount + 1}`,
    clock: ctx.clock,
  });
  return { companyId: pool.companyId, notification: notification ?? null };
}

/** Tells the company's open consoles of a notification a settle wrote (after its commit). */
export function announce(hub: LiveHub, settled: Settled) {
  const n = settled.notification;
  if (!n) return;
  hub.publish('notifications.new', n.companyId, {
    count: 1,
    latestId: n.id,
    sn: n.sn,
    severities: [n.severity],
  });
}

/**
 * Draws `bytes` of VPN traffic from a company's pool under its lock: from the item expiring first,
 * starting an unused item's days at its first draw; what no item covers is counted as uncovered.
 * Never draws an item below zero (the table's check is the last guard).
 */
export async function drawFromPool(
  tx: Tx,
  companyId: number,
  bytes: number,
  ctx: { sn: string; at: Date; clock: Clock },
): Promise<Settled> {
  const pool = await lockPool(tx, companyId, ctx.at);
  let left = bytes;
  for (const item of await lockDrawableItems(tx, companyId, ctx.at)) {
    if (left <= 0) break;
    const take = Math.min(left, item.remaining);
    const firstUsedAt = item.firstUsedAt ?? ctx.at;
    await saveItemUse(tx, {
      id: item.id,
      usedBytes: item.usedBytes + take,
      firstUsedAt,
      expiresAt: new Date(firstUsedAt.getTime() + item.expireDays * DAY_MS),
    });
    left -= take;
  }
  await addUsage(tx, companyId, ctx.at, bytes - left, left);
  if (left > 0) {
    await savePoolAlert(tx, companyId, { alert: pool.alert, raised: false, uncoveredBytes: left }, ctx.at);
    pool.uncoveredBytes += left;
  }
  return settlePool(tx, pool, ctx);
}
