/**
 * VPN throughput benchmark (issue 17), as root with Debian's openvpn and iperf3: two simulated routers
 * in real mode (device-sim `realVpn`, each `openvpn` from its `vpnJoin` in its own network namespace
 * with a LAN namespace behind it) join one overlay group of the platform's local hub, and iperf3 runs
 * from a host on router A's LAN to one on router B's LAN through the tunnels (A's client, the hub, B's
 * client: encrypted twice, routed by the hub), beside the same transfer over a direct veth link between
 * two namespaces in the same run.
 *
 *   npm run bench -- vpn-throughput      BENCH_VPN_SECONDS=10 node --import tsx bench/vpn-throughput.ts
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { addVpnGroupDevicesCall, createVpnGroupCall, setVpnDeviceLanCall } from '@fleetport/contract';
import { createRealVpnSite, createUplinkBridge, type RealVpnSite } from '@fleetport/device-sim';
import { companyOwner } from '../packages/server/src/modules/devices/device-test-kit.ts';
import {
  type SimulatedFleet,
  startSimulatedFleet,
} from '../packages/server/src/modules/devices/simulated-device-kit.ts';
import { putOnLevel } from '../packages/server/src/modules/licences/licence-test-kit.ts';
import { runWhenMain } from './lib/results-file.ts';
import type { ResultSection } from './lib/types.ts';

const SECONDS = Number(process.env.BENCH_VPN_SECONDS ?? 10);
const TAG = process.pid % 250;
const execFileAsync = promisify(execFile);

async function sh(cmd: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(cmd, args, { timeout: 120_000 });
  return stdout;
}

/** iperf3 from `clientNs` to `host` (a server started in `serverNs` for one test), bits per second received. */
async function iperf(serverNs: string, clientNs: string, host: string): Promise<number> {
  const server: ChildProcess = spawn('ip', ['netns', 'exec', serverNs, 'iperf3', '-s', '-1'], {
    stdio: 'ignore',
  });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const out = await sh('ip', [
          'netns',
          'exec',
          clientNs,
          'iperf3',
          '-c',
          host,
          '-t',
          String(SECONDS),
          '-J',
        ]);
        return (JSON.parse(out) as { end: { sum_received: { bits_per_second: number } } }).end.sum_received
          .bits_per_second;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  } finally {
    server.kill('SIGTERM');
  }
}

export async function run(): Promise<ResultSection> {
  if (process.getuid?.() !== 0)
    throw new Error('vpn-throughput needs root (TUN devices, network namespaces)');
  await sh('sh', ['-c', 'command -v openvpn && command -v iperf3 && command -v nft']).catch(() => {
    throw new Error('vpn-throughput needs Debian openvpn, iperf3 and nftables');
  });
  const load = os.loadavg()[0]!.toFixed(1);
  const direct = [`fpd${TAG}x`, `fpd${TAG}y`];
  let bridge: ReturnType<typeof createUplinkBridge> | undefined;
  const sites: RealVpnSite[] = [];
  let fleet: SimulatedFleet | undefined;
  try {
    // The direct link: two namespaces joined by one veth pair.
    for (const ns of direct) await sh('ip', ['netns', 'add', ns]);
    await sh('ip', [
      '-n',
      direct[0]!,
      'link',
      'add',
      'v0',
      'type',
      'veth',
      'peer',
      'name',
      'v1',
      'netns',
      direct[1]!,
    ]);
    await sh('ip', ['-n', direct[0]!, 'addr', 'add', '10.253.0.1/30', 'dev', 'v0']);
    await sh('ip', ['-n', direct[1]!, 'addr', 'add', '10.253.0.2/30', 'dev', 'v1']);
    for (const [ns, dev] of [
      [direct[0]!, 'v0'],
      [direct[1]!, 'v1'],
    ] as const) {
      await sh('ip', ['-n', ns, 'link', 'set', dev, 'up']);
      await sh('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    }
    const directBps = await iperf(direct[1]!, direct[0]!, '10.253.0.2');

    // Two real-mode routers through the platform's hub.
    const host = `10.251.${TAG}.1`;
    bridge = createUplinkBridge(`fpbb${TAG}`, host);
    const a = createRealVpnSite({
      name: `fpba${TAG}`,
      bridge,
      routerIp: `10.251.${TAG}.2`,
      lan: `172.27.${TAG}`,
    });
    sites.push(a);
    const b = createRealVpnSite({
      name: `fpbz${TAG}`,
      bridge,
      routerIp: `10.251.${TAG}.3`,
      lan: `172.26.${TAG}`,
    });
    sites.push(b);
    fleet = await startSimulatedFleet({
      vpnHub: { publicHost: host, portBase: 22000 + (process.pid % 20000) },
    });
    const owner = await companyOwner(fleet.t, 'Bench Tunnels', 'owner@bench-tunnels.test');
    await fleet.connect(owner, 'VBA0001', 'r3000', 'R3000', { realVpn: a });
    await fleet.connect(owner, 'VBB0001', 'r3000', 'R3000', { realVpn: b });
    await putOnLevel(fleet.t, owner, ['VBA0001', 'VBB0001'], 'ADVANCED');
    const group = (
      await owner.run(createVpnGroupCall, { name: 'Bench', region: 'EUR', dataLimitMb: 10_485_760 })
    ).data!;
    await owner.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VBA0001', 'VBB0001'] });
    await owner.run(setVpnDeviceLanCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VBA0001',
      lanSubnet: a.lanSubnet,
    });
    await owner.run(setVpnDeviceLanCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VBB0001',
      lanSubnet: b.lanSubnet,
    });
    // Both tunnels up with each other's LAN routes (the iperf3 client retries until it gets through).
    const hubBps = await iperf(b.lanNs, a.lanNs, b.plcIp);
    return {
      title: 'VPN throughput: two real-mode routers through the hub (`bench/vpn-throughput.ts`)',
      method: `Two simulated routers in real mode, each Debian's openvpn ${(await sh('openvpn', ['--version']).catch((e: { stdout?: string }) => e.stdout ?? '')).split(' ')[1] ?? ''} client from its vpnJoin profile in its own network namespace with a LAN namespace behind it, joined to one overlay group (UDP, AES-256-GCM, MTU 1500, fragment 1400) of the platform's local hub on this machine; iperf3 (TCP, one stream, ${SECONDS} s) from a host on router A's LAN to one on router B's LAN, so every byte is encrypted by A's client, decrypted, routed and encrypted again by the hub, and decrypted by B's client. The limit is the same iperf3 transfer over a direct veth link between two namespaces in the same run. Every process shares this machine's ${os.cpus().length} cores; load average at start ${load}.`,
      measurements: [
        {
          what: "iperf3 from router A's LAN to router B's LAN through the hub, Mbit/s",
          value: hubBps / 1e6,
          unit: 'Mbit/s',
          limit: { what: 'the same iperf3 transfer over a direct veth link', value: directBps / 1e6 },
          higherIsBetter: true,
        },
      ],
      notes: [
        "OpenVPN is a user-space process per tunnel end (three here: two routers and the hub), each copying every packet through its TUN device and encrypting or decrypting it on one core; the veth link is the kernel alone. The tunnels ran without OpenVPN's kernel data-channel offload (its module is not loaded here), and kernel WireGuard is not available in this container.",
      ],
    };
  } finally {
    await fleet?.close();
    for (const site of sites) site.destroy();
    bridge?.destroy();
    for (const ns of direct) await sh('ip', ['netns', 'del', ns]).catch(() => undefined);
  }
}

await runWhenMain(import.meta.url, run);
