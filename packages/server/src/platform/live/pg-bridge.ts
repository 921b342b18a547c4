import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { LiveEvent, LiveHub } from './hub.ts';
import { createLiveDecoder, encodeLiveEvent, LIVE_CHANNEL, LiveEventTooLarge } from './live-wire.ts';

/**
 * Live events between server nodes over PostgreSQL LISTEN/NOTIFY (docs/deployment.md). Each node
 * keeps two connections of its own, outside the query pool: one that only LISTENs (a pooled
 * connection would lose its LISTEN when handed back) and one that NOTIFYs, so a burst of events
 * never waits behind the queries of a request. A lost connection is reopened with a growing delay.
 */
export interface LiveBridgeOptions {
  hub: LiveHub;
  databaseUrl: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  nodeId?: string;
  /** First reconnect delay; it doubles up to 10 s. */
  retryMs?: number;
}

export interface LiveBridge {
  /** Use this hub instead of the local one: what it publishes also goes to the other nodes. */
  hub: LiveHub;
  nodeId: string;
  close(): Promise<void>;
}

/** Events published while the sending connection is down wait here, oldest dropped first. */
const BACKLOG_LIMIT = 1000;
const MAX_RETRY_MS = 10_000;

export function bridgeLiveHub(options: LiveBridgeOptions): LiveBridge {
  const { hub: local, databaseUrl, log } = options;
  const nodeId = options.nodeId ?? randomUUID();
  const decoder = createLiveDecoder(nodeId);
  const firstRetryMs = options.retryMs ?? 500;
  let closed = false;
  let listener: pg.Client | null = null;
  let sender: pg.Client | null = null;
  let backlog: LiveEvent[] = [];
  let sending = Promise.resolve();
  let failures = 0;

  const open = async (role: 'listen' | 'notify') => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: `fleetport-live-${role}`,
      keepAlive: true,
    });
    // Without an 'error' listener a dropped socket would crash the process.
    client.on('error', (error) => log.warn({ err: error, role }, 'live bridge connection failed'));
    await client.connect();
    return client;
  };

  function connectLoop(role: 'listen' | 'notify', delay = firstRetryMs) {
    if (closed) return;
    open(role)
      .then(async (client) => {
        if (closed) return void (await client.end().catch(() => {}));
        if (role === 'listen') {
          client.on('notification', (message) => {
            if (message.channel !== LIVE_CHANNEL || !message.payload) return;
            const event = decoder.accept(message.payload);
            // The local hub delivers to this node's sockets only; nothing goes back out.
            if (event) local.publish(event.name, event.companyId, event.data as never);
          });
          try {
            await client.query(`LISTEN ${LIVE_CHANNEL}`);
          } catch (error) {
            await client.end().catch(() => {});
            throw error;
          }
        }
        // Registered only now, so a failed start is retried by the catch below and not twice.
        client.once('end', () => {
          if (role === 'listen') listener = null;
          else sender = null;
          if (!closed) {
            log.warn({ role }, 'live bridge connection lost; reconnecting');
            setTimeout(() => connectLoop(role), firstRetryMs).unref();
          }
        });
        if (role === 'listen') listener = client;
        else {
          sender = client;
          flush();
        }
      })
      .catch((error: unknown) => {
        log.warn({ err: error, role, retryInMs: delay }, 'live bridge cannot connect');
        setTimeout(() => connectLoop(role, Math.min(delay * 2, MAX_RETRY_MS)), delay).unref();
      });
  }

  function flush() {
    sending = sending.then(async () => {
      while (sender && backlog.length > 0) {
        const event = backlog[0] as LiveEvent;
        try {
          await notify(sender, encodeLiveEvent(event, nodeId));
          backlog.shift();
          failures = 0;
        } catch (error) {
          log.warn({ err: error, event: event.name }, 'live event not sent to the other nodes');
          // A refused event (too large) or one that failed three times is dropped; otherwise it is
          // most likely the connection breaking, and the event waits at the head for the next one.
          if (error instanceof LiveEventTooLarge || ++failures >= 3) {
            backlog.shift();
            failures = 0;
          } else return;
        }
      }
    });
  }

  const hub: LiveHub = {
    publish(name, companyId, data) {
      local.publish(name, companyId, data);
      backlog.push({ name, companyId, data } as LiveEvent);
      if (backlog.length > BACKLOG_LIMIT) backlog = backlog.slice(-BACKLOG_LIMIT);
      if (sender) flush();
    },
    subscribe: (listener, companyId) => local.subscribe(listener, companyId),
  };

  connectLoop('listen');
  connectLoop('notify');
  const bridge: LiveBridge = {
    hub,
    nodeId,
    async close() {
      closed = true;
      await sending;
      await Promise.all([listener?.end(), sender?.end()].map((p) => p?.catch(() => {})));
    },
  };
  log.info({ nodeId }, 'live events bridged between nodes through PostgreSQL LISTEN/NOTIFY');
  return bridge;
}

/** The parts of one event go in one transaction: the listeners get all of them or none. */
async function notify(client: pg.Client, payloads: string[]): Promise<void> {
  if (payloads.length === 1) {
    await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payloads[0]]);
    return;
  }
  await client.query('begin');
  try {
    for (const payload of payloads) await client.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
