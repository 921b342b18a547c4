import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCa, issueCertificate, makeCrl } from '../modules/vpn/pki.ts';
import type { HubInstance } from './hub.ts';
import { startLocalHub } from './local-hub.ts';

/**
 * The hub's own processes (real openvpn, as root): an instance never outlives the hub that started
 * it, and one left by a server that was killed outright is stopped when its group starts again.
 */

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetport-local-hub-'));
let instance: HubInstance;

/** The openvpn processes whose working directory is under `dir` (from /proc). */
async function openvpnsUnder(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (!cmdline.startsWith('openvpn')) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd.startsWith(dir)) found.push(Number(entry));
  }
  return found;
}

beforeAll(async () => {
  const ca = await createCa('local-hub-test');
  const server = await issueCertificate(ca, { commonName: 'hub', serial: 2, usage: 'server' });
  instance = {
    groupId: 7,
    // A port of its own per run, so a hub left by another run does not answer for this one.
    port: 30_000 + (process.pid % 20_000),
    protocol: 'udp',
    network: `10.251.${process.pid % 250}.0`,
    netmask: '255.255.255.0',
    cipher: 'AES-256-GCM',
    pingInterval: 10,
    pingRetry: 6,
    mtu: 1500,
    fragment: 1300,
    caPem: ca.certPem,
    certPem: server.certPem,
    keyPem: server.keyPem,
    crlPem: await makeCrl(ca, []),
    members: [],
    routes: [],
  };
});

afterAll(async () => {
  for (const pid of await openvpnsUnder(work)) process.kill(pid, 'SIGKILL');
  await fs.rm(work, { recursive: true, force: true });
});

describe('local VPN hub processes', () => {
  it('starts no instance once it is closing, so none outlives it', async () => {
    const dir = path.join(work, 'closing');
    const hub = await startLocalHub({ dir });
    // The apply is still writing its files when the app closes.
    const applying = hub.apply(instance).then(
      () => 'started',
      (error: Error) => error.message,
    );
    await hub.close();
    const outcome = await applying;
    expect(outcome).toBe('the VPN hub is closing: group 7 not started');
    expect(await openvpnsUnder(dir)).toEqual([]);
    await expect(hub.apply(instance)).rejects.toThrow('the VPN hub is closing');
    expect(await openvpnsUnder(dir)).toEqual([]);
  });

  it('stops the instance a killed server left running before starting the group again', async () => {
    const dir = path.join(work, 'restart');
    const first = await startLocalHub({ dir });
    await first.apply(instance);
    const [left] = await openvpnsUnder(dir);
    expect(left).toBeGreaterThan(0);
    // The server is killed: nothing closes `first`, its openvpn keeps the port. A new server starts.
    const second = await startLocalHub({ dir });
    await second.apply(instance);
    expect(await second.health()).toMatchObject({ state: 'running', instances: 1 });
    const now = await openvpnsUnder(dir);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(left);
    await second.close();
    expect(await openvpnsUnder(dir)).toEqual([]);
  });
});
