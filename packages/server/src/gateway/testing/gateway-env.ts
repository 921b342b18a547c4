import type { FastifyInstance } from 'fastify';
import { openTestDatabase, testConfig } from '../../../test/helpers.ts';
import { type AppDeps, buildApp } from '../../app.ts';
import { systemClock } from '../../platform/clock.ts';
import type { OpenDatabase } from '../../platform/db/open.ts';
import type { Gateway } from '../gateway.ts';
import { startMosquitto, type TestMosquitto } from './mosquitto.ts';
import { claimDevice, claimProof } from './test-device.ts';

/**
 * One gateway test's world: a database, the broker (embedded, or Mosquitto when
 * MQTT_TEST_BROKER=mosquitto) and one or more server nodes built as `npm start` builds them.
 */
export interface TestServer {
  app: FastifyInstance;
  deps: AppDeps;
  gateway: Gateway;
  close(): Promise<void>;
}

export interface GatewayEnv {
  brokerKind: 'embedded' | 'mosquitto';
  database: OpenDatabase;
  mosquitto?: TestMosquitto;
  servers: TestServer[];
  /** Where devices connect. */
  deviceUrl(): string;
  startServer(options?: { nodeId?: string; port?: number }): Promise<TestServer>;
  /** An import row for the SN, a claim over MQTT, and the broker told about the secret. */
  provisionDevice(sn: string, options?: { companyId?: number; mac?: string }): Promise<string>;
  importDevice(sn: string, mac: string, companyId?: number): Promise<void>;
  /** Lets the claim identity in (Mosquitto has no hook to check the proof itself). */
  allowClaim(sn: string, password: string): Promise<void>;
  close(): Promise<void>;
}

export const TEST_MAC = '00:11:22:3A:4B:5C';
/** Company ids are plain numbers here: the gateway needs no company row to exist. */
export const TEST_COMPANY = 7;

export function testBrokerKind(): 'embedded' | 'mosquitto' {
  return process.env.MQTT_TEST_BROKER === 'mosquitto' ? 'mosquitto' : 'embedded';
}

export async function openGatewayEnv(
  options: { brokerKind?: 'embedded' | 'mosquitto'; database?: OpenDatabase } = {},
): Promise<GatewayEnv> {
  const brokerKind = options.brokerKind ?? testBrokerKind();
  const database = options.database ?? (await openTestDatabase());
  const mosquitto = brokerKind === 'mosquitto' ? await startMosquitto() : undefined;
  const servers: TestServer[] = [];

  const env: GatewayEnv = {
    brokerKind,
    database,
    mosquitto,
    servers,
    deviceUrl() {
      if (mosquitto) return mosquitto.url;
      const running = servers[servers.length - 1];
      if (!running) throw new Error('no server running');
      return running.gateway.endpoint();
    },
    async startServer(serverOptions = {}) {
      const base = testConfig();
      const config = {
        ...base,
        // On PostgreSQL the nodes bridge their live events through it, as in production.
        databaseUrl: database.url,
        mqtt: {
          ...base.mqtt,
          port: serverOptions.port ?? 0,
          url: mosquitto?.url,
          username: mosquitto?.server.username,
          password: mosquitto?.server.password,
        },
      };
      const { app, deps } = await buildApp({
        config,
        db: database.db,
        dialect: database.dialect,
        clock: systemClock,
        logger: false,
        revealBadResponses: true,
        gateway: {
          nodeId: serverOptions.nodeId ?? `test-${servers.length}`,
          presenceDebounceMs: 300,
          telemetryFlushMs: 50,
          rpcSweepIntervalMs: 500,
        },
      });
      await app.ready();
      const gateway = deps.gateway as Gateway;
      const server: TestServer = {
        app,
        deps,
        gateway,
        async close() {
          servers.splice(servers.indexOf(server), 1);
          await app.close();
        },
      };
      servers.push(server);
      return server;
    },
    async importDevice(sn, mac, companyId = TEST_COMPANY) {
      const gateway = servers[0]?.gateway;
      if (!gateway) throw new Error('start a server first');
      await gateway.devices.importDevices([{ companyId, sn, mac, name: `Router ${sn}`, model: 'R3000-Q' }]);
    },
    async allowClaim(sn, password) {
      await mosquitto?.allowClaim(sn, password);
    },
    async provisionDevice(sn, provisionOptions = {}) {
      const mac = provisionOptions.mac ?? TEST_MAC;
      await env.importDevice(sn, mac, provisionOptions.companyId);
      const password = claimProof(sn, mac);
      await env.allowClaim(sn, password);
      const answer = await claimDevice(env.deviceUrl(), sn, mac, password);
      if (answer.type !== 'claimAccepted') throw new Error(`claim refused: ${answer.reason}`);
      await mosquitto?.allowDevice(sn, answer.secret);
      return answer.secret;
    },
    async close() {
      for (const server of [...servers].reverse()) await server.close();
      await mosquitto?.stop();
      if (!options.database) await database.close();
    },
  };
  return env;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
