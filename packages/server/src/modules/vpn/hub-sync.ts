import { ErrorCode } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { HubNotAnswering } from '../../vpn-hub/hub.ts';
import { netmaskOf } from './address-plan.ts';
import { hubCredentials, memberCommonName } from './certificates.ts';
import * as store from './vpn.store.ts';

/**
 * Keeps the platform's hub in step with the database: a running group has an instance with its
 * members' names and addresses and the company's CRL; a stopped or deleted group has none. Called in
 * the transaction that changed the group, so a hub that does not answer undoes the change (180004).
 */

type SyncDeps = ModuleDeps<'db' | 'config' | 'vpnHub'>;

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
      })),
      routes: [],
    })
    .catch(hubFailure);
}

/** Drops the tunnels of members that left (their certificates are already revoked). */
export async function afterMembersLeft(deps: SyncDeps, groupId: number, memberKeys: readonly string[]) {
  const hub = deps.vpnHub;
  if (!hub) return;
  for (const key of memberKeys)
    await hub.disconnect(groupId, memberCommonName(groupId, key)).catch(() => undefined);
}
