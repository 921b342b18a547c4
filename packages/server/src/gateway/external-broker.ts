import { topicFilters } from '@fleetport/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerAdapter, BrokerHandlers } from './broker.ts';

type SendPacket = (
  packet: { cmd: string; messageId?: number },
  cb?: (error?: Error) => void,
  ...rest: unknown[]
) => void;

/**
 * A device message is acknowledged to the broker (PUBACK) only once it is stored, so the broker still
 * holds what a node that died did not store. MQTT.js ties the PUBACK to the callback that also lets the
 * next packet in, so waiting there would handle one message per telemetry batch. Instead each message
 * starts at once, its callback runs at once, and the PUBACK MQTT.js then sends is held back until the
 * message's promise settles. A message that could not be stored is never acknowledged: the connection
 * is dropped and made again, and the broker hands the unacknowledged messages out again.
 */
function acknowledgeAfterCommit(
  client: MqttClient,
  handlers: BrokerHandlers,
  onError: (error: unknown) => void,
) {
  const pending = new Map<number, Promise<void>>();
  const internals = client as unknown as { _sendPacket: SendPacket };
  const sendPacket = internals._sendPacket.bind(client);
  internals._sendPacket = (packet, cb, ...rest) => {
    const stored = packet.cmd === 'puback' ? pending.get(packet.messageId ?? -1) : undefined;
    if (!stored) {
      sendPacket(packet, cb, ...rest);
      return;
    }
    pending.delete(packet.messageId ?? -1);
    cb?.();
    stored.then(
      () => {
        if (client.connected) sendPacket(packet);
      },
      (error: unknown) => {
        onError(error);
        // Unacknowledged messages come back after a reconnect (or go to another node of the group).
        if (client.connected) client.stream.destroy();
      },
    );
  };
  client.handleMessage = (packet, callback) => {
    const handled = handlers.message(packet.topic, packet.payload as Buffer);
    if (packet.qos > 0 && packet.messageId !== undefined) pending.set(packet.messageId, handled);
    else handled.catch(onError);
    callback();
  };
}

export interface ExternalBrokerOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** Unique per server node; the broker shares device traffic between the nodes of the group. */
  clientId: string;
  onError?: (error: unknown) => void;
}

/**
 * The server as an ordinary MQTT 5 client of EMQX or Mosquitto. All nodes subscribe with the same
 * shared subscription, so the broker hands each device message to exactly one node; any node can
 * publish a command to any device. Authentication and ACL are the broker's (through the HTTP hook).
 */
export function createExternalBroker(options: ExternalBrokerOptions): BrokerAdapter {
  let client: MqttClient | undefined;
  const onError = options.onError ?? (() => {});
  return {
    kind: 'external',
    async start(handlers: BrokerHandlers) {
      client = await mqtt.connectAsync(options.url, {
        protocolVersion: 5,
        clientId: options.clientId,
        username: options.username,
        password: options.password,
        // mqtt.js re-makes the shared subscription after a reconnect (resubscribe is on by default).
        clean: true,
        reconnectPeriod: 1000,
        keepalive: 30,
        // PUBACKs wait for the commit: let the broker hand out as many messages as MQTT 5 allows
        // meanwhile (the broker's own limit applies too, docs/deployment.md).
        properties: { receiveMaximum: 65_535 },
      });
      acknowledgeAfterCommit(client, handlers, onError);
      client.on('error', onError);
      await client.subscribeAsync(topicFilters.sharedUp, { qos: 1 });
    },
    async publish(topic, payload) {
      if (!client) throw new Error('broker not started');
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    endpoint() {
      return options.url;
    },
    async close() {
      const closing = client;
      client = undefined;
      await closing?.endAsync();
    },
  };
}
