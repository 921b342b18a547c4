import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEVICE_EXAMPLES, downTopic, parseDownMessage, topicFilters, upTopic } from '@fleetport/contract';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * Pieces of the fault tests (`*.faults.test.ts`): the real server as a child process that can be
 * killed with SIGKILL, a PostgreSQL instance of its own that can be stopped, and a fleet of plain MQTT devices that count
 * which of their telemetry messages were acknowledged and which commands they received and ran.
 */

const exec = promisify(execFile);

const REPO = path.resolve(import.meta.dirname, '../../../../..');
/** The Node.js options `npm start` gives the server (scripts/start.mjs). */
const SERVER_NODE_FLAGS = JSON.parse(
  fs.readFileSync(path.join(REPO, 'scripts/server-node-flags.json'), 'utf8'),
) as { flags: string[] };

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
  /** The log lines so far (JSON, as pino writes them). */
  log: string[];
}

/** Server processes still running: a failing test must not leave them behind. */
export const runningServers = new Set<ChildProcess>();

/** Starts `packages/server/src/main.ts` as `npm start` would; resolves once devices can connect. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS.flags, '--import', 'tsx', 'packages/server/src/main.ts'],
    {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log: string[] = [];
  runningServers.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      runningServers.delete(child);
      resolve();
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    let buffered = '';
    const read = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        log.push(line);
        if (line.includes('Fleetport console:')) resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${log.join('\n')}`)),
    );
  });
  await ready;
  return {
    child,
    exited,
    log,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export interface FleetDevice {
  sn: string;
  secret: string;
}

/**
 * Devices as docs/device-protocol.md describes them, on MQTT.js with automatic reconnects: after each
 * connect they subscribe, say online and hello; they send telemetry with QoS 1 (MQTT.js keeps what was
 * not acknowledged and sends it again after reconnecting); they run each command id once and answer
 * it, except that devices with `loseFirstReply` run a command and "lose" the first reply (a link that
 * dropped), so only the cloud sending it again gets them to report it.
 */
export function startFleet(
  url: string,
  devices: readonly FleetDevice[],
  options: { loseFirstReply(sn: string): boolean },
) {
  const sent = new Map<string, Set<number>>();
  const acknowledged = new Map<string, Set<number>>();
  /** Commands received, per id, and how often; commands run, per id. */
  const received = new Map<string, number>();
  const ran = new Map<string, number>();
  /** Commands whose reply the cloud acknowledged. */
  const answered = new Set<string>();
  const clients: MqttClient[] = [];
  let pending = 0;
  let closed = false;

  for (const device of devices) {
    sent.set(device.sn, new Set());
    acknowledged.set(device.sn, new Set());
    const replies = new Map<string, string>();
    const session = Math.random().toString(36).slice(2, 10);
    const client = mqtt.connect(url, {
      clientId: device.sn,
      username: device.sn,
      password: device.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 500,
      // While the database is down the broker cannot check credentials and answers CONNACK 3 (server
      // unavailable): a device tries again, as after any lost connection (protocol §3). MQTT.js
      // would otherwise give up for good after a refused CONNACK.
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
      will: {
        topic: upTopic(device.sn, 'presence'),
        payload: Buffer.from(
          JSON.stringify({ type: 'presence', ts: Date.now(), state: 'offline', session, reason: 'lastWill' }),
        ),
        qos: 1,
        retain: true,
      },
    });
    clients.push(client);
    client.on('error', () => {});
    client.on('connect', () => {
      client.subscribe(topicFilters.device(device.sn), { qos: 1 });
      client.publish(
        upTopic(device.sn, 'presence'),
        JSON.stringify({ type: 'presence', ts: Date.now(), state: 'online', session, reason: 'connect' }),
        { qos: 1, retain: true },
      );
      client.publish(
        upTopic(device.sn, 'hello'),
        JSON.stringify({ ...DEVICE_EXAMPLES.hello, ts: Date.now() }),
        {
          qos: 1,
        },
      );
    });
    client.on('message', (topic, payload) => {
      if (topic !== downTopic(device.sn, 'rpc')) return;
      const parsed = parseDownMessage('rpc', payload);
      if (!parsed.ok) return;
      const { id } = parsed.message;
      received.set(id, (received.get(id) ?? 0) + 1);
      // Like telemetry, a reply is kept until acknowledged: one whose connection died before its
      // PUBACK (the server may have stored it, or not) is sent again; the server stores it once.
      const answer = (reply: string) => {
        const send = () =>
          client.publish(upTopic(device.sn, 'reply'), reply, { qos: 1 }, (error) => {
            if (!error) answered.add(id);
            else if (!closed) setTimeout(send, 200);
          });
        send();
      };
      const known = replies.get(id);
      if (known) {
        answer(known);
        return;
      }
      ran.set(id, (ran.get(id) ?? 0) + 1);
      const reply = JSON.stringify({ type: 'reply', ts: Date.now(), id, state: 'success', result: {} });
      replies.set(id, reply);
      if (!options.loseFirstReply(device.sn)) answer(reply);
    });
  }

  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Why MQTT.js gave up on a message (it was then sent again), and how often. */
  const errors = new Map<string, number>();
  return {
    sent,
    acknowledged,
    received,
    ran,
    answered,
    errors,
    pending: () => pending,
    /** Every device sends one telemetry message every `periodMs`. */
    startTelemetry(periodMs: number) {
      let next = 0;
      const each = Math.max(1, Math.floor(periodMs / devices.length));
      timer = setInterval(() => {
        const device = devices[next++ % devices.length]!;
        const client = clients[devices.indexOf(device)]!;
        const n = seq++;
        sent.get(device.sn)!.add(n);
        pending++;
        const message = JSON.stringify({
          ...DEVICE_EXAMPLES.telemetry,
          ts: 1_800_000_000_000 + n,
          seq: n,
          uptimeSeconds: 1000,
        });
        // A device keeps a message until it is acknowledged: MQTT.js resends it after a reconnect, and
        // when MQTT.js gives up on it (an error), the device publishes it again, unchanged.
        const send = () =>
          client.publish(upTopic(device.sn, 'telemetry'), message, { qos: 1 }, (error) => {
            if (error) {
              if (closed) return;
              errors.set(error.message, (errors.get(error.message) ?? 0) + 1);
              setTimeout(send, 200);
              return;
            }
            pending--;
            acknowledged.get(device.sn)!.add(n);
          });
        send();
      }, each);
    },
    stopTelemetry() {
      clearInterval(timer);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await Promise.all(clients.map((c) => c.endAsync(true)));
    },
    connected: () => clients.filter((c) => c.connected).length,
  };
}

export interface ThrowawayPostgres {
  /** A superuser URL of the instance's `postgres` database. */
  url: string;
  /** Stops the instance at once (`pg_ctl stop -m immediate`: like a crash, no checkpoint). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  close(): Promise<void>;
}

const PG_BIN_CANDIDATES = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
];

/**
 * A PostgreSQL instance of its own, on a free port under the temp directory, for tests that stop the
 * database: the shared cluster other tests use is never stopped. PostgreSQL refuses to run as root,
 * so as root the instance runs as the `postgres` user (Debian's package creates it).
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = process.env.PG_BIN ?? PG_BIN_CANDIDATES.find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!bin)
    throw new Error('PostgreSQL server binaries not found (apt-get install postgresql, or set PG_BIN)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    fs.chmodSync(dir, 0o777);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? exec('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : exec(path.join(bin, tool), args);
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async start() {
      await start();
    },
    async close() {
      await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
