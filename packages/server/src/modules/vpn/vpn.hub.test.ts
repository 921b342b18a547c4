import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  createServiceClientCall,
  createVpnGroupCall,
  deleteServiceClientCall,
  downloadClientProfileCall,
  ErrorCode,
  getVpnGroupCall,
  getVpnHubHealthCall,
  getVpnHubStatusCall,
  listServiceClientsCall,
  rotateVpnCertificateCall,
  type ServiceClient,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { managementCommand } from '../../vpn-hub/management.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { recordHubStatus } from './hub-status.ts';

/**
 * The platform's local VPN hub with real OpenVPN (issue 17), as root: the server starts one `openvpn`
 * per running group; a laptop (an OpenVPN client in its own network namespace, reaching the hub over a
 * veth pair) connects with the `.ovpn` profile the API hands out, sends bytes to the hub's virtual
 * address and gets them back, and the console's counters grow by at least as much; deleting the service client drops it and its certificate is refused.
 */

const NS = `fpvpn${process.pid % 10000}`;
const HOST_IF = `fpv${process.pid % 10000}h`;
// A /30 of its own per run, so a namespace left by a killed run does not answer for this one.
const HOST_IP = `10.250.${process.pid % 250}.1`;
const LAPTOP_IP = `10.250.${process.pid % 250}.2`;

let t: TestApp;
let acme: Owner;
let group: VpnGroup;
let client: ServiceClient;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-vpn-hub-'));
const laptops: ChildProcess[] = [];
const execFileAsync = promisify(execFile);

function sh(cmd: string, args: string[]): string {
  return execFileSync(cmd, args, { encoding: 'utf8' });
}

