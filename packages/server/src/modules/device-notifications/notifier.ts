import {
  type DeviceEvent,
  NOTIFICATION_DEFAULT_SEVERITY,
  NOTIFICATION_GROUP_KINDS,
  NOTIFICATION_GROUP_MIN,
  NOTIFICATION_GROUP_WINDOW_MS,
} from '@fleetport/contract';
import { sql } from 'kysely';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import {
  attachToGroup,
  groupCandidates,
  insertNotifications,
  latestPresenceNotes,
  type NotificationDraft,
  type StoredNotification,
} from './device-notifications.store.ts';

/** A refused claim of the same SN is told once per this window: a device retries every few seconds. */
export const CLAIM_REFUSED_QUIET_MS = 60 * 60_000;

/**
 * Turns what the gateway sees into device notifications (core §2 `noti`) and tells the company's open
 * consoles (`notifications.new`, one message per company per batch). A notification that cannot be
 * written is logged and dropped: it must never stop presence, events or claims from being stored.
 */
export interface Notifier {
  /** Settled presence changes (after the debounce) that changed the stored state. */
  presenceChanged(
    changes: readonly { sn: string; companyId: number; online: boolean }[],
    at: Date,
  ): Promise<void>;
  /** A device event was stored: alarms and final update results become notifications. */
  deviceEvent(companyId: number, sn: string, event: DeviceEvent, at: Date): Promise<void>;
  /** RPC commands the cloud timed out: firmware and app installs among them are failed updates. */
  commandsTimedOut(rows: readonly RpcCommandRow[], at: Date): Promise<void>;
  /** A device was claimed into its importing company. */
  claimed(sn: string): Promise<void>;
  /** A claim-phase login was refused; told when an import row names the company. */
  claimRefused(sn: string): Promise<void>;
}

