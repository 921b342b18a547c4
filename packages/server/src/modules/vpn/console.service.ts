import {
  type CallParsedInput,
  type getVpnTopTalkersCall,
  type getVpnTrafficSeriesCall,
  type Lang,
  type listVpnActivityCall,
  type listVpnNotificationsCall,
  type listVpnTunnelsCall,
  VPN_NOTIFICATION_BIZ_TYPES,
  VPN_TRAFFIC_HOURLY_MAX_DAYS,
  type VpnTrafficSeries,
  type VpnTunnelRow,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { activityPage } from '../activity-log/activity-log.query.ts';
import { checkedRange } from '../device-dashboard/telemetry-series.ts';
import { listNotifications, markRead } from '../device-notifications/device-notifications.store.ts';
import { notificationRows } from '../device-notifications/notification-rows.ts';
import * as consoleStore from './console.store.ts';
import { hubStatus } from './hub-status.ts';

/**
 * The VPN console's dashboard charts (traffic per group over time, top talkers, hub health per region)
 * and its devices, activity and notifications pages (docs/decisions.md "VPN console pages").
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Range = { startTime?: number | undefined; endTime?: number | undefined };

/** The range asked (the last 24 hours by default, at most three months: 120098) and its bucket width. */
function chartRange(input: Range, now: Date) {
  const range = checkedRange(input, now);
  const span = range.end.getTime() - range.start.getTime();
  const bucket: 'hour' | 'day' = span <= VPN_TRAFFIC_HOURLY_MAX_DAYS * DAY ? 'hour' : 'day';
  return { range, bucket };
}

/** Every bucket start from the one holding `start` to the one holding `end` (UTC hours or days). */
function bucketTimes(start: Date, end: Date, bucket: 'hour' | 'day'): number[] {
  const step = bucket === 'hour' ? HOUR : DAY;
  const first = Math.floor(start.getTime() / step) * step;
  const times: number[] = [];
  for (let at = first; at <= end.getTime(); at += step) times.push(at);
  return times;
}

export async function trafficSeries(
  deps: ModuleDeps<'db' | 'clock'>,
  actor: Actor,
  input: CallParsedInput<typeof getVpnTrafficSeriesCall>,
): Promise<VpnTrafficSeries> {
  const { range, bucket } = chartRange(input, deps.clock.now());
  const buckets = await consoleStore.trafficBuckets(deps.db, actor.scope, range, bucket, input.vpnGroupId);
  const times = bucketTimes(range.start, range.end, bucket);
  const index = new Map(times.map((at, i) => [at, i]));
  const groupIds = [...new Set(buckets.map((b) => b.groupId))];
  const names = await consoleStore.namesOf(deps.db, actor.scope, { groupIds, sns: [], clientIds: [] });
  const lines = new Map(groupIds.map((id) => [id, times.map(() => 0)]));
  for (const b of buckets) {
    const i = index.get(b.at);
    const line = lines.get(b.groupId);
    if (i !== undefined && line) line[i] = (line[i] ?? 0) + b.bytes;
  }
  return {
    bucket,
    times,
    groups: groupIds
      // A group deleted since has no name in the scope: its traffic is gone with it.
      .filter((id) => names.groups.has(id))
      .map((id) => ({ vpnGroupId: id, name: names.groups.get(id) as string, bytes: lines.get(id) ?? [] }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export async function topTalkers(
  deps: ModuleDeps<'db' | 'clock'>,
  actor: Actor,
  input: CallParsedInput<typeof getVpnTopTalkersCall>,
) {
  const { range } = chartRange(input, deps.clock.now());
  const top = await consoleStore.topMembers(deps.db, actor.scope, range, input.vpnGroupId, input.limit);
  const parsed = top.map((t) => {
    const [kind, id = ''] = t.memberKey.split(':') as ['device' | 'client', string];
    return { ...t, kind, id };
  });
  const names = await consoleStore.namesOf(deps.db, actor.scope, {
    groupIds: [...new Set(parsed.map((p) => p.groupId))],
    sns: parsed.filter((p) => p.kind === 'device').map((p) => p.id),
    clientIds: parsed.filter((p) => p.kind === 'client').map((p) => Number(p.id)),
  });
  return parsed
    .filter((p) => names.groups.has(p.groupId))
    .map((p) => ({
      kind: p.kind,
      sn: p.kind === 'device' ? p.id : null,
      clientId: p.kind === 'client' ? Number(p.id) : null,
      name:
        (p.kind === 'device' ? names.devices.get(p.id) : names.clients.get(Number(p.id))) ??
        (p.kind === 'device' ? p.id : `#${p.id}`),
      vpnGroupId: p.groupId,
      groupName: names.groups.get(p.groupId) as string,
      bytes: p.bytes,
    }));
}

/**
 * Each region of the company's groups with the hub serving it: this platform's one hub serves every
 * region today (docs/deployment.md "VPN hubs"), so each region shows its state, and how many of the
 * company's running groups there have an instance on it.
 */
export async function hubHealth(deps: ModuleDeps<'db' | 'config' | 'vpnHub'>, actor: Actor) {
  const status = await hubStatus(deps);
  const running = new Set(deps.vpnHub?.groups() ?? []);
  const { groups, byRegion } = await consoleStore.regionFigures(deps.db, actor.scope);
  const regions = [...new Set(groups.map((g) => g.region))].sort();
  return regions.map((region) => {
    const runningHere = groups.filter((g) => g.region === region && g.state === 'running');
    const up = deps.vpnHub ? runningHere.filter((g) => running.has(g.id)).length : runningHere.length;
    return {
      region,
      state: status.state,
      groupsRunning: runningHere.length,
      groupsUp: status.state === 'running' || status.state === 'external' ? up : 0,
      tunnels: byRegion.get(region)?.tunnels ?? 0,
      lastStatusAt: byRegion.get(region)?.last ?? null,
    };
  });
}

export function toTunnelRow(r: consoleStore.TunnelRecord): VpnTunnelRow {
  return {
    kind: r.kind,
    sn: r.sn,
    clientId: r.client_id,
    name: (r.kind === 'device' ? r.device_name : r.client_name) ?? r.sn ?? '',
    model: r.kind === 'device' ? r.model : null,
    online: r.kind === 'device' ? r.online : null,
    vpnGroupId: r.group_id,
    groupName: r.group_name,
    virtualIp: r.virtual_ip,
    vpnState: r.vpn_state,
    realAddress: r.real_address,
    bytesIn: r.bytes_in,
    bytesOut: r.bytes_out,
    joinedAt: new Date(r.joined_at).getTime(),
  };
}

export async function listTunnels(
  deps: ModuleDeps<'db'>,
  actor: Actor,
  input: CallParsedInput<typeof listVpnTunnelsCall>,
) {
  const { pageNum, pageSize, ...filter } = input;
  const [total, rows] = await Promise.all([
    consoleStore.countTunnels(deps.db, actor.scope, filter),
    consoleStore.tunnelRows(deps.db, actor.scope, filter, (pageNum - 1) * pageSize, pageSize),
  ]);
  return { total, list: rows.map(toTunnelRow) };
}

/** The activity log of VPN console calls (the device activity page's query, `scope: 'vpn'`). */
export function listActivity(
  deps: ModuleDeps<'db'>,
  actor: Actor,
  input: CallParsedInput<typeof listVpnActivityCall>,
) {
  const { pageNum, pageSize, ...filter } = input;
  return activityPage(deps.db, actor.scope, { ...filter, scope: 'vpn' }, (pageNum - 1) * pageSize, pageSize);
}

/** The company's notifications of VPN kinds: a group's data limit and the data pool. */
export async function listNotificationsOfVpn(
  deps: ModuleDeps<'db'>,
  actor: Actor,
  input: CallParsedInput<typeof listVpnNotificationsCall>,
  lang: Lang,
) {
  const { pageNum, pageSize, bizTypes, ...filter } = input;
  const { total, rows } = await listNotifications(
    deps.db,
    actor,
    { ...filter, bizTypes: bizTypes?.length ? bizTypes : [...VPN_NOTIFICATION_BIZ_TYPES] },
    (pageNum - 1) * pageSize,
    pageSize,
  );
  return { total, list: notificationRows(rows, lang) };
}

/** Marks VPN notifications among `ids` read for the caller; others are left as they are. */
export async function markVpnNotificationsRead(deps: ModuleDeps<'db'>, actor: Actor, ids: readonly number[]) {
  const own = await consoleStore.vpnNotificationIds(deps.db, actor.scope, ids, VPN_NOTIFICATION_BIZ_TYPES);
  return { marked: own.length ? await markRead(deps.db, actor, own) : 0 };
}
