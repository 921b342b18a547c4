import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  addVpnEndDeviceCall,
  addVpnGroupDevicesCall,
  createServiceClientCall,
  createVpnGroupCall,
  downloadClientProfileCall,
  getVpnGroupUsageCall,
  listVpnGroupDevicesCall,
  removeVpnGroupDevicesCall,
  setVpnDeviceLanCall,
  updateVpnGroupCall,
  type VpnEndDevice,
  type VpnGroup,
  type VpnMemberDevice,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: a test: real-mode routers in their own namespaces.
import { createRealVpnSite, createUplinkBridge, type RealVpnSite } from '@fleetport/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { recordHubStatus } from './hub-status.ts';

/**
 * Real packets through the platform's hub (issue 17), as root: two simulated routers in real mode
 * (device-sim `realVpn`: `openvpn` from the profile of `vpnJoin` in their own network namespaces, each
 * with a LAN namespace holding a PLC) join one overlay group and publish their LANs; an exchange from
 * router A's LAN reaches router B's LAN through the tunnel and the counters the console reads grow by
 * at least the bytes sent; a service client's `.ovpn` reaches a PLC behind B at its mapped address;
 * removing B revokes its certificate so its tunnel cannot come back.
 */

const TAG = process.pid % 250;
const HOST = `10.251.${TAG}.1`;
const execFileAsync = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-vpn-sites-'));
const children: ChildProcess[] = [];

let bridge: ReturnType<typeof createUplinkBridge> | undefined;
let siteA: RealVpnSite | undefined;
let siteB: RealVpnSite | undefined;
let laptopNs: string | undefined;
let fleet: SimulatedFleet;
let acme: Owner;
let group: VpnGroup;
let plc: VpnEndDevice;
let laptopOutput: string[] = [];

/** Runs a command in a namespace without blocking this process (the routers run in it). */
async function inNs(ns: string, cmd: string[]): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout } = await execFileAsync('ip', ['netns', 'exec', ns, ...cmd], { timeout: 30_000 });
    return { ok: true, out: stdout };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/**
 * Sends `bytes` from a namespace to an echo service (TCP port 7) and counts what comes back: the
 * test's "ping" (Debian's ping is not on every machine; Node.js is).
 */
async function echo(ns: string, host: string, bytes: number): Promise<number> {
  const script = `const s=require('net').connect(7,'${host}',()=>s.end(Buffer.alloc(${bytes},7)));
    let n=0;s.setTimeout(3000,()=>process.exit(1));s.on('data',d=>{n+=d.length});
    s.on('close',()=>{console.log(n)});s.on('error',()=>process.exit(1))`;
  const r = await inNs(ns, [process.execPath, '-e', script]);
  return r.ok ? Number(r.out.trim()) : 0;
}

/** An echo service (TCP port 7) in a namespace, as a PLC's LAN would hold. */
function startEcho(ns: string): void {
  const child = spawn(
    'ip',
    ['netns', 'exec', ns, process.execPath, '-e', "require('net').createServer((s)=>s.pipe(s)).listen(7)"],
    { stdio: 'ignore' },
  );
  children.push(child);
}

