import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { HubNotAnswering } from '../../vpn-hub/hub.ts';
import { memberCommonName, preparePki } from './certificates.ts';
import { syncGroup } from './hub-sync.ts';
import { announceLimitNotice, tellLimitCrossing } from './limit-notices.ts';
import { cycleBounds, trafficSince } from './usage.ts';
import type { GroupRecord, MemberRecord } from './vpn.store.ts';
import * as store from './vpn.store.ts';

/**
 * What the console shows of the platform's hub: running, not answering, not installed (no `openvpn`
 * on this machine), or `external` when this platform runs no local hub (VPN_HUB=off).
 */
export async function hubStatus(deps: ModuleDeps<'config' | 'vpnHub'>) {
  const publicHost = deps.config.vpn.publicHost;
  const hub = deps.vpnHub;
  if (!hub) return { state: 'external' as const, version: null, publicHost, instances: 0 };
  const health = await hub.health();
  if (health.state === 'notInstalled')
    return { state: health.state, version: null, publicHost, instances: 0 };
  return { state: health.state, version: health.version, publicHost, instances: health.instances };
}

type HubDeps = ModuleDeps<'db' | 'clock' | 'config' | 'vpnHub'> & Partial<ModuleDeps<'hub'>>;

/** At start: every running group gets its instance back (a group the hub refuses is logged, not fatal). */
export async function restoreHubInstances(deps: HubDeps, log: { warn(msg: string): void }): Promise<void> {
  await preparePki(deps);
  for (const group of await store.hubGroups(deps.db)) {
    if (group.state !== 'running') continue;
    await syncGroup(deps, deps.db, group.company_id, group.id).catch((error: Error) =>
      log.warn(`VPN group ${group.id} could not start on the hub: ${error.message}`),
    );
  }
}

/**
 * Reads every instance's connections through the management interface and stores each member's state
 * and counters, with a traffic sample per connected member (vpn_traffic, kept as long as telemetry).
 * A hub instance that does not answer leaves its members disconnected.
 */
export async function recordHubStatus(deps: HubDeps): Promise<void> {
  const hub = deps.vpnHub;
  if (!hub) return;
  const at = deps.clock.now();
  // Kept as long as the devices' telemetry (TELEMETRY_RETENTION_DAYS).
  await store.dropTrafficBefore(
    deps.db,
    new Date(at.getTime() - deps.config.mqtt.telemetryRetentionDays * 86_400_000),
  );
  const running = new Set(hub.groups());
  for (const group of await store.hubGroups(deps.db)) {
    const scope = companyScope(group.company_id);
    let connections: Awaited<ReturnType<typeof hub.connections>> = [];
    if (running.has(group.id)) {
      try {
        connections = await hub.connections(group.id);
      } catch (error) {
        if (!(error instanceof HubNotAnswering)) throw error;
      }
    }
    const byName = new Map(connections.map((c) => [c.commonName, c]));
    const record = await store.findGroup(deps.db, scope, group.id);
    if (!record) continue;
    for (const member of await store.groupMembers(deps.db, scope, group.id)) {
      if (!member.active) continue;
      const seen = byName.get(memberCommonName(group.id, member.member_key));
      if (!seen && member.vpn_state === 'disconnected') continue;
      // A tunnel only its router reported (no real address from this hub) is the router's to end.
      if (!seen && member.real_address === null) continue;
      await recordMemberStatus(deps, record, member, seen ?? null, at);
    }
    // A group or device that reached its limit is refused from now on (and one in a new cycle let in).
    // A hub instance that does not answer (180004) is tried again at the next read; the others go on.
    if (running.has(group.id))
      await syncGroup(deps, deps.db, group.company_id, group.id).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
  }
}

/**
 * Keeps one member's state and counters as the hub reported them (`seen`, or null when it is not
 * connected), with a traffic sample, and adds what its tunnel carried since the last read to its count
 * of the group's current cycle (the data limits' input).
 */
export async function recordMemberStatus(
  deps: ModuleDeps<'db'> & Partial<ModuleDeps<'hub'>>,
  group: GroupRecord,
  member: MemberRecord,
  /** `realAddress` null: the router's own report (router-status.ts), not the hub's read. */
  seen: { realAddress: string | null; bytesIn: number; bytesOut: number } | null,
  at: Date,
): Promise<void> {
  const scope = companyScope(group.company_id);
  let carried = 0;
  if (seen) {
    carried = trafficSince(
      { connected: member.vpn_state === 'connected', bytesIn: member.bytes_in, bytesOut: member.bytes_out },
      seen,
    );
    await store.addUsage(
      deps.db,
      scope,
      group.id,
      member.member_key,
      cycleBounds(group.cycle, at).start,
      carried,
    );
    // 80 % and 100 % of the group's limit are told once per cycle (limit-notices.ts).
    if (carried > 0) announceLimitNotice(deps, await tellLimitCrossing(deps.db, group, at));
  }
  await store.saveMemberStatus(
    deps.db,
    scope,
    group.id,
    member.member_key,
    seen
      ? {
          connected: true,
          realAddress: seen.realAddress,
          bytesIn: seen.bytesIn,
          bytesOut: seen.bytesOut,
          carried,
        }
      : { connected: false, realAddress: null, bytesIn: 0, bytesOut: 0 },
    at,
  );
}
