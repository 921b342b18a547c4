import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { DEVICE_LIMITS, type DeviceLogin } from '@fleetport/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { BrokerAdapter, BrokerHandlers, DeviceGatekeeper } from './broker.ts';

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  tlsCertFile?: string | undefined;
  tlsKeyFile?: string | undefined;
  gatekeeper: DeviceGatekeeper;
  onError?: (error: unknown) => void;
  /** A device published where it may not: the message is dropped and the device stays connected. */
  onRefusedPublish?: (login: DeviceLogin, topic: string) => void;
}

/** Where a refused publication goes: `$` topics match no device filter and the server subscribes none. */
const REFUSED_TOPIC = '$fleetport/refused';

/** The largest packet a device may send once connected (§2: the payload limit plus the topic). */
const MAX_PACKET_BYTES = DEVICE_LIMITS.maxPayloadBytes + DEVICE_LIMITS.packetOverheadBytes;

interface PacketParser {
  packet: { cmd?: string; length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

/**
 * Aedes reads a packet whole before looking at it, so a 20 MB PUBLISH would be buffered and then
 * acknowledged. The parser learns the packet's length from its fixed header, before the body arrives:
 * a packet over the limit (or a CONNECT over its own smaller limit) closes the connection there and
 * then, with at most one read buffer held. Aedes offers no option for it; its parser is mqtt-packet's.
 */
function limitPacketSize(client: Client, onError: (error: unknown) => void): void {
  const parser = (client as unknown as { _parser?: PacketParser })._parser;
  if (!parser || typeof parser._parseLength !== 'function') {
    onError(new Error('MQTT packet size limit not installed: aedes parser changed'));
    return;
  }
  const parseLength = parser._parseLength;
  parser._parseLength = function limitedParseLength(this: PacketParser) {
    const parsed = parseLength.call(this);
    if (parsed) {
      const limit = this.packet.cmd === 'connect' ? DEVICE_LIMITS.maxConnectBytes : MAX_PACKET_BYTES;
      if (this.packet.length > limit) {
        this._emitError(
          new Error(`MQTT ${this.packet.cmd} packet of ${this.packet.length} bytes over ${limit}`),
        );
        return false;
      }
    }
    return parsed;
  };
}

/** MQTT 3.1.1 CONNACK return codes. */
const REFUSAL_CODES = { badCredentials: 4, notAuthorized: 5 } as const;

const logins = new WeakMap<Client, DeviceLogin>();
const sessions = new WeakMap<Client, string>();
let sessionCounter = 0;
/**
 * Names this process's connections apart from any earlier process's: a command is sent once per
 * connection name, and a restarted server in a container is often PID 1 again, so a pid-based name
 * could repeat one a command was sent on before the restart and the command would not go again.
 */
const bootId = randomUUID().slice(0, 8);

/** The Aedes broker inside the server process: devices authenticate with SN + secret, the ACL holds. */
export function createEmbeddedBroker(options: EmbeddedBrokerOptions): BrokerAdapter {
  let broker: Aedes | undefined;
  let server: net.Server | undefined;
  let port = options.port;
  const onError = options.onError ?? (() => {});
  const secure = Boolean(options.tlsCertFile && options.tlsKeyFile);

  return {
    kind: 'embedded',
    async start(handlers: BrokerHandlers) {
      const { gatekeeper } = options;
      broker = new Aedes({
        // A device that stops reading must not stall delivery to the others.
        drainTimeout: 30_000,
        maxClientsIdLength: 128,
        // No cap on messages in delivery at once (Aedes' default is 100). With a cap, a burst queues
        // in mqemitter, and each queued message without a subscriber (every device's up message: the
        // gateway takes them in authorizePublish) completes synchronously and starts the next from
        // inside itself: 10,000 routers saying hello at once overflowed the stack and killed the
        // server (bench/rollout.ts; mcollina/mqemitter#204). Each client still reads its next packets
        // only after its last publish was handled, which bounds what is in flight.
        concurrency: 0,
        authenticate(client, username, password, done) {
          gatekeeper.authenticate(username, password?.toString('utf8'), client.id).then(
            (verdict) => {
              if (verdict.ok) {
                logins.set(client, verdict.login);
                // Auxiliary connections (client id `SN:tag`) do not count for presence.
                if (verdict.main) sessions.set(client, `${bootId}.${++sessionCounter}`);
                done(null, true);
                return;
              }
              const error = new Error(verdict.refusal) as AuthenticateError;
              error.returnCode = REFUSAL_CODES[verdict.refusal] as AuthenticateError['returnCode'];
              done(error, false);
            },
            (error: unknown) => {
              onError(error);
              const failure = new Error('authentication unavailable') as AuthenticateError;
              failure.returnCode = 3 as AuthenticateError['returnCode'];
              done(failure, false);
            },
          );
        },
        // Aedes writes a QoS 1 PUBACK as soon as this callback runs, and only then routes the message
        // (and calls `published`). So the message is handled here, before the callback: the device
        // gets its acknowledgement once what it sent is committed, and a crash before that leaves the
        // message with the device, which sends it again (docs/device-protocol.md §2, "Acknowledgement").
        authorizePublish(client, packet, done) {
          const login = client ? logins.get(client) : undefined;
          // A will of a connection gone before the broker started (client null): nobody to credit it to.
          if (!login) {
            done(new Error('publish not allowed'));
            return;
          }
          if (!gatekeeper.mayPublish(login, packet.topic)) {
            // Dropped, not fatal (§3): routed to a topic no one can subscribe to, never retained.
            options.onRefusedPublish?.(login, packet.topic);
            packet.topic = REFUSED_TOPIC;
            packet.retain = false;
            done(null);
            return;
          }
          handlers.message(packet.topic, packet.payload as Buffer).then(
            () => done(null),
            (error: unknown) => {
              // Not stored, so not acknowledged: closing the connection makes the device send it again.
              onError(error);
              done(error instanceof Error ? error : new Error(String(error)));
            },
          );
        },
        authorizeSubscribe(client, subscription, done) {
          const login = logins.get(client);
          // A refused filter gets SUBACK 0x80: the device hears nothing on it.
          done(null, login && gatekeeper.maySubscribe(login, subscription.topic) ? subscription : null);
        },
        connectTimeout: DEVICE_LIMITS.connectTimeoutSeconds * 1000,
      });
      broker.on('clientReady', (client) => {
        const login = logins.get(client);
        if (!login) return;
        const session = sessions.get(client);
        if (session) handlers.sessionOpened?.(login, session);
      });
      broker.on('subscribe', (subscriptions, client) => {
        const login = client ? logins.get(client) : undefined;
        const session = client ? sessions.get(client) : undefined;
        // Emitted once the subscriptions are active; a refused filter is granted 128.
        const granted = subscriptions.some((s) => (s.qos as number) !== 128 && s.topic.includes('/down/'));
        if (login && session && granted) handlers.commandsSubscribed?.(login, session);
      });
      broker.on('clientDisconnect', (client) => {
        const login = logins.get(client);
        const session = sessions.get(client);
        if (login && session) handlers.sessionClosed?.(login, session);
      });
      await broker.listen();
      const aedes = broker;
      const onConnection = (socket: net.Socket) => limitPacketSize(aedes.handle(socket), onError);
      server = secure
        ? tls.createServer(
            {
              cert: fs.readFileSync(options.tlsCertFile as string),
              key: fs.readFileSync(options.tlsKeyFile as string),
            },
            onConnection,
          )
        : net.createServer(onConnection);
      server.on('error', onError);
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        // A fleet reconnecting at once (after a restart) must not overflow the accept queue.
        server?.listen({ port: options.port, host: options.host ?? '0.0.0.0', backlog: 2048 }, () => {
          server?.off('error', reject);
          resolve();
        });
      });
      const address = server.address();
      if (address && typeof address === 'object') port = address.port;
    },
    publish(topic, payload) {
      return new Promise((resolve, reject) => {
        if (!broker) {
          reject(new Error('broker not started'));
          return;
        }
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    },
    endpoint() {
      return `${secure ? 'mqtts' : 'mqtt'}://localhost:${port}`;
    },
    async close() {
      const listening = server;
      const aedes = broker;
      server = undefined;
      broker = undefined;
      // Stop accepting first, then drop the sessions, then wait for the sockets to be gone.
      const stopped = listening
        ? new Promise<void>((resolve) => listening.close(() => resolve()))
        : undefined;
      if (aedes) await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await stopped;
    },
  };
}