function startOpenvpn(ns: string, profile: string, extra: string[] = []) {
  const output: string[] = [];
  const child = spawn('ip', ['netns', 'exec', ns, 'openvpn', '--config', profile, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  children.push(child);
  return { process: child, output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function members(): Promise<Map<string, VpnMemberDevice>> {
  await recordHubStatus(fleet.t.deps);
  const res = await acme.run(listVpnGroupDevicesCall, {
    vpnGroupId: group.vpnGroupId,
    pageNum: 1,
    pageSize: 10,
  });
  return new Map(res.data!.list.map((d) => [d.sn, d]));
}

function router(sn: string) {
  return fleet.devices.find((d) => d.sn === sn)!;
}

beforeAll(async () => {
  bridge = createUplinkBridge(`fpvb${TAG}`, HOST);
  siteA = createRealVpnSite({ name: `fpa${TAG}`, bridge, routerIp: `10.251.${TAG}.2`, lan: `172.29.${TAG}` });
  siteB = createRealVpnSite({ name: `fpb${TAG}`, bridge, routerIp: `10.251.${TAG}.3`, lan: `172.28.${TAG}` });
  fleet = await startSimulatedFleet({
    vpnHub: { publicHost: HOST, portBase: 21000 + (process.pid % 20000) },
  });
  acme = await companyOwner(fleet.t, 'Acme Sites', 'owner@acme-sites.test');
  await fleet.connect(acme, 'VSA0001', 'r3000', 'R3000', { realVpn: siteA });
  await fleet.connect(acme, 'VSB0001', 'r3000', 'R3000', { realVpn: siteB });
  await putOnLevel(fleet.t, acme, ['VSA0001', 'VSB0001'], 'ADVANCED');
  const created = await acme.run(createVpnGroupCall, { name: 'Plants', region: 'EUR', dataLimitMb: 1000 });
  group = created.data!;
});

afterAll(async () => {
  await Promise.all(children.map(stop));
  await fleet?.close();
  siteA?.destroy();
  siteB?.destroy();
  if (laptopNs) await execFileAsync('ip', ['netns', 'del', laptopNs]).catch(() => undefined);
  bridge?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('real-mode routers through the hub', () => {
  it("carries traffic from router A's LAN to router B's LAN; the console's counters grow by at least the bytes sent", async () => {
    const a = siteA!;
    const b = siteB!;
    const added = await acme.run(addVpnGroupDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      sns: ['VSA0001', 'VSB0001'],
    });
    expect(added.code).toBe(0);
    expect(
      (
        await acme.run(setVpnDeviceLanCall, {
          vpnGroupId: group.vpnGroupId,
          sn: 'VSA0001',
          lanSubnet: a.lanSubnet,
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await acme.run(setVpnDeviceLanCall, {
          vpnGroupId: group.vpnGroupId,
          sn: 'VSB0001',
          lanSubnet: b.lanSubnet,
        })
      ).code,
    ).toBe(0);
    startEcho(b.lanNs);
    await eventually(
      async () => (await echo(a.lanNs, b.plcIp, 10)) === 10,
      60_000,
      "A's LAN to reach B's PLC",
    ).catch(async (error: Error) => {
      const dir = path.join(fleet.t.deps.config.dataDir, 'vpn-hub', `g${group.vpnGroupId}`, 'ccd');
      const ccd = fs.readdirSync(dir).map((f) => `${f}: ${fs.readFileSync(path.join(dir, f), 'utf8')}`);
      const routesA = await inNs(a.routerNs, ['ip', 'route']);
      throw new Error(`${error.message}\n${ccd.join('\n')}\nA's routes: ${routesA.out}`);
    });
    const before = await eventually(
      async () => {
        const rows = await members();
        const ra = rows.get('VSA0001');
        const rb = rows.get('VSB0001');
        return ra?.vpnState === 'connected' && rb?.vpnState === 'connected' ? { ra, rb } : undefined;
      },
      20_000,
      'both connected in the console',
    );
    expect(before.ra.lanSubnet).toBe(a.lanSubnet);
    expect(before.ra.realAddress).toContain(`10.251.${TAG}.2`);
    // 20,000 bytes from a host on A's LAN to the PLC on B's LAN, and back.
    const sent = 20_000;
    expect(await echo(a.lanNs, b.plcIp, sent)).toBe(sent);
    const after = await eventually(
      async () => {
        const rows = await members();
        const ra = rows.get('VSA0001')!;
        const rb = rows.get('VSB0001')!;
        return ra.bytesOut >= before.ra.bytesOut + sent &&
          rb.bytesIn >= before.rb.bytesIn + sent &&
          rb.bytesOut >= before.rb.bytesOut + sent &&
          ra.bytesIn >= before.ra.bytesIn + sent
          ? { ra, rb }
          : undefined;
      },
      20_000,
      'the counters to grow by the bytes sent',
    );
    expect(after.ra.vpnState).toBe('connected');
  });

  it("lets a service client's .ovpn reach a PLC behind router B at its mapped address", async () => {
    const b = siteB!;
    const mapped = await acme.run(addVpnEndDeviceCall, {
      vpnGroupId: group.vpnGroupId,
      sn: 'VSB0001',
      name: 'Press PLC',
      ip: b.plcIp,
    });
    expect(mapped.code).toBe(0);
    plc = mapped.data!;
    expect(plc.virtualIp.startsWith(group.virtualNetwork.split('.').slice(0, 3).join('.'))).toBe(true);

    const client = await acme.run(createServiceClientCall, {
      name: 'Service laptop',
      type: 'user',
      vpnGroupIds: [group.vpnGroupId],
    });
    expect(client.code).toBe(0);
    const res = await fleet.t.app.inject({
      method: 'GET',
      url: `${fleet.t.deps.config.apiPrefix}${downloadClientProfileCall.path}`,
      query: { clientId: String(client.data!.clientId), vpnGroupId: String(group.vpnGroupId) },
      headers: { ...acme.headers(), language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    const profile = path.join(work, 'laptop.ovpn');
    fs.writeFileSync(profile, res.body, { mode: 0o600 });

    // The engineer's laptop: its own namespace on the uplink bridge.
    laptopNs = `fpc${TAG}`;
    const ns = laptopNs;
    await execFileAsync('ip', ['netns', 'add', ns]);
    await execFileAsync('ip', [
      'link',
      'add',
      `fpc${TAG}u`,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      ns,
    ]);
    await execFileAsync('ip', ['link', 'set', `fpc${TAG}u`, 'master', bridge!.name]);
    await execFileAsync('ip', ['link', 'set', `fpc${TAG}u`, 'up']);
    await execFileAsync('ip', ['-n', ns, 'addr', 'add', `10.251.${TAG}.4/24`, 'dev', 'eth0']);
    await execFileAsync('ip', ['-n', ns, 'link', 'set', 'eth0', 'up']);
    await execFileAsync('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);

    // The PLC answers on Modbus/TCP's port with its name, so the answer is the PLC's, not the router's.
    const server = spawn(
      'ip',
      [
        'netns',
        'exec',
        b.lanNs,
        process.execPath,
        '-e',
        "require('net').createServer((s)=>s.end('PLC behind B')).listen(502)",
      ],
      { stdio: 'ignore' },
    );
    children.push(server);

    const laptop = startOpenvpn(ns, profile);
    laptopOutput = laptop.output;
    await eventually(
      async () => laptop.output.join('').includes('Initialization Sequence Completed'),
      60_000,
      'the laptop tunnel',
    );
    const ask = `const s=require('net').connect(502,'${plc.virtualIp}');let t='';s.setTimeout(3000,()=>process.exit(1));s.on('data',d=>{t+=d});s.on('close',()=>{console.log(t)});s.on('error',()=>process.exit(1))`;
    const answer = await eventually(
      async () => {
        const r = await inNs(ns, [process.execPath, '-e', ask]);
        return r.ok && r.out.includes('PLC') ? r.out.trim() : undefined;
      },
      60_000,
      "the PLC's mapped address from the laptop",
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}\nlaptop: ${laptop.output.join('').slice(-1500)}\nB: ${router('VSB0001').state.realVpn?.output.slice(-15).join('\n')}`,
      );
    });
    expect(answer).toBe('PLC behind B');
    // The overlay too: the laptop got the sites' LAN routes and reaches A's LAN at its own addresses.
    startEcho(siteA!.lanNs);
    expect(
      await eventually(
        async () => ((await echo(ns, siteA!.plcIp, 1000)) === 1000 ? true : undefined),
        20_000,
        "A's LAN from the laptop",
      ),
    ).toBe(true);
  });

  it('revokes router B when it is removed: its tunnel cannot come back', async () => {
    const a = siteA!;
    const b = siteB!;
    const profileB = router('VSB0001').state.vpnTunnel!.profile;
    const removed = await acme.run(removeVpnGroupDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      sns: ['VSB0001'],
    });
    expect(removed.code).toBe(0);
    await eventually(async () => router('VSB0001').state.vpnTunnel === null, 20_000, 'B to leave');
    expect(await echo(a.lanNs, b.plcIp, 10)).toBe(0);

    // B's old profile, run by hand in B's namespace: the hub refuses the revoked certificate.
    const file = path.join(work, 'router-b.ovpn');
    fs.writeFileSync(file, profileB, { mode: 0o600 });
    const again = startOpenvpn(b.routerNs, file, [
      '--connect-retry-max',
      '1',
      '--hand-window',
      '10',
      '--single-session',
    ]);
    await eventually(
      async () => again.process.exitCode !== null || again.output.join('').includes('tls-error'),
      60_000,
      'the revoked router to give up',
    );
    expect(again.output.join('')).not.toContain('Initialization Sequence Completed');
    await stop(again.process);
    expect(await echo(a.lanNs, b.plcIp, 10)).toBe(0);
    const rows = await members();
    expect(rows.has('VSB0001')).toBe(false);
  });

  it('refuses the tunnels of a group whose data limit is reached (180021)', async () => {
    const a = siteA!;
    const ns = laptopNs!;
    const lowered = await acme.run(updateVpnGroupCall, {
      vpnGroupId: group.vpnGroupId,
      name: group.name,
      region: group.region,
      dataLimitMb: 1,
      cycle: 'month',
      siteIpAccessType: group.siteIpAccessType,
    });
    expect(lowered.code).toBe(0);
    // More than the whole limit, from the laptop to A's LAN and back.
    const before = await acme.run(getVpnGroupUsageCall, { vpnGroupId: group.vpnGroupId });
    if (before.data!.state !== 'exhausted') expect(await echo(ns, a.plcIp, 1_200_000)).toBe(1_200_000);
    await recordHubStatus(fleet.t.deps);
    const usage = await acme.run(getVpnGroupUsageCall, { vpnGroupId: group.vpnGroupId });
    expect(usage.data).toMatchObject({ state: 'exhausted', code: 180021 });
    // The hub refuses them: the laptop cannot reach A's LAN any more, and A's tunnel stays down.
    await eventually(async () => (await echo(ns, a.plcIp, 10)) === 0, 30_000, 'the tunnels to be refused');
    const ccd = path.join(fleet.t.deps.config.dataDir, 'vpn-hub', `g${group.vpnGroupId}`, 'ccd');
    expect(fs.readFileSync(path.join(ccd, `fp-g${group.vpnGroupId}-device-VSA0001`), 'utf8')).toContain(
      'disable',
    );
    await eventually(
      async () => (await fleet.t.deps.vpnHub!.connections(group.vpnGroupId)).length === 0,
      30_000,
      'no tunnel at the hub',
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nlaptop: ${laptopOutput.join('').slice(-2500)}`);
    });
  });
});
