import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { type HubConnection, type HubHealth, type HubInstance, HubNotAnswering, type VpnHub } from './hub.ts';
import { managementCommand, parseStatus } from './management.ts';
import { renderServerConfig } from './server-config.ts';

/**
 * The embedded VPN hub: one `openvpn` server process per running group on this machine (Debian's
 * openvpn 2.6, run as the server's user, which must be allowed to open TUN devices: root or
 * CAP_NET_ADMIN). Each instance lives in `<dir>/g<groupId>/` with its configuration, the company CA,
 * the hub's certificate and sealed-at-rest key (mode 0600), the CRL, one address file per member
 * (`ccd/<name>`, `ccd-exclusive`: nobody else gets in) and its management socket, through which the
 * platform reads its status and drops revoked members.
 */

const run = promisify(execFile);

export interface LocalHubOptions {
  /** Where the instances' files live (DATA_DIR/vpn-hub). */
  dir: string;
  /** The openvpn binary; found on PATH by default. */
  openvpn?: string;
  log?: { info(msg: string): void; warn(msg: string): void };
  /** How long a starting instance may take to answer on its management socket. */
  startTimeoutMs?: number;
}

interface Instance {
  groupId: number;
  dir: string;
  config: string;
  process: ChildProcess;
  exited: boolean;
  output: string[];
}

/** `openvpn --version`'s first line, or null when openvpn is not installed. */
export async function openvpnVersion(binary = 'openvpn'): Promise<string | null> {
  try {
    const { stdout } = await run(binary, ['--version']);
    return stdout.split('\n')[0]?.trim() ?? '';
  } catch (error) {
    // openvpn --version exits 1 after printing its version.
    const out = (error as { stdout?: string }).stdout;
    if (typeof out === 'string' && out.startsWith('OpenVPN')) return out.split('\n')[0]?.trim() ?? '';
    return null;
  }
}

async function writeIfChanged(file: string, text: string, mode = 0o644): Promise<boolean> {
  const old = await fs.readFile(file, 'utf8').catch(() => null);
  if (old === text) return false;
  // Written beside and renamed, so openvpn never reads half a CRL or address file.
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, text, { mode });
  await fs.rename(temp, file);
  return true;
}

function dotted(prefix: number): string {
  const mask = 2 ** 32 - 2 ** (32 - prefix);
  return [24, 16, 8, 0].map((s) => Math.floor(mask / 2 ** s) % 256).join('.');
}

function route(cidr: string): string {
  const [network, prefix] = cidr.split('/');
  return `${network} ${dotted(Number(prefix ?? 32))}`;
}

/** A member's `ccd` file: its fixed address, what the hub routes to it, the routes pushed to it. */
export function memberFile(instance: HubInstance, member: HubInstance['members'][number]): string {
  return [
    `ifconfig-push ${member.virtualIp} ${instance.netmask}`,
    ...(member.iroutes ?? []).map((cidr) => `iroute ${route(cidr)}`),
    ...(member.pushRoutes ?? []).map((cidr) => `push "route ${route(cidr)}"`),
    // Refused at its next connection; a connected member is told to reconnect, so at once.
    ...(member.disabled ? ['disable'] : []),
    '',
  ].join('\n');
}

