import { topicFilters } from '@fleetport/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { BrokerAdapter, BrokerHandlers } from './broker.ts';

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
      });
      // Acknowledged at once: mqtt.js handles one message at a time until this callback runs, and
      // waiting for the batched insert would hold a node to a few messages per second. A node that
      // crashes can lose at most one telemetry flush interval of the messages it had taken.
      client.handleMessage = (packet, callback) => {
        callback();
        handlers.message(packet.topic, packet.payload as Buffer).catch(onError);
      };
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
