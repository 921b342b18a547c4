import {
  type DataLimitCycle,
  type DataPoolSource,
  ErrorCode,
  VPN_USAGE_WARNING_PERCENT,
  type VpnGroupUsage,
} from '@fleetport/contract';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { poolTotals } from '../data-pool/data-pool.store.ts';
import type { GroupRecord, MemberRecord } from './vpn.store.ts';
import * as store from './vpn.store.ts';

/**
 * VPN data limits (docs/decisions.md "VPN data limits"): each member's traffic is counted per cycle of
 * its group from the hub's counters; a group whose members together reached its limit, or a device
 * that reached its own, is refused by the hub (`disable` in its address file) until the next cycle or
 * a higher limit. Cycles start at 00:00 UTC (a day), Monday 00:00 UTC (a week), the 1st 00:00 UTC (a
 * month); a single-time limit counts from the group's creation and never starts again. Past the
 * group's limit its tunnels carry on while the company's data pool has data left (180023 once it is
 * used up; 180021 when the company has no pool).
 */

const MB = 1024 * 1024;
/** The pool items that carry a group past its limit (companyPool). */
const POOL_SOURCES_PAST_LIMIT = ['package', 'grant'] as const satisfies readonly DataPoolSource[];
const DAY = 86_400_000;
/** The count of a single-time limit is kept under one start that no cycle has. */
const SINGLE_START = new Date(0);

export function cycleBounds(cycle: DataLimitCycle, now: Date): { start: Date; end: Date | null } {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (cycle === 'day') return { start: new Date(day), end: new Date(day + DAY) };
  if (cycle === 'week') {
    const monday = day - ((now.getUTCDay() + 6) % 7) * DAY;
    return { start: new Date(monday), end: new Date(monday + 7 * DAY) };
  }
  if (cycle === 'month')
    return {
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    };
  return { start: SINGLE_START, end: null };
}

function stateOf(used: number, limit: number): VpnGroupUsage['state'] {
  if (used >= limit) return 'exhausted';
  return used * 100 >= limit * VPN_USAGE_WARNING_PERCENT ? 'warning' : 'normal';
}

/** The group's and its devices' traffic in the current cycle, with their states and refusal codes. */
export async function groupUsage(
  db: DbOrTx,
  scope: CompanyScope,
  group: GroupRecord,
  members: readonly MemberRecord[],
  now: Date,
): Promise<VpnGroupUsage> {
  const bounds = cycleBounds(group.cycle, now);
  const used = await store.cycleUsage(db, scope, group.id, bounds.start);
  const limitBytes = group.data_limit_mb * MB;
  const usedBytes = [...used.values()].reduce((a, b) => a + b, 0);
  const state = stateOf(usedBytes, limitBytes);
  const pool = await companyPool(db, group.company_id, now);
  const carrying = state === 'exhausted' && pool !== null && pool.remainingBytes > 0;
  const groupCode =
    state !== 'exhausted' || carrying
      ? null
      : pool === null
        ? ErrorCode.VPN_GROUP_TRAFFIC_EXHAUSTED
        : ErrorCode.VPN_POOL_TRAFFIC_EXHAUSTED;
  const groupRefused = groupCode !== null;
  return {
    cycle: group.cycle,
    cycleStart: (group.cycle === 'single' ? group.created_at : bounds.start).getTime(),
    cycleEnd: bounds.end?.getTime() ?? null,
    limitBytes,
    usedBytes,
    percent: Math.floor((usedBytes * 100) / limitBytes),
    state,
    code: groupCode,
    pool: pool && { ...pool, carrying },
    devices: members
      .filter((m) => m.active && m.kind === 'device' && m.sn !== null)
      .map((m) => {
        const bytes = used.get(m.member_key) ?? 0;
        const own = m.data_limit_mb === null ? null : stateOf(bytes, m.data_limit_mb * MB);
        const deviceState = groupRefused ? 'exhausted' : (own ?? 'normal');
        return {
          sn: m.sn as string,
          dataLimitMb: m.data_limit_mb,
          usedBytes: bytes,
          percent: m.data_limit_mb === null ? null : Math.floor((bytes * 100) / (m.data_limit_mb * MB)),
          state: deviceState,
          code: own === 'exhausted' ? ErrorCode.VPN_DEVICE_TRAFFIC_EXHAUSTED : groupCode,
        };
      }),
  };
}

/**
 * The data the company added to its VPN data pool (data-pool's items of bought packages and the
 * platform's grants) when it has or had such data; null when it never had any. The traffic its
 * licences include is the pool's too, but does not lift a group's own limit: that limit is the
 * company's cap, and only data it added on purpose carries tunnels past it.
 */
async function companyPool(db: DbOrTx, companyId: number, now: Date) {
  const totals = await poolTotals(db, [companyId], now, POOL_SOURCES_PAST_LIMIT);
  if (totals.totalBytes <= 0 && totals.expired === 0) return null;
  return { remainingBytes: Math.max(0, totals.remainingBytes), totalBytes: totals.totalBytes };
}

/**
 * Members the hub refuses now: all of them when the group's traffic is exhausted and no pool carries
 * it (180021, 180023), else devices at their own limit.
 */
export async function refusedMembers(
  db: DbOrTx,
  scope: CompanyScope,
  group: GroupRecord,
  members: readonly MemberRecord[],
  now: Date,
): Promise<Set<string>> {
  const usage = await groupUsage(db, scope, group, members, now);
  if (usage.code !== null) return new Set(members.map((m) => m.member_key));
  return new Set(usage.devices.filter((d) => d.code !== null).map((d) => `device:${d.sn}`));
}

/**
 * Counts what a member's tunnel carried since the last read: the hub's counters are those of the
 * current connection, so the growth since the last read, or all of it when the connection is new
 * (the counters went down, or the member was not connected).
 */
export function trafficSince(
  before: { connected: boolean; bytesIn: number; bytesOut: number },
  now: { bytesIn: number; bytesOut: number },
): number {
  const total = now.bytesIn + now.bytesOut;
  if (!before.connected) return total;
  const previous = before.bytesIn + before.bytesOut;
  return total >= previous ? total - previous : total;
}
