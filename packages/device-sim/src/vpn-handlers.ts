import { RPC_ERROR } from '@fleetport/contract';
import { type RpcContext, RpcFailure } from './rpc-context.ts';
import type { Handlers } from './rpc-handlers.ts';

/**
 * The router's VPN client (docs/device-protocol.md §7.6): it joins one group at a time with the
 * OpenVPN profile the cloud sends, reports its tunnel on `up/status` module `vpn` as it changes, and
 * carries traffic through it (telemetry's `vpn` counters). The tunnel takes a moment to come up, as a
 * real handshake does; a rotated certificate makes it reconnect.
 */

/** Simulated seconds of a TLS handshake before the tunnel is up. */
const HANDSHAKE_MS = 1500;

function publishVpn(ctx: RpcContext): void {
  ctx.publish('status', { type: 'status', ts: Date.now(), modules: { vpn: ctx.state.vpnStatus() } });
}

function looksLikeProfile(profile: string): boolean {
  return /^remote \S+ \d+/m.test(profile) && profile.includes('<cert>') && profile.includes('<key>');
}

/**
 * Real mode: the router's `openvpn` runs the profile; the tunnel is up when OpenVPN says so, and down
 * (connecting) while it restarts. No simulated traffic: what goes through is what the LAN sends.
 */
function runReal(
  ctx: RpcContext,
  groupId: number,
  commonName: string,
  endDevices: readonly { ip: string; virtualIp: string }[],
): void {
  const real = ctx.state.realVpn;
  const tunnel = ctx.state.vpnTunnel;
  if (!real || !tunnel) return;
  const current = () => {
    const t = ctx.state.vpnTunnel;
    return t !== null && t.groupId === groupId && t.commonName === commonName;
  };
  real.start(tunnel.profile, endDevices, {
    onUp() {
      if (!current()) return;
      ctx.state.vpnConnected();
      publishVpn(ctx);
    },
    onDown() {
      const t = ctx.state.vpnTunnel;
      if (!current() || !t || t.state !== 'connected') return;
      ctx.state.vpnTunnel = { ...t, state: 'connecting', since: null };
      publishVpn(ctx);
    },
  });
}

/** Brings the tunnel up after the handshake, unless the router left or moved on meanwhile. */
function connectSoon(ctx: RpcContext, groupId: number, commonName: string): void {
  void ctx.wait(HANDSHAKE_MS).then(() => {
    const t = ctx.state.vpnTunnel;
    if (!t || t.groupId !== groupId || t.commonName !== commonName) return;
    ctx.state.vpnConnected();
    // Plausible site traffic (PLC polling, a camera now and then) unless the fleet set a rate.
    if (ctx.state.vpnBytesPerSecond === 0)
      ctx.state.vpnBytesPerSecond = Math.round(ctx.state.rng.between(500, 5000));
    publishVpn(ctx);
  });
}

export const VPN_HANDLERS: Pick<Handlers, 'vpnJoin' | 'vpnLeave' | 'vpnRotateCertificate'> = {
  async vpnJoin(ctx, p) {
    if (!looksLikeProfile(p.profile))
      throw new RpcFailure(
        RPC_ERROR.invalidParams,
        'profile: not an OpenVPN client profile with its certificate and key',
      );
    ctx.state.vpnTunnel = {
      groupId: p.groupId,
      commonName: p.commonName,
      virtualIp: p.virtualIp,
      state: 'connecting',
      profile: p.profile,
      since: null,
      base: { rxBytes: 0, txBytes: 0 },
    };
    ctx.state.log('info', 'openvpn', `joining VPN group ${p.groupId} as ${p.commonName}`);
    publishVpn(ctx);
    if (ctx.state.realVpn) runReal(ctx, p.groupId, p.commonName, p.endDevices ?? []);
    else connectSoon(ctx, p.groupId, p.commonName);
    return { groupId: p.groupId, state: 'connecting', virtualIp: p.virtualIp };
  },

  async vpnLeave(ctx, p) {
    const left = ctx.state.vpnTunnel?.groupId === p.groupId;
    if (left) {
      ctx.state.vpnTunnel = null;
      ctx.state.realVpn?.stop();
      ctx.state.vpnBytesPerSecond = 0;
      ctx.state.log('info', 'openvpn', `left VPN group ${p.groupId}`);
      publishVpn(ctx);
    }
    return { groupId: p.groupId, left };
  },

  async vpnRotateCertificate(ctx, p) {
    const t = ctx.state.vpnTunnel;
    if (!t || t.groupId !== p.groupId)
      throw new RpcFailure(RPC_ERROR.notFound, `VPN group ${p.groupId} is not joined`);
    if (!p.certPem.includes('BEGIN CERTIFICATE') || !p.keyPem.includes('PRIVATE KEY'))
      throw new RpcFailure(RPC_ERROR.invalidParams, 'certPem/keyPem: not a PEM certificate and key');
    // The profile's certificate and key are replaced; the rest of it stays.
    const profile = t.profile
      .replace(/<cert>[\s\S]*?<\/cert>/, `<cert>\n${p.certPem.trim()}\n</cert>`)
      .replace(/<key>[\s\S]*?<\/key>/, `<key>\n${p.keyPem.trim()}\n</key>`);
    ctx.state.vpnTunnel = { ...t, state: 'connecting', profile, since: null };
    publishVpn(ctx);
    if (ctx.state.realVpn) runReal(ctx, t.groupId, t.commonName, ctx.state.realVpn.endDevices);
    else connectSoon(ctx, t.groupId, t.commonName);
    return { groupId: p.groupId, state: 'connecting' };
  },
};
