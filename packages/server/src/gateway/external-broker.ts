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
  /**
   * Unique per server node and the same across its restarts (`fleetport-${NODE_ID}`): the broker keeps
   * the node's session under it, and a restarted node resumes it.
   */
  clientId: string;
  /**
   * How long the broker keeps the node's session after its connection ends (MQTT 5 Session Expiry
   * Interval): its shared subscription, the messages it had taken without an acknowledgement and
   * those the broker queues for its share meanwhile. A node back within it gets all of them.
   */
  sessionExpirySeconds: number;
  onError?: (error: unknown) => void;
}

/** Connects, with the message handling in place before the broker can send the first message. */
async function connect(
  options: ExternalBrokerOptions,
  handlers: BrokerHandlers,
  onError: (error: unknown) => void,
): Promise<MqttClient> {
  const client = mqtt.connect(options.url, {
    protocolVersion: 5,
    clientId: options.clientId,
    username: options.username,
    password: options.password,
    // A persistent session: what the broker had handed to this node and the node had not acknowledged
    // (not stored) when it died, and what it queued for the node's share of the group since, comes
    // to the node again when it returns (docs/decisions.md, "Durable delivery"). MQTT.js subscribes
    // again only when the broker answers that it kept no session.
    clean: false,
    reconnectPeriod: 1000,
    keepalive: 30,
    properties: {
      sessionExpiryInterval: options.sessionExpirySeconds,
      // PUBACKs wait for the commit: let the broker hand out as many messages as MQTT 5 allows
      // meanwhile (the broker's own limit applies too, docs/deployment.md).
      receiveMaximum: 65_535,
    },
  });
  // A resumed session's messages follow the CONNACK at once: they must not meet MQTT.js's own
  // handler, which acknowledges on receipt.
  acknowledgeAfterCommit(client, handlers, onError);
  await new Promise<void>((resolve, reject) => {
    const connected = () => {
      client.off('error', failed);
      resolve();
    };
    const failed = (error: Error) => {
      client.off('connect', connected);
      client.end(true);
      reject(error);
    };
    client.once('connect', connected);
    client.once('error', failed);
  });
  client.on('error', onError);
  return client;
}

/**
 * The server as an ordinary MQTT 5 client of EMQX or Mosquitto. All nodes subscribe with the same
 * shared subscription, so the broker hands each device message to exactly one node; any node can
 * publish a command to any device. Authentication and ACL are the broker's (through the HTTP hook).
 * The node's session outlives its connection (`sessionExpirySeconds`), so a node killed with messages
 * it had not acknowledged gets them again when it returns under the same client id.
 */
export function createExternalBroker(options: ExternalBrokerOptions): BrokerAdapter {
  let client: MqttClient | undefined;
  const onError = options.onError ?? (() => {});
  return {
    kind: 'external',
    async start(handlers: BrokerHandlers) {
      client = await connect(options, handlers, onError);
      // No retained messages on the shared subscription, as MQTT 5 says for shared subscriptions
      // (Mosquitto before 2.0.13 sent them anyway; retain handling 2 asks it not to).
      await client.subscribeAsync(topicFilters.sharedUp, { qos: 1, rh: 2 });
      // Every device's last presence, retained: a subscription of this node's own hands it over once.
      // It goes again at once; the broker has queued the retained messages for this session before
      // it reads the UNSUBSCRIBE, so they still arrive, and live presence keeps coming through the
      // shared subscription only. A node killed before its debounced presence write (the presence
      // message was acknowledged once the tracker took it) so learns the state again at its start.
      await client.subscribeAsync(topicFilters.allPresence, { qos: 1 });
      await client.unsubscribeAsync(topicFilters.allPresence);
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
