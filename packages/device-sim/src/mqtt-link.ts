import { createHmac, randomBytes } from 'node:crypto';
import {
  type ClaimAnswer,
  type ClaimIdentifierKind,
  claimPassword,
  claimUsername,
  DEVELOPMENT_FACTORY_KEY,
  DOWN_MESSAGE_SCHEMAS,
  deviceClientId,
  downTopic,
  upTopic,
} from '@fleetport/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { RouterState } from './router-state.ts';

/** Opens one MQTT connection; rejects (and cleans up) when the broker refuses or the socket fails. */
export function openClient(url: string, options: IClientOptions): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 30_000, clean: true, ...options });
    const fail = (error: Error) => {
      client.removeAllListeners();
      client.on('error', () => {});
      client.end(true);
      reject(error);
    };
    client.once('connect', () => {
      client.removeListener('error', fail);
      client.removeListener('close', closed);
      resolve(client);
    });
    const closed = () => fail(new Error('connection closed before CONNACK'));
    client.once('error', fail);
    client.once('close', closed);
  });
}

/** True for a CONNACK refusal of the credentials (3.1.1 codes 4/5, MQTT 5 0x86/0x87). */
export function isAuthRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 4 || code === 5 || code === 134 || code === 135;
}

export const hmacSha256Hex = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest('hex');

export function randomId(bytes = 6): string {
  return randomBytes(bytes).toString('base64url');
}

export class ClaimRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`claim refused: ${reason}`);
  }
}

export interface ClaimOptions {
  factoryKey?: string;
  /** Which imported identifier the proof uses; MAC unless told (a device without IMEI always uses MAC). */
  identifier?: ClaimIdentifierKind;
  answerTimeoutMs?: number;
  /**
   * How far this router's clock runs ahead of this machine's. A router sets its clock from the network,
   * so it agrees with the cloud's; the proof's time must be within the cloud's window (±600 s). Against
   * a test server whose clock was moved forward, the simulated router's clock moves with it.
   */
  clockAheadMs?: number;
}

/** The claim handshake of docs/device-protocol.md §5; resolves with the secret and keep-alive. */
export async function claimSecret(
  url: string,
  state: RouterState,
  options: ClaimOptions,
  mqttOptions: IClientOptions,
): Promise<Extract<ClaimAnswer, { type: 'claimAccepted' }>> {
  const id = state.identity;
  const kind = options.identifier === 'imei' && id.imei ? 'imei' : 'mac';
  const identifier = kind === 'imei' ? (id.imei as string) : id.mac;
  const ts = Math.floor((Date.now() + (options.clockAheadMs ?? 0)) / 1000);
  const password = claimPassword(
    { sn: id.sn, kind, identifier, ts },
    options.factoryKey ?? DEVELOPMENT_FACTORY_KEY,
    hmacSha256Hex,
  );
  const login = { phase: 'claim', sn: id.sn } as const;
  const client = await openClient(url, {
    ...mqttOptions,
    clientId: deviceClientId(login),
    username: claimUsername(id.sn),
    password,
    keepalive: 60,
  }).catch((error: unknown) => {
    // The cloud refuses an unknown SN or a wrong proof at CONNECT already.
    throw isAuthRefusal(error) ? new ClaimRefusedError('unproven') : error;
  });
  try {
    const requestId = randomId();
    const answer = new Promise<ClaimAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no claim answer')), options.answerTimeoutMs ?? 30_000);
      client.on('message', (_topic, payload) => {
        const parsed = DOWN_MESSAGE_SCHEMAS.claim.safeParse(JSON.parse(payload.toString()));
        if (!parsed.success || parsed.data.requestId !== requestId) return;
        clearTimeout(timer);
        resolve(parsed.data);
      });
      client.on('close', () => {
        clearTimeout(timer);
        reject(new Error('connection closed while claiming'));
      });
    });
    await client.subscribeAsync(downTopic(id.sn, 'claim'), { qos: 1 });
    await client.publishAsync(
      upTopic(id.sn, 'claim'),
      JSON.stringify({
        type: 'claim',
        ts: Date.now(),
        requestId,
        model: id.model,
        series: id.series.id,
        mac: id.mac,
        imei: id.imei,
        firmwareVersion: state.firmwareVersion,
        appVersion: state.appVersion,
      }),
      { qos: 1 },
    );
    const result = await answer;
    if (result.type === 'claimRefused') throw new ClaimRefusedError(result.reason);
    return result;
  } finally {
    client.removeAllListeners('close');
    await client.endAsync().catch(() => {});
  }
}
