import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mqtt from 'mqtt';

const run = promisify(execFile);

/**
 * A Mosquitto for tests, on a free port, with its dynamic-security plugin standing in for the HTTP
 * auth hook EMQX would call: the test registers each device's credentials and ACL the way a broker
 * administration step would. (Mosquitto's password file cannot hold the claim user name `claim:SN`,
 * which contains a colon; dynamic security can.) Fails loudly when mosquitto is not installed.
 */
export interface TestMosquitto {
  url: string;
  port: number;
  /** The server nodes' own account (all of `fp/#`, shared subscriptions included). */
  server: { username: string; password: string };
  allowClaim(sn: string, password: string): Promise<void>;
  allowDevice(sn: string, secret: string): Promise<void>;
  /** The same for many devices in one dynamic-security request (a fleet in seconds, not minutes). */
  allowDevices(devices: readonly { sn: string; secret: string }[]): Promise<void>;
  stop(): Promise<void>;
}

const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}: ${log()}`);
}

export async function startMosquitto(): Promise<TestMosquitto> {
  const plugin = PLUGIN_CANDIDATES.find((p) => fs.existsSync(p));
  if (!plugin)
    throw new Error(
      'mosquitto_dynamic_security.so not found: install mosquitto (apt-get install mosquitto mosquitto-clients)',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-mosquitto-'));
  const port = await freePort();
  const admin = { username: 'fp-admin', password: 'fp-admin-secret' };
  const server = { username: 'fleetport-server', password: 'fleetport-server-secret' };
  const dynsec = path.join(dir, 'dynsec.json');
  await run('mosquitto_ctrl', ['dynsec', 'init', dynsec, admin.username, admin.password]);
  // Started as root, mosquitto drops to its own user, which must read and rewrite the file.
  fs.chmodSync(dir, 0o777);
  fs.chmodSync(dynsec, 0o666);
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      // The server acknowledges a device message only once it is stored, so many of them are in flight
      // to it at once: Mosquitto's defaults (20 in flight, 1,000 queued, then dropped) would throttle
      // and then drop what devices were told was received (docs/deployment.md, "Mosquitto").
      'max_inflight_messages 0',
      'max_queued_messages 0',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  let output = '';
  const child = spawn('mosquitto', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  await waitForPort(port, child, () => output);

  const ctrl = async (...args: string[]) => {
    await run('mosquitto_ctrl', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-u',
      admin.username,
      '-P',
      admin.password,
      'dynsec',
      ...args,
    ]);
  };
  const grant = async (role: string, acls: [type: string, topic: string][]) => {
    await ctrl('createRole', role);
    for (const [type, topic] of acls) await ctrl('addRoleACL', role, type, topic, 'allow', '5');
  };
  await ctrl('createClient', server.username, '-p', server.password);
  await grant('fleetport-server', [
    ['publishClientSend', 'fp/#'],
    ['publishClientReceive', 'fp/#'],
    ['subscribePattern', 'fp/#'],
    // Mosquitto checks a shared subscription with its `$share/<group>/` prefix.
    ['subscribePattern', '$share/fleetport/fp/#'],
  ]);
  await ctrl('addClientRole', server.username, 'fleetport-server');

  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    server,
    async allowClaim(sn, password) {
      const user = `claim:${sn}`;
      await ctrl('createClient', user, '-p', password);
      await grant(user, [
        ['publishClientSend', `fp/${sn}/up/claim`],
        ['subscribePattern', `fp/${sn}/down/claim`],
        ['publishClientReceive', `fp/${sn}/down/claim`],
      ]);
      await ctrl('addClientRole', user, user);
    },
    async allowDevice(sn, secret) {
      await ctrl('createClient', sn, '-p', secret);
      await grant(sn, [
        ['publishClientSend', `fp/${sn}/up/#`],
        ['subscribePattern', `fp/${sn}/down/rpc`],
        ['publishClientReceive', `fp/${sn}/down/rpc`],
      ]);
      await ctrl('addClientRole', sn, sn);
    },
    async allowDevices(devices) {
      const commands = devices.flatMap(({ sn, secret }) => [
        {
          command: 'createRole',
          rolename: sn,
          acls: [
            ['publishClientSend', `fp/${sn}/up/#`],
            ['subscribePattern', `fp/${sn}/down/rpc`],
            ['publishClientReceive', `fp/${sn}/down/rpc`],
          ].map(([acltype, topic]) => ({ acltype, topic, allow: true, priority: 5 })),
        },
        { command: 'createClient', username: sn, password: secret, roles: [{ rolename: sn }] },
      ]);
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        ...admin,
        protocolVersion: 5,
        reconnectPeriod: 0,
      });
      try {
        const answered = new Promise<{ responses: { command: string; error?: string }[] }>((resolve) =>
          client.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString('utf8')))),
        );
        await client.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
        await client.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands }), { qos: 1 });
        const failed = (await answered).responses.filter((r) => r.error);
        if (failed.length > 0)
          throw new Error(`dynamic security refused: ${JSON.stringify(failed.slice(0, 3))}`);
      } finally {
        await client.endAsync();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
