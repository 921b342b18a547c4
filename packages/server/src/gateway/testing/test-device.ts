import { createHmac, randomUUID } from 'node:crypto';
import {
  type ClaimAnswer,
  claimPassword,
  claimUsername,
  DEVELOPMENT_FACTORY_KEY,
  DEVICE_EXAMPLES,
  downTopic,
  parseDownMessage,
  type RpcRequest,
  topicFilters,
  upTopic,
} from '@fleetport/contract';
import mqtt, { type MqttClient } from 'mqtt';

/**
 * A minimal device for gateway tests, written from docs/device-protocol.md with MQTT.js (the
 * simulator in packages/device-sim is the full one). Every method is one protocol step.
 */

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

export function claimProof(
  sn: string,
  mac: string,
  key = DEVELOPMENT_FACTORY_KEY,
  atMs = Date.now(),
): string {
  return claimPassword({ sn, kind: 'mac', identifier: mac, ts: Math.floor(atMs / 1000) }, key, hmac);
}

/** Options every test connection uses, e.g. the CA of a test broker's TLS certificate. */
export const connectionDefaults: mqtt.IClientOptions = {};

/** Connects; resolves with the client, or rejects with the CONNACK refusal (error.code 4 or 5). */
export async function connectMqtt(url: string, options: mqtt.IClientOptions): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    ...connectionDefaults,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    protocolVersion: 4,
    ...options,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** The claim of §5: connect with the proof, ask, receive the answer. */
export async function claimDevice(
  url: string,
  sn: string,
  mac: string,
  password = claimProof(sn, mac),
): Promise<ClaimAnswer> {
  const username = claimUsername(sn);
  const client = await connectMqtt(url, { clientId: username, username, password });
  try {
    await client.subscribeAsync(topicFilters.claimAnswer(sn), { qos: 1 });
    const requestId = randomUUID();
    const answer = new Promise<ClaimAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no claim answer')), 10_000);
      client.on('message', (_topic, payload) => {
        const parsed = parseDownMessage('claim', payload);
        if (parsed.ok && parsed.message.requestId === requestId) {
          clearTimeout(timer);
          resolve(parsed.message);
        }
      });
    });
    const { hello } = DEVICE_EXAMPLES;
    const request = {
      type: 'claim',
      ts: Date.now(),
      requestId,
      model: hello.model,
      series: hello.series,
      mac,
      firmwareVersion: hello.firmwareVersion,
      appVersion: hello.appVersion,
    };
    await client.publishAsync(upTopic(sn, 'claim'), JSON.stringify(request), { qos: 1 });
    return await answer;
  } finally {
    await client.endAsync();
  }
}

export interface DeviceOptions {
  /** Send presence and hello after connecting (default true). */
  hello?: boolean;
  keepalive?: number;
}

/** A claimed device's main connection: will, command subscription, presence and hello. */
export class TestDevice {
  readonly commands: RpcRequest[] = [];
  readonly session = randomUUID().slice(0, 8);
  #listeners = new Set<(command: RpcRequest) => void>();
  #seq = 0;

  private constructor(
    readonly sn: string,
    readonly client: MqttClient,
  ) {
    client.on('message', (topic, payload) => {
      if (topic !== downTopic(sn, 'rpc')) return;
      const parsed = parseDownMessage('rpc', payload);
      if (!parsed.ok) return;
      this.commands.push(parsed.message);
      for (const listener of this.#listeners) listener(parsed.message);
    });
  }

  static async connect(
    url: string,
    sn: string,
    secret: string,
    options: DeviceOptions = {},
  ): Promise<TestDevice> {
    const session = randomUUID().slice(0, 8);
    const presence = (state: 'online' | 'offline', reason: string) =>
      JSON.stringify({ type: 'presence', ts: Date.now(), state, session, reason });
    const client = await connectMqtt(url, {
      clientId: sn,
      username: sn,
      password: secret,
      keepalive: options.keepalive ?? 60,
      will: {
        topic: upTopic(sn, 'presence'),
        payload: Buffer.from(presence('offline', 'lastWill')),
        qos: 1,
        retain: true,
      },
    });
    const device = new TestDevice(sn, client);
    await client.subscribeAsync(topicFilters.device(sn), { qos: 1 });
    if (options.hello !== false) {
      await client.publishAsync(upTopic(sn, 'presence'), presence('online', 'connect'), {
        qos: 1,
        retain: true,
      });
      await device.hello();
    }
    return device;
  }

  async hello(): Promise<void> {
    await this.publish('hello', { ...DEVICE_EXAMPLES.hello, ts: Date.now() });
  }

  async publish(kind: Parameters<typeof upTopic>[1], message: object): Promise<void> {
    await this.client.publishAsync(upTopic(this.sn, kind), JSON.stringify(message), { qos: 1 });
  }

  async telemetry(): Promise<number> {
    const seq = this.#seq++;
    await this.publish('telemetry', { ...DEVICE_EXAMPLES.telemetry, ts: Date.now(), seq });
    return seq;
  }

  /** The next command received (or one already received and not yet taken). */
  nextCommand(timeoutMs = 5000): Promise<RpcRequest> {
    const waiting = this.commands.shift();
    if (waiting) return Promise.resolve(waiting);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listeners.delete(listener);
        reject(new Error(`${this.sn}: no command within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (command: RpcRequest) => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
        this.commands.splice(this.commands.indexOf(command), 1);
        resolve(command);
      };
      this.#listeners.add(listener);
    });
  }

  /** Answers every command with `answer(command)` from now on. */
  answerWith(answer: (command: RpcRequest) => object) {
    const respond = (command: RpcRequest) => {
      this.commands.splice(this.commands.indexOf(command), 1);
      this.publish('reply', { type: 'reply', ts: Date.now(), id: command.id, ...answer(command) }).catch(
        (error: unknown) => {
          // A command redelivered while the test closes the device: a real device going away
          // loses that reply too, and the server's queue redelivers it on the next connect.
          if (this.client.disconnecting || this.client.disconnected) return;
          throw error;
        },
      );
    };
    for (const command of [...this.commands]) respond(command);
    this.#listeners.add(respond);
  }

  async reply(
    id: string,
    outcome:
      | { state: 'success'; result: unknown }
      | { state: 'failure'; error: { code: number; message: string } },
  ) {
    await this.publish('reply', { type: 'reply', ts: Date.now(), id, ...outcome });
  }

  /** The connection breaks without a DISCONNECT (the broker publishes the will). */
  drop(): void {
    this.client.stream.destroy();
    this.client.end(true);
  }

  async end(): Promise<void> {
    await this.client.endAsync();
  }
}
