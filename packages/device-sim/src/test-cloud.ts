import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import {
  DEVELOPMENT_FACTORY_KEY,
  type DeviceLogin,
  devicePublishAllowed,
  deviceSubscribeAllowed,
  downTopic,
  matchClientId,
  parseDeviceUsername,
  parseTopic,
  parseUpMessage,
  type RpcRequest,
  type UpMessage,
  verifyClaimPassword,
} from '@fleetport/contract';
import { Aedes, type AuthenticateError } from 'aedes';
import { hmacSha256Hex } from './mqtt-link.ts';

/**
 * A miniature cloud for the simulator's own tests: an in-process Aedes broker with the protocol's
 * authentication and ACL (from the contract), a claim responder, and a recorder of what devices
 * publish. The real gateway lives in the server; this only lets the device side be tested alone.
 */
export interface RecordedMessage {
  sn: string;
  retain: boolean;
  message: UpMessage;
  at: number;
}

export interface TestCloud {
  url: string;
  broker: Aedes;
  messages: RecordedMessage[];
  /** Schema violations seen on up topics (should stay empty). */
  invalid: string[];
  secrets: Map<string, string>;
  imported: Map<string, { mac?: string; imei?: string }>;
  /** How far the cloud's clock runs ahead of this machine's (a test server's clock moved forward). */
  clockAheadMs: number;
  sendRpc(sn: string, request: RpcRequest): Promise<void>;
  /** Resolves with the first recorded message (past or future) that matches. */
  waitFor<T extends UpMessage>(
    match: (m: RecordedMessage) => m is RecordedMessage & { message: T },
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(match: (m: RecordedMessage) => boolean, timeoutMs?: number): Promise<UpMessage>;
  close(): Promise<void>;
}

function refusal(code: 4 | 5): AuthenticateError {
  return Object.assign(new Error('refused'), { returnCode: code }) as AuthenticateError;
}

export async function startTestCloud(options: { factoryKey?: string } = {}): Promise<TestCloud> {
  const secrets = new Map<string, string>();
  const imported = new Map<string, { mac?: string; imei?: string }>();
  const logins = new WeakMap<object, DeviceLogin>();
  const messages: RecordedMessage[] = [];
  const invalid: string[] = [];
  const waiters = new Set<() => void>();

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const login = parseDeviceUsername(username);
      if (!login || !matchClientId(login, client.id)) return done(refusal(5), false);
      const pw = password?.toString() ?? '';
      const ok =
        login.phase === 'claimed'
          ? secrets.get(login.sn) === pw
          : verifyClaimPassword({
              sn: login.sn,
              password: pw,
              imported: imported.get(login.sn) ?? {},
              nowMs: Date.now() + cloud.clockAheadMs,
              factoryKey: options.factoryKey ?? DEVELOPMENT_FACTORY_KEY,
              hmac: hmacSha256Hex,
            }).ok;
      if (!ok) return done(refusal(login.phase === 'claimed' && secrets.has(login.sn) ? 4 : 5), false);
      logins.set(client, login);
      done(null, true);
    },
    authorizePublish(client, packet, callback) {
      const login = client ? logins.get(client) : undefined;
      if (client && (!login || !devicePublishAllowed(login, packet.topic)))
        return callback(new Error('denied'));
      callback(null);
    },
    authorizeSubscribe(client, subscription, callback) {
      const login = logins.get(client);
      callback(null, login && deviceSubscribeAllowed(login, subscription.topic) ? subscription : null);
    },
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const publish = (topic: string, payload: unknown) =>
    new Promise<void>((resolve, reject) =>
      broker.publish(
        {
          cmd: 'publish',
          topic,
          payload: Buffer.from(JSON.stringify(payload)),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );

  broker.subscribe(
    'fp/+/up/#',
    (packet, done) => {
      const topic = parseTopic(packet.topic);
      if (topic?.direction === 'up') {
        const parsed = parseUpMessage(topic.kind, packet.payload as Buffer);
        if (!parsed.ok) invalid.push(`${packet.topic}: ${parsed.error}`);
        else {
          messages.push({ sn: topic.sn, retain: packet.retain, message: parsed.message, at: Date.now() });
          if (parsed.message.type === 'claim') void answerClaim(topic.sn, parsed.message.requestId);
          for (const wake of waiters) wake();
        }
      }
      done();
    },
    () => {},
  );

  async function answerClaim(sn: string, requestId: string) {
    const secret = randomBytes(24).toString('base64url');
    secrets.set(sn, secret);
    await publish(downTopic(sn, 'claim'), { type: 'claimAccepted', requestId, secret, keepAlive: 60 });
  }

  function waitFor(match: (m: RecordedMessage) => boolean, timeoutMs = 5000): Promise<UpMessage> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const check = () => {
        for (; seen < messages.length; seen++) {
          const m = messages[seen] as RecordedMessage;
          if (match(m)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(m.message);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  const cloud: TestCloud = {
    url: `mqtt://127.0.0.1:${port}`,
    broker,
    messages,
    invalid,
    secrets,
    imported,
    clockAheadMs: 0,
    sendRpc: (sn, request) => publish(downTopic(sn, 'rpc'), request),
    waitFor: waitFor as TestCloud['waitFor'],
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return cloud;
}
