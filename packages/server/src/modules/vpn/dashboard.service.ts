import { MAX_VPN_GROUPS_PER_COMPANY, type VpnDashboard } from '@fleetport/contract';
import type { Actor } from '../../platform/auth/actor.ts';
import { groupUsage } from './usage.ts';
import type { VpnDeps } from './vpn.service.ts';
import * as store from './vpn.store.ts';

/**
 * The VPN dashboard (core §2 `vpn/dashboard`): the company's groups (at most MAX_VPN_GROUPS_PER_COMPANY
 * of them), each with its routers, how many are connected, and its traffic this cycle against its
 * data limit, as the group page's usage card reads it.
 */
export async function dashboard(deps: VpnDeps, actor: Actor): Promise<VpnDashboard> {
  const now = deps.clock.now();
  const { rows } = await store.pageGroups(deps.db, actor.scope, {}, 0, MAX_VPN_GROUPS_PER_COMPANY * 10);
  const groups = await Promise.all(
    rows.map(async (group) => {
      const members = await store.groupMembers(deps.db, actor.scope, group.id);
      const devices = members.filter((m) => m.active && m.kind === 'device');
      const usage = await groupUsage(deps.db, actor.scope, group, members, now);
      return {
        vpnGroupId: group.id,
        name: group.name,
        state: group.state,
        devices: devices.length,
        connected: devices.filter((m) => m.vpn_state === 'connected').length,
        usedBytes: usage.usedBytes,
        limitBytes: usage.limitBytes,
        percent: usage.percent,
        usageState: usage.state,
        code: usage.code,
      };
    }),
  );
  return {
    groupsRunning: groups.filter((g) => g.state === 'running').length,
    groupsTotal: groups.length,
    devicesConnected: groups.reduce((n, g) => n + g.connected, 0),
    devicesTotal: groups.reduce((n, g) => n + g.devices, 0),
    groups,
  };
}
