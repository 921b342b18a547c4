import { ErrorCode } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { HubNotAnswering } from '../../vpn-hub/hub.ts';
import { netmaskOf } from './address-plan.ts';
import { hubCredentials, memberCommonName } from './certificates.ts';
import { refusedMembers } from './usage.ts';
import type { EndDeviceRecord, GroupRecord, MemberRecord } from './vpn.store.ts';
import * as store from './vpn.store.ts';

/**
 * Keeps the platform's hub in step with the database: a running group has an instance with its
 * members' names and addresses and the company's CRL; a stopped or deleted group has none. Called in
 * the transaction that changed the group, so a hub that does not answer undoes the change (180004).
 */

type SyncDeps = ModuleDeps<'db' | 'clock' | 'config' | 'vpnHub'>;

function hubFailure(error: unknown): never {
  if (error instanceof HubNotAnswering) throw new AppError(ErrorCode.VPN_SERVER_OFFLINE);
  throw error;
}

export async function syncGroup(
  deps: SyncDeps,
  tx: DbOrTx,
  companyId: number,
  groupId: number,
): Promise<void> {
  const hub = deps.vpnHub;
  if (!hub) return;
  const scope = companyScope(companyId);
  const group = await store.findGroup(tx, scope, groupId);
  if (!group || group.state === 'stopped') {
    await hub.remove(groupId).catch(hubFailure);
    return;
  }
  const creds = await hubCredentials(deps, tx, companyId, new Date());
  const members = (await store.groupMembers(tx, scope, groupId)).filter((m) => m.active);
  const sites = siteRoutes(group, members, await store.groupEndDevices(tx, scope, groupId));
  const refused = await refusedMembers(tx, scope, group, members, deps.clock.now());
  await hub
    .apply({
      groupId,
      port: group.port,
      protocol: group.protocol,
      network: group.network,
      netmask: netmaskOf(group.prefix),
      cipher: group.cipher,
      pingInterval: group.ping_interval,
      pingRetry: group.ping_retry,
      mtu: group.mtu,
      fragment: group.fragment,
      caPem: creds.caPem,
      certPem: creds.certPem,
      keyPem: creds.keyPem,
      crlPem: creds.crlPem,
      members: members.map((m) => ({
        commonName: memberCommonName(groupId, m.member_key),
        virtualIp: m.virtual_ip,
        iroutes: sites.iroutes.get(m.member_key) ?? [],
        pushRoutes: sites.lans.filter((lan) => lan.memberKey !== m.member_key).map((lan) => lan.cidr),
        disabled: refused.has(m.member_key),
      })),
      routes: [],
    })
    .catch(hubFailure);
}

/**
 * What each site publishes (docs/decisions.md "VPN sites"): in an overlay group a router's LAN is
 * routed to it at the hub and pushed to every other member; in every group each end device's mapped
 * virtual address is routed to the router it sits behind, which maps it to the device's own address.
 */
export function siteRoutes(
  group: GroupRecord,
  members: readonly MemberRecord[],
  endDevices: readonly EndDeviceRecord[],
): { iroutes: Map<string, string[]>; lans: { memberKey: string; cidr: string }[] } {
  const iroutes = new Map<string, string[]>();
  const lans: { memberKey: string; cidr: string }[] = [];
  const active = new Set(members.map((m) => m.member_key));
  const add = (key: string, cidr: string) => iroutes.set(key, [...(iroutes.get(key) ?? []), cidr]);
  if (group.site_ip_access_type === 'VIRTUAL_IP_OVERLAY_REAL_IP')
    for (const m of members)
      if (m.kind === 'device' && m.lan_subnet) {
        add(m.member_key, m.lan_subnet);
        lans.push({ memberKey: m.member_key, cidr: m.lan_subnet });
      }
  for (const end of endDevices)
    if (active.has(`device:${end.sn}`)) add(`device:${end.sn}`, `${end.virtual_ip}/32`);
  return { iroutes, lans };
}

/** Drops members' tunnels at the hub (they left, or their certificate was replaced; the old one is revoked already). */
export async function dropTunnels(deps: SyncDeps, groupId: number, memberKeys: readonly string[]) {
  const hub = deps.vpnHub;
  if (!hub) return;
  for (const key of memberKeys)
    await hub.disconnect(groupId, memberCommonName(groupId, key)).catch(() => undefined);
}