export async function startLocalHub(options: LocalHubOptions): Promise<VpnHub> {
  const binary = options.openvpn ?? 'openvpn';
  const version = await openvpnVersion(binary);
  const instances = new Map<number, Instance>();
  const startTimeout = options.startTimeoutMs ?? 15_000;
  // Set by close(): an apply still writing files when the app closes must not start an openvpn that
  // nothing would stop (it would outlive the server, holding its group's port).
  let closed = false;
  if (version === null)
    options.log?.warn('openvpn is not installed: the platform runs no VPN hub (install Debian openvpn)');
  else options.log?.info(`VPN hub: ${version}`);

  const socketOf = (groupId: number) => path.join(options.dir, `g${groupId}`, 'mgmt.sock');

  async function stop(instance: Instance): Promise<void> {
    instances.delete(instance.groupId);
    if (instance.exited) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        instance.process.kill('SIGKILL');
      }, 5_000);
      instance.process.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      instance.process.kill('SIGTERM');
    });
  }

  async function waitForManagement(instance: Instance): Promise<void> {
    const until = Date.now() + startTimeout;
    for (;;) {
      if (instance.exited)
        throw new HubNotAnswering(
          `openvpn for group ${instance.groupId} exited: ${instance.output.slice(-5).join(' | ')}`,
        );
      try {
        await managementCommand(socketOf(instance.groupId), 'pid');
        return;
      } catch {
        if (Date.now() > until)
          throw new HubNotAnswering(`openvpn for group ${instance.groupId} does not answer`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** Tells connected members to reconnect (management `client-kill <id> RESTART`). */
  async function reconnect(groupId: number, commonNames: readonly string[]): Promise<void> {
    const names = new Set(commonNames);
    const status = await managementCommand(socketOf(groupId), 'status 3').catch(() => '');
    for (const line of status.split('\n')) {
      const f = line.split('\t');
      if (f[0] !== 'CLIENT_LIST' || !names.has(f[1] ?? '') || !f[10]) continue;
      await managementCommand(socketOf(groupId), `client-kill ${f[10]} RESTART`).catch(() => undefined);
    }
  }

  /**
   * Stops an openvpn left running in this instance's directory by a server that was killed (SIGKILL
   * kills no children): it would hold the group's port, and the new instance could not start. Only a
   * process whose working directory is this one is touched (Linux /proc; elsewhere nothing is done).
   */
  async function stopLeftover(dir: string): Promise<void> {
    const pidFile = path.join(dir, 'openvpn.pid');
    const pid = Number.parseInt(await fs.readFile(pidFile, 'utf8').catch(() => ''), 10);
    if (!Number.isInteger(pid) || pid <= 0) return;
    const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
    if (cwd !== path.resolve(dir)) return;
    options.log?.warn(`VPN hub: stopping openvpn ${pid} left running in ${dir}`);
    process.kill(pid, 'SIGTERM');
    const until = Date.now() + 5_000;
    while (
      await fs.access(`/proc/${pid}`).then(
        () => true,
        () => false,
      )
    ) {
      if (Date.now() > until) process.kill(pid, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await fs.rm(pidFile, { force: true });
  }

  async function start(groupId: number, dir: string, config: string): Promise<void> {
    await stopLeftover(dir);
    await fs.rm(socketOf(groupId), { force: true });
    if (closed) throw new HubNotAnswering(`the VPN hub is closing: group ${groupId} not started`);
    const child = spawn(binary, ['--config', 'server.conf'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const instance: Instance = { groupId, dir, config, process: child, exited: false, output: [] };
    const keep = (chunk: Buffer) => {
      instance.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (instance.output.length > 200) instance.output.splice(0, instance.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', () => {
      instance.exited = true;
    });
    child.on('error', () => {
      instance.exited = true;
    });
    instances.set(groupId, instance);
    await waitForManagement(instance);
  }

  return {
    async health(): Promise<HubHealth> {
      if (version === null) return { state: 'notInstalled' };
      let answering = true;
      for (const instance of instances.values()) {
        try {
          if (instance.exited) throw new Error('exited');
          await managementCommand(socketOf(instance.groupId), 'pid');
        } catch {
          answering = false;
        }
      }
      return { state: answering ? 'running' : 'notAnswering', version, instances: instances.size };
    },

    async apply(instance: HubInstance): Promise<void> {
      if (version === null) return;
      const dir = path.join(options.dir, `g${instance.groupId}`);
      await fs.mkdir(path.join(dir, 'ccd'), { recursive: true, mode: 0o700 });
      await writeIfChanged(path.join(dir, 'ca.crt'), instance.caPem);
      await writeIfChanged(path.join(dir, 'server.crt'), instance.certPem);
      await writeIfChanged(path.join(dir, 'server.key'), instance.keyPem, 0o600);
      await writeIfChanged(path.join(dir, 'crl.pem'), instance.crlPem);
      const wanted = new Set(instance.members.map((m) => m.commonName));
      // A member's address file is read when it connects: one that changed for a connected member
      // (a site's LAN or end devices, another site's route) makes it reconnect to take it.
      const changed: string[] = [];
      for (const member of instance.members)
        if (await writeIfChanged(path.join(dir, 'ccd', member.commonName), memberFile(instance, member)))
          changed.push(member.commonName);
      for (const file of await fs.readdir(path.join(dir, 'ccd')))
        if (!wanted.has(file)) await fs.rm(path.join(dir, 'ccd', file), { force: true });
      const config = renderServerConfig(instance, socketOf(instance.groupId));
      await writeIfChanged(path.join(dir, 'server.conf'), config);
      const running = instances.get(instance.groupId);
      if (running && !running.exited && running.config === config) {
        await waitForManagement(running);
        if (changed.length > 0) await reconnect(instance.groupId, changed);
        return;
      }
      if (running) await stop(running);
      await start(instance.groupId, dir, config);
    },

    async remove(groupId: number): Promise<void> {
      const running = instances.get(groupId);
      if (running) await stop(running);
      await fs.rm(path.join(options.dir, `g${groupId}`), { recursive: true, force: true });
    },

    async disconnect(groupId: number, commonName: string): Promise<void> {
      const running = instances.get(groupId);
      if (!running || running.exited) return;
      await managementCommand(socketOf(groupId), `kill ${commonName}`).catch(() => undefined);
    },

    async connections(groupId: number): Promise<HubConnection[]> {
      const running = instances.get(groupId);
      if (!running) return [];
      if (running.exited) throw new HubNotAnswering(`openvpn for group ${groupId} exited`);
      try {
        return parseStatus(await managementCommand(socketOf(groupId), 'status 3'));
      } catch (error) {
        throw new HubNotAnswering(
          `openvpn for group ${groupId} does not answer: ${(error as Error).message}`,
        );
      }
    },

    groups(): number[] {
      return [...instances.keys()];
    },

    async close(): Promise<void> {
      closed = true;
      await Promise.all([...instances.values()].map(stop));
    },
  };
}