/** An OpenVPN client in the laptop's namespace; its output is collected for the test to read. */
function startLaptop(profile: string, extra: string[] = []): { process: ChildProcess; output: string[] } {
  const output: string[] = [];
  const child = spawn('ip', ['netns', 'exec', NS, 'openvpn', '--config', profile, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  laptops.push(child);
  return { process: child, output };
}

async function stopLaptop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function clientRow(): Promise<ServiceClient['groups'][number]> {
  await recordHubStatus(t.deps);
  const res = await acme.run(listServiceClientsCall, { pageNum: 1, pageSize: 10 });
  return res.data!.list.find((c) => c.clientId === client.clientId)!.groups[0]!;
}

beforeAll(async () => {
  sh('ip', ['netns', 'add', NS]);
  sh('ip', ['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', NS]);
  sh('ip', ['addr', 'add', `${HOST_IP}/30`, 'dev', HOST_IF]);
  sh('ip', ['link', 'set', HOST_IF, 'up']);
  sh('ip', ['netns', 'exec', NS, 'ip', 'addr', 'add', `${LAPTOP_IP}/30`, 'dev', 'eth0']);
  sh('ip', ['netns', 'exec', NS, 'ip', 'link', 'set', 'eth0', 'up']);
  sh('ip', ['netns', 'exec', NS, 'ip', 'link', 'set', 'lo', 'up']);
  const base = testConfig();
  t = await createTestApp({
    vpnHub: true,
    config: testConfig({
      vpn: { ...base.vpn, publicHost: HOST_IP, portBase: 20000 + (process.pid % 20000) },
    }),
  });
  acme = await companyOwner(t, 'Acme Hub', 'owner@acme-hub.test');
});

afterAll(async () => {
  await Promise.all(laptops.map(stopLaptop));
  await t?.close();
  // Deleting the namespace deletes the veth pair with it.
  execFileSync('ip', ['netns', 'del', NS], { stdio: 'ignore' });
  fs.rmSync(work, { recursive: true, force: true });
});

describe('the local VPN hub', () => {
  it('runs openvpn for a running group and says so', async () => {
    const created = await acme.run(createVpnGroupCall, { name: 'Field', region: 'EUR', dataLimitMb: 100 });
    expect(created.code).toBe(0);
    group = created.data!;
    const status = await acme.run(getVpnHubStatusCall, {});
    expect(status.data).toMatchObject({ state: 'running', instances: 1, publicHost: HOST_IP });
    expect(status.data?.version).toMatch(/^OpenVPN 2\.6/);
    // The dashboard's hub health: the region's running group has its instance on the hub.
    const health = await acme.run(getVpnHubHealthCall, {});
    expect(health.data).toEqual([
      { region: 'EUR', state: 'running', groupsRunning: 1, groupsUp: 1, tunnels: 0, lastStatusAt: null },
    ]);
  });

  it('connects a service client with its downloaded profile; bytes to the hub are counted', async () => {
    const created = await acme.run(createServiceClientCall, {
      name: 'Field laptop',
      type: 'user',
      vpnGroupIds: [group.vpnGroupId],
    });
    expect(created.code).toBe(0);
    client = created.data!;
    const res = await t.app.inject({
      method: 'GET',
      url: `${t.deps.config.apiPrefix}${downloadClientProfileCall.path}`,
      query: { clientId: String(client.clientId), vpnGroupId: String(group.vpnGroupId) },
      headers: { ...acme.headers(), language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.ovpn');
    expect(res.body).toContain(`remote ${HOST_IP} ${group.port}`);
    expect(res.body).toContain('-----BEGIN PRIVATE KEY-----');
    const profile = path.join(work, 'laptop.ovpn');
    fs.writeFileSync(profile, res.body, { mode: 0o600 });

    const laptop = startLaptop(profile);
    await eventually(
      async () => laptop.output.join('').includes('Initialization Sequence Completed'),
      60_000,
      'the laptop tunnel',
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${laptop.output.join('').slice(-2000)}`);
    });
    const virtualIp = client.groups[0]!.virtualIp;
    const addresses = sh('ip', ['netns', 'exec', NS, 'ip', '-4', 'addr']);
    expect(addresses).toContain(virtualIp);
    const before = await eventually(
      async () => {
        const row = await clientRow();
        return row.vpnState === 'connected' ? row : undefined;
      },
      20_000,
      'connected in the console',
    );
    expect(before.realAddress).toContain(LAPTOP_IP);

    // 20 000 bytes to an echo service on the hub's virtual address and back, through the tunnel.
    const echo = net.createServer((socket) => socket.pipe(socket));
    await new Promise<void>((resolve) => echo.listen(0, group.hubAddress, resolve));
    const port = (echo.address() as net.AddressInfo).port;
    const sender = `const s=require('net').connect(${port},'${group.hubAddress}',()=>s.end(Buffer.alloc(20000,7)));
      let n=0;s.on('data',d=>{n+=d.length});s.on('close',()=>{console.log(n);process.exit(n===20000?0:1)})`;
    // Asynchronously: the echo service runs in this process, whose event loop must keep turning.
    const { stdout } = await execFileAsync('ip', ['netns', 'exec', NS, process.execPath, '-e', sender]);
    expect(stdout.trim()).toBe('20000');
    echo.close();
    const after = await eventually(
      async () => {
        const row = await clientRow();
        return row.bytesOut >= before.bytesOut + 20_000 && row.bytesIn >= before.bytesIn + 20_000
          ? row
          : undefined;
      },
      20_000,
      'the counters to grow',
    );
    expect(after.vpnState).toBe('connected');
    const samples = await t.deps.db
      .selectFrom('vpn_traffic')
      .select(['bytes_in', 'bytes_out'])
      .where('group_id', '=', group.vpnGroupId)
      .execute();
    expect(samples.length).toBeGreaterThanOrEqual(2);
  });

  it('rotates a client certificate: its tunnel drops at once, the old one is on the CRL, the new profile connects', async () => {
    const [first] = laptops;
    const rotated = await acme.run(rotateVpnCertificateCall, {
      vpnGroupId: group.vpnGroupId,
      clientId: client.clientId,
    });
    expect(rotated.code, rotated.msg).toBe(0);
    expect(await t.deps.vpnHub!.connections(group.vpnGroupId)).toEqual([]);
    await stopLaptop(first!);
    const oldCert = /<cert>\n([\s\S]*?)\n<\/cert>/.exec(
      fs.readFileSync(path.join(work, 'laptop.ovpn'), 'utf8'),
    )![1]!;
    const oldSerial = execFileSync('openssl', ['x509', '-noout', '-serial'], {
      input: oldCert,
      encoding: 'utf8',
    })
      .trim()
      .split('=')[1]!;
    const hubDir = path.join(t.deps.config.dataDir, 'vpn-hub', `g${group.vpnGroupId}`);
    const crl = sh('openssl', ['crl', '-in', path.join(hubDir, 'crl.pem'), '-noout', '-text']);
    expect(crl).toContain(`Serial Number: ${oldSerial}`);
    const res = await t.app.inject({
      method: 'GET',
      url: `${t.deps.config.apiPrefix}${downloadClientProfileCall.path}`,
      query: { clientId: String(client.clientId), vpnGroupId: String(group.vpnGroupId) },
      headers: { ...acme.headers(), language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(oldCert);
    const renewed = path.join(work, 'laptop-renewed.ovpn');
    fs.writeFileSync(renewed, res.body, { mode: 0o600 });
    const laptop = startLaptop(renewed);
    await eventually(
      async () => laptop.output.join('').includes('Initialization Sequence Completed'),
      60_000,
      'the renewed laptop tunnel',
    );
  });

  it('drops a deleted client at once and refuses its certificate afterwards', async () => {
    const [first] = laptops;
    expect((await acme.run(deleteServiceClientCall, { clientId: client.clientId })).code).toBe(0);
    // The hub dropped its tunnel at once (management `kill`), before its own client noticed.
    expect(await t.deps.vpnHub!.connections(group.vpnGroupId)).toEqual([]);
    await stopLaptop(first!);
    const gone = await acme.run(downloadClientProfileCall, {
      clientId: client.clientId,
      vpnGroupId: group.vpnGroupId,
    });
    expect(gone.code).toBe(ErrorCode.SERVICE_CLIENT_NOT_FOUND);
    // The same profile again: the hub refuses the revoked certificate, and the client gives up.
    const again = startLaptop(path.join(work, 'laptop.ovpn'), [
      '--connect-retry-max',
      '1',
      '--hand-window',
      '10',
      '--single-session',
    ]);
    await eventually(
      async () => again.process.exitCode !== null || again.output.join('').includes('tls-error'),
      60_000,
      'the refused laptop to give up',
    );
    expect(again.output.join('')).not.toContain('Initialization Sequence Completed');
    const hubDir = path.join(t.deps.config.dataDir, 'vpn-hub', `g${group.vpnGroupId}`);
    const crl = sh('openssl', ['crl', '-in', path.join(hubDir, 'crl.pem'), '-noout', '-text']);
    expect(crl).toMatch(/Serial Number:/);
  });

  it('answers 180004 to actions that need a hub that stops answering, and says so', async () => {
    const socket = path.join(t.deps.config.dataDir, 'vpn-hub', `g${group.vpnGroupId}`, 'mgmt.sock');
    const pid = Number((await managementCommand(socket, 'pid')).replace(/^SUCCESS: pid=/, ''));
    // Frozen, not killed: the process is there but answers nothing, as a hung hub would. (Stopping the
    // group still works: the hub ends a frozen instance with SIGKILL.)
    process.kill(pid, 'SIGSTOP');
    try {
      const status = await acme.run(getVpnHubStatusCall, {});
      expect(status.data?.state).toBe('notAnswering');
      const client = await acme.run(createServiceClientCall, {
        name: 'Late laptop',
        type: 'user',
        vpnGroupIds: [group.vpnGroupId],
      });
      expect(client.code).toBe(ErrorCode.VPN_SERVER_OFFLINE);
      // Nothing was kept of the refused actions.
      expect((await acme.run(getVpnGroupCall, { vpnGroupId: group.vpnGroupId })).data).toMatchObject({
        state: 'running',
        clientCount: 0,
      });
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect((await acme.run(getVpnHubStatusCall, {})).data?.state).toBe('running');
  });
});