export function createNotifier(deps: {
  db: DbOrTx;
  hub: LiveHub;
  clock: Clock;
  onError: (error: unknown) => void;
}): Notifier {
  const { db, hub, clock } = deps;

  /**
   * Many devices of one company doing the same within the window (a site losing power, an operator
   * outage) coalesce into one grouped notification: the first NOTIFICATION_GROUP_MIN ungrouped ones
   * open the group, later ones within the window join it. Answers the notifications the company's
   * list shows anew (new ungrouped rows and new groups); members leave the list as they join.
   */
  async function coalesce(stored: StoredNotification[]): Promise<StoredNotification[]> {
    const shown = stored.filter((n) => !(n.bizType in NOTIFICATION_GROUP_KINDS));
    const keys = new Map<string, StoredNotification>();
    for (const n of stored)
      if (n.bizType in NOTIFICATION_GROUP_KINDS) keys.set(`${n.companyId}:${n.bizType}`, n);
    for (const sample of keys.values()) {
      const bizType = sample.bizType as keyof typeof NOTIFICATION_GROUP_KINDS;
      const groupKind = NOTIFICATION_GROUP_KINDS[bizType];
      const since = new Date(sample.at.getTime() - NOTIFICATION_GROUP_WINDOW_MS);
      const { groupId, loose } = await groupCandidates(db, sample.companyId, bizType, groupKind, since);
      const mine = stored.filter((n) => n.companyId === sample.companyId && n.bizType === bizType);
      if (groupId !== null) {
        await attachToGroup(db, groupId, loose);
        continue;
      }
      if (loose.length < NOTIFICATION_GROUP_MIN) {
        shown.push(...mine);
        continue;
      }
      const [group] = await insertNotifications(db, [
        draft(sample.companyId, '', groupKind, { count: loose.length }, sample.at),
      ]);
      if (!group) continue;
      await attachToGroup(db, group.id, loose);
      shown.push(group);
    }
    return shown;
  }

  async function add(drafts: NotificationDraft[]): Promise<void> {
    const stored = await insertNotifications(db, drafts);
    if (stored.length === 0) return;
    const shown = await coalesce(stored);
    const byCompany = new Map<
      number,
      { count: number; latestId: number; sn: string; severities: Set<string> }
    >();
    // Every company with a change hears of it (a group that grew changes the list too).
    for (const n of stored)
      if (!byCompany.has(n.companyId))
        byCompany.set(n.companyId, { count: 0, latestId: n.id, sn: n.sn, severities: new Set() });
    for (const n of shown) {
      const entry = byCompany.get(n.companyId) ?? { count: 0, latestId: 0, sn: n.sn, severities: new Set() };
      entry.count++;
      if (n.id > entry.latestId) Object.assign(entry, { latestId: n.id, sn: n.sn });
      entry.severities.add(n.severity);
      byCompany.set(n.companyId, entry);
    }
    for (const [companyId, e] of byCompany)
      hub.publish('notifications.new', companyId, {
        count: e.count,
        latestId: e.latestId,
        sn: e.sn,
        severities: [...e.severities],
      });
  }

  const guarded =
    <A extends unknown[]>(work: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        await work(...args);
      } catch (error) {
        deps.onError(error);
      }
    };

  /** The update commands among `rpcIds` whose failure the company was told already. */
  async function toldFailed(companyId: number, rpcIds: readonly string[]): Promise<Set<string>> {
    const rows = await db
      .selectFrom('device_notification')
      .select(sql<string>`extend->>'rpcId'`.as('rpcId'))
      .where('company_id', '=', companyId)
      .where('biz_type', '=', 'updateFailed')
      .where(sql<string>`extend->>'rpcId'`, 'in', rpcIds)
      .execute();
    return new Set(rows.map((r) => r.rpcId));
  }

  const refusals = new Map<string, Promise<void>>();
  const noteRefusal = guarded(async (sn: string) => {
    const now = clock.now();
    const refusal = await db
      .selectFrom('device_claim_log')
      .select(['company_id', 'reason', 'at'])
      .where('sn', '=', sn)
      .where('outcome', '=', 'refused')
      .where('company_id', 'is not', null)
      .where('at', '>=', new Date(now.getTime() - 60_000))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!refusal || refusal.company_id === null) return;
    const companyId = Number(refusal.company_id);
    const recent = await db
      .selectFrom('device_notification')
      .select('id')
      .where('company_id', '=', companyId)
      .where('sn', '=', sn)
      .where('biz_type', '=', 'claimRefused')
      .where('at', '>', new Date(now.getTime() - CLAIM_REFUSED_QUIET_MS))
      .executeTakeFirst();
    if (recent) return;
    await add([draft(companyId, sn, 'claimRefused', { reason: refusal.reason ?? '' }, now)]);
  });

  return {
    presenceChanged: guarded(async (changes, at) => {
      const drafts: NotificationDraft[] = [];
      const cameBack = new Map<number, string[]>();
      for (const c of changes) {
        if (!c.online) {
          drafts.push(draft(c.companyId, c.sn, 'deviceOffline', {}, at));
          continue;
        }
        cameBack.set(c.companyId, [...(cameBack.get(c.companyId) ?? []), c.sn]);
      }
      // Only a return from an offline that was told is news: a first connection, or every device
      // reconnecting after the server restarted (which told nobody they went away), is not.
      for (const [companyId, sns] of cameBack) {
        const latest = await latestPresenceNotes(db, companyId, sns);
        for (const sn of sns) {
          const last = latest.get(sn);
          if (last?.bizType !== 'deviceOffline') continue;
          const offlineSeconds = Math.max(0, Math.round((at.getTime() - last.at.getTime()) / 1000));
          drafts.push(draft(companyId, sn, 'deviceOnline', { offlineSeconds }, at));
        }
      }
      await add(drafts);
    }),

    deviceEvent: guarded(async (companyId, sn, event, at) => {
      if (event.name === 'alarm') {
        await add([
          {
            companyId,
            sn,
            bizType: 'alert',
            severity: event.severity,
            extend: { code: event.code, message: event.message },
            at,
          },
        ]);
        return;
      }
      if (event.name !== 'updateProgress' || (event.state !== 'success' && event.state !== 'failure')) return;
      const extend = {
        rpcId: event.rpcId,
        target: event.target,
        version: event.version,
        ...(event.packageName ? { packageName: event.packageName } : {}),
        ...(event.errorCode !== undefined ? { errorCode: event.errorCode } : {}),
      };
      const bizType = event.state === 'success' ? 'updateSucceeded' : 'updateFailed';
      // A failure reported after the cloud timed the update out was told already.
      if (bizType === 'updateFailed' && (await toldFailed(companyId, [event.rpcId])).size > 0) return;
      await add([draft(companyId, sn, bizType, extend, at)]);
    }),

    commandsTimedOut: guarded(async (rows, at) => {
      const updates = rows.filter((r) => r.method in UPDATE_TARGETS);
      const drafts: NotificationDraft[] = [];
      for (const row of updates) {
        const companyId = Number(row.company_id);
        // The device may have reported its failure before the deadline without replying to the command.
        if ((await toldFailed(companyId, [row.id])).size > 0) continue;
        const params = (row.params ?? {}) as { version?: unknown; packageName?: unknown };
        const extend = {
          rpcId: row.id,
          target: UPDATE_TARGETS[row.method],
          version: typeof params.version === 'string' ? params.version : '',
          ...(typeof params.packageName === 'string' ? { packageName: params.packageName } : {}),
          timedOut: true,
        };
        drafts.push(draft(companyId, row.sn, 'updateFailed', extend, at));
      }
      await add(drafts);
    }),

    claimed: guarded(async (sn) => {
      const device = await db
        .selectFrom('device')
        .select('company_id')
        .where('sn', '=', sn)
        .executeTakeFirst();
      if (device) await add([draft(Number(device.company_id), sn, 'deviceClaimed', {}, clock.now())]);
    }),

    // One SN's refusals one after another: two refused claims at once would each find no recent
    // notice and both write one (seen on PostgreSQL, whose pool runs them side by side). A refused
    // claim reaches the node its device connected to, so a chain in this node is enough.
    claimRefused: (sn) => {
      const next = (refusals.get(sn) ?? Promise.resolve()).then(() => noteRefusal(sn));
      refusals.set(sn, next);
      void next.finally(() => {
        if (refusals.get(sn) === next) refusals.delete(sn);
      });
      return next;
    },
  };
}

/** The RPC methods that install software, and what the notification calls them. */
export const UPDATE_TARGETS: Record<string, 'firmware' | 'app'> = {
  firmwareInstall: 'firmware',
  appInstall: 'app',
};

function draft(
  companyId: number,
  sn: string,
  bizType: keyof typeof NOTIFICATION_DEFAULT_SEVERITY,
  extend: Record<string, unknown>,
  at: Date,
): NotificationDraft {
  return { companyId, sn, bizType, severity: NOTIFICATION_DEFAULT_SEVERITY[bizType], extend, at };
}
