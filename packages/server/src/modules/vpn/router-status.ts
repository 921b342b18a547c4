import type { VpnTunnelStatus } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { recordMemberStatus } from './hub-status.ts';
import * as store from './vpn.store.ts';

/**
 * A router's own report of its tunnel (`up/status` module `vpn`, docs/device-protocol.md §7.6): where no
 * hub of this platform reads the tunnel (a hub elsewhere, or a router the local hub has not seen), the
 * router's state and counters (bytes since the tunnel came up, as a hub's are) are the console's, and
 * their growth counts against the group's data limit as the hub's read would. A tunnel the local hub
 * reads (it has its real address) is the hub's: the router's report then changes nothing, so the two
 * sources never count the same bytes twice.
 */
export async function recordRouterTunnel(
  deps: ModuleDeps<'db' | 'clock'> & Partial<ModuleDeps<'hub'>>,
  sn: string,
  companyId: number,
  status: VpnTunnelStatus,
): Promise<void> {
  if (status.groupId === null) return;
  const scope = companyScope(companyId);
  const group = await store.findGroup(deps.db, scope, status.groupId);
  if (!group) return;
  const member = await store.findActiveMember(deps.db, scope, group.id, `device:${sn}`);
  if (!member) return;
  if (member.vpn_state === 'connected' && member.real_address !== null) return;
  const connected = status.state === 'connected' && group.state === 'running';
  if (!connected && member.vpn_state === 'disconnected') return;
  await recordMemberStatus(
    deps,
    group,
    member,
    connected ? { realAddress: null, bytesIn: status.rxBytes, bytesOut: status.txBytes } : null,
    deps.clock.now(),
  );
}
