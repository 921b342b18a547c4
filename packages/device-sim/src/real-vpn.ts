import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Real mode of the simulator's VPN (root, Linux): a router runs Debian's `openvpn` client with the
 * profile the cloud sent in `vpnJoin`, inside its own network namespace, and forwards between the
 * tunnel and its LAN (a veth pair to a second namespace holding a PLC). End devices the cloud maps are
 * DNAT rules of nftables in the router's namespace: packets to the PLC's virtual address go to its
 * LAN address. Nothing here is used unless a router is given a `RealVpnSite`.
 */

export interface RealVpnSite {
  /** The router's namespace: its uplink to the hub, its tunnel, its LAN port `lan0`. */
  routerNs: string;
  /** The LAN's namespace with the PLC (`eth0`, default route via the router). */
  lanNs: string;
  /** The router's LAN, CIDR (e.g. 192.168.11.0/24), its address on it and the PLC's. */
  lanSubnet: string;
  routerLanIp: string;
  plcIp: string;
  /** The host's address on the uplink bridge (where the hub listens). */
  hostIp: string;
  /** Deletes both namespaces (and with them every veth and process-free interface). */
  destroy(): void;
}

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: 'pipe' });
}

/**
 * The "internet" of real-mode routers: a bridge on this host with the hub's address (`hostIp`/24);
 * each site's uplink is a port of it. Destroy it after the sites.
 */
export function createUplinkBridge(
  name: string,
  hostIp: string,
): { name: string; hostIp: string; destroy(): void } {
  const destroy = () => {
    try {
      ip(['link', 'del', name]);
    } catch {
      // Already gone.
    }
  };
  destroy();
  ip(['link', 'add', name, 'type', 'bridge']);
  ip(['addr', 'add', `${hostIp}/24`, 'dev', name]);
  ip(['link', 'set', name, 'up']);
  return { name, hostIp, destroy };
}

/**
 * Creates a site: namespaces `<name>r` (router) and `<name>l` (LAN), the router's uplink `wan0` as a
 * veth pair to a port of `bridge` (`routerIp`/24, default route via the bridge's address), and its
 * LAN `lan0` (x.y.z.0/24 from `lan`: the router .1, the PLC .10 in the LAN namespace, whose default
 * route is the router).
 */
export function createRealVpnSite(options: {
  name: string;
  bridge: { name: string; hostIp: string };
  routerIp: string;
  /** The LAN's first three octets, e.g. "192.168.11". */
  lan: string;
}): RealVpnSite {
  const routerNs = `${options.name}r`;
  const lanNs = `${options.name}l`;
  const hostIf = `${options.name}u`;
  const site: RealVpnSite = {
    routerNs,
    lanNs,
    lanSubnet: `${options.lan}.0/24`,
    routerLanIp: `${options.lan}.1`,
    plcIp: `${options.lan}.10`,
    hostIp: options.bridge.hostIp,
    destroy() {
      for (const ns of [routerNs, lanNs]) {
        try {
          ip(['netns', 'del', ns]);
        } catch {
          // Already gone.
        }
      }
    },
  };
  site.destroy();
  try {
    ip(['netns', 'add', routerNs]);
    ip(['netns', 'add', lanNs]);
    ip(['link', 'add', hostIf, 'type', 'veth', 'peer', 'name', 'wan0', 'netns', routerNs]);
    ip(['link', 'set', hostIf, 'master', options.bridge.name]);
    ip(['link', 'set', hostIf, 'up']);
    ip(['-n', routerNs, 'addr', 'add', `${options.routerIp}/24`, 'dev', 'wan0']);
    ip(['-n', routerNs, 'link', 'set', 'wan0', 'up']);
    ip(['-n', routerNs, 'link', 'set', 'lo', 'up']);
    ip(['-n', routerNs, 'route', 'add', 'default', 'via', options.bridge.hostIp]);
    ip(['-n', routerNs, 'link', 'add', 'lan0', 'type', 'veth', 'peer', 'name', 'eth0', 'netns', lanNs]);
    ip(['-n', routerNs, 'addr', 'add', `${site.routerLanIp}/24`, 'dev', 'lan0']);
    ip(['-n', routerNs, 'link', 'set', 'lan0', 'up']);
    execFileSync('ip', ['netns', 'exec', routerNs, 'sysctl', '-qw', 'net.ipv4.ip_forward=1'], {
      stdio: 'pipe',
    });
    ip(['-n', lanNs, 'addr', 'add', `${site.plcIp}/24`, 'dev', 'eth0']);
    ip(['-n', lanNs, 'link', 'set', 'eth0', 'up']);
    ip(['-n', lanNs, 'link', 'set', 'lo', 'up']);
    ip(['-n', lanNs, 'route', 'add', 'default', 'via', site.routerLanIp]);
  } catch (error) {
    site.destroy();
    throw error;
  }
  return site;
}

const NFT_TABLE = 'fleetport_vpn';

/** The router's OpenVPN client and its end-device mappings. */
export class RealVpnTunnel {
  private child: ChildProcess | null = null;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-sim-vpn-'));
  /** The client's last lines (for a test's failure message). */
  readonly output: string[] = [];
  /** The end devices mapped now. */
  endDevices: readonly { ip: string; virtualIp: string }[] = [];

  constructor(readonly site: RealVpnSite) {}

  /** Runs `profile`; `onUp` when the tunnel is up (again), `onDown` when it went down. */
  start(
    profile: string,
    endDevices: readonly { ip: string; virtualIp: string }[],
    events: { onUp(): void; onDown(): void },
  ): void {
    this.stop();
    this.map(endDevices);
    this.endDevices = endDevices;
    const file = path.join(this.dir, 'router.ovpn');
    fs.writeFileSync(file, profile, { mode: 0o600 });
    const child = spawn('ip', ['netns', 'exec', this.site.routerNs, 'openvpn', '--config', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        this.output.push(line);
        if (this.output.length > 300) this.output.shift();
        if (child !== this.child) continue;
        if (line.includes('Initialization Sequence Completed')) events.onUp();
        else if (/SIGUSR1\[|Restart pause|SIGTERM\[/.test(line)) events.onDown();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  }

  /** Stops the client and removes the mappings. */
  stop(): void {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    this.map([]);
    this.endDevices = [];
  }

  /** Stops everything and forgets the profile (certificate and key). */
  close(): void {
    this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** 1:1 DNAT of each end device's virtual address to its LAN address (nftables in the router's namespace). */
  private map(endDevices: readonly { ip: string; virtualIp: string }[]): void {
    const nft = (script: string) =>
      execFileSync('ip', ['netns', 'exec', this.site.routerNs, 'nft', '-f', '-'], {
        input: script,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    try {
      nft(`delete table ip ${NFT_TABLE}\n`);
    } catch {
      // No table yet.
    }
    if (endDevices.length === 0) return;
    nft(
      [
        `table ip ${NFT_TABLE} {`,
        '  chain prerouting {',
        '    type nat hook prerouting priority dstnat; policy accept;',
        ...endDevices.map((e) => `    ip daddr ${e.virtualIp} dnat to ${e.ip}`),
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  }
}
