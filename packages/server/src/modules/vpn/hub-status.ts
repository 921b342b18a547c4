import type { ModuleDeps } from '../../platform/app-deps.ts';

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
