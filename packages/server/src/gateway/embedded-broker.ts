import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import type { DeviceLogin } from '@fleetport/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { BrokerAdapter, BrokerHandlers, DeviceGatekeeper } from './broker.ts';

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  tlsCertFile?: string | undefined;
  tlsKeyFile?: string | undefined;
  gatekeeper: DeviceGatekeeper;
  onError?: (error: unknown) => void;
}

/** MQTT 3.1.1 CONNACK return codes. */
const REFUSAL_CODES = { badCredentials: 4, notAuthorized: 5 } as const;

const logins = new WeakMap<Client, DeviceLogin>();
const sessions = new WeakMap<Client, string>();
let sessionCounter = 0;

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
        authenticate(client, username, password, done) {
          gatekeeper.authenticate(username, password?.toString('utf8'), client.id).then(
            (verdict) => {
              if (verdict.ok) {
                logins.set(client, verdict.login);
                // Auxiliary connections (client id `SN:tag`) do not count for presence.
                if (verdict.main) sessions.set(client, `${process.pid}.${++sessionCounter}`);
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
        authorizePublish(client, packet, done) {
          const login = client ? logins.get(client) : undefined;
          if (login && gatekeeper.mayPublish(login, packet.topic)) done(null);
          else done(new Error('publish not allowed'));
        },
        authorizeSubscribe(client, subscription, done) {
          const login = logins.get(client);
          // A refused filter gets SUBACK 0x80: the device hears nothing on it.
          done(null, login && gatekeeper.maySubscribe(login, subscription.topic) ? subscription : null);
        },
        published(packet, client, done) {
          // The server's own publications (client null) and $SYS are not device messages.
          if (!client || !packet.topic.startsWith('fp/')) {
            done();
            return;
          }
          handlers.message(packet.topic, packet.payload as Buffer).then(
            () => done(),
            (error: unknown) => {
              onError(error);
              done();
            },
          );
        },
      });
      broker.on('clientReady', (client) => {
        const login = logins.get(client);
        if (!login) return;
        const session = sessions.get(client);
        if (session) handlers.sessionOpened?.(login, session);
        // A resumed session already holds its subscriptions.
        if (!client.clean) handlers.deviceListening?.(login);
      });
      broker.on('clientDisconnect', (client) => {
        const login = logins.get(client);
        const session = sessions.get(client);
        if (login && session) handlers.sessionClosed?.(login, session);
      });
      broker.on('subscribe', (subscriptions, client) => {
        const login = logins.get(client);
        if (login && subscriptions.some((s) => s.topic.includes('/down/'))) handlers.deviceListening?.(login);
      });
      await broker.listen();
      const aedes = broker;
      const onConnection = (socket: net.Socket) => aedes.handle(socket);
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
