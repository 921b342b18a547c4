import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { devicePublishAllowed, deviceSubscribeAllowed, parseDeviceUsername } from '@fleetport/contract';
import { recordVpnUsage } from '../modules/data-pool/vpn-usage.ts';
import { createChangeSetTracker } from '../modules/device-config/change-set-tracker.ts';
import { createNotifier } from '../modules/device-notifications/notifier.ts';
import { enqueueTimedOutUpdates } from '../modules/device-notifications/update-timeout.job.ts';
import { createProvisioningFollower } from '../modules/device-templates/provisioning-follower.ts';
import { createDevicesService, type DevicesService } from '../modules/devices/devices.service.ts';
import {
  isDeviceReachable,
  setAllDevicesOffline,
  setDevicePresence,
} from '../modules/devices/devices.store.ts';
import { portalCommandAnswered } from '../modules/portal-manager/portal-push-answered.ts';
import type { Clock } from '../platform/clock.ts';
import type { MqttConfig } from '../platform/config.ts';
import type { Db } from '../platform/db/open.ts';
import type { LiveEvent, LiveHub } from '../platform/live/hub.ts';
import type { BrokerAdapter, DeviceGatekeeper } from './broker.ts';
import { createDeviceDirectory } from './device-directory.ts';
import { createEmbeddedBroker } from './embedded-broker.ts';
import { createExternalBroker } from './external-broker.ts';
import { createInboundRouter, type InboundDeps, type InboundStats } from './inbound.ts';
import { createPresenceTracker } from './presence.ts';
import { createRpcService, type RpcService } from './rpc.service.ts';
import { createTelemetryWriter, type TelemetryWriter } from './telemetry-writer.ts';

export interface GatewayLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface GatewayHealth {
  ok: boolean;
  /** Telemetry messages received and not yet committed: their devices have no acknowledgement yet. */
  unacknowledged: number;
  reason?: string;
}

export interface GatewayOptions {
  db: Db;
  clock: Clock;
  hub: LiveHub;
  config: MqttConfig;
  log: GatewayLog;
  /**
   * Names this node's client on an external broker (`fleetport-<nodeId>`), whose session the broker
   * keeps across the node's restarts: unique per node, the same after a restart (NODE_ID; the host
   * name by default).
   */
  nodeId?: string;
  /** A connection that returns within this window is a flap, not a presence change. */
  presenceDebounceMs?: number;
  telemetryFlushMs?: number;
  rpcSweepIntervalMs?: number;
  /**
   * A router reported its VPN tunnel (status module `vpn`): the VPN area records it
   * (modules/vpn/router-status.ts), wired by the app so the gateway imports no VPN code.
   */
  vpnTunnel?: InboundDeps['vpnTunnel'];
}

export interface Gateway {
  broker: BrokerAdapter;
  devices: DevicesService;
  rpc: RpcService;
  telemetry: TelemetryWriter;
  gatekeeper: DeviceGatekeeper;
  /** Where devices connect, e.g. `mqtt://localhost:1883`. */
  endpoint(): string;
  stats(): InboundStats & { telemetryStored: number; connected: number };
  /** Whether device messages are being stored; when not, why (health shows it). */
  health(): GatewayHealth;
  close(): Promise<void>;
}

/**
 * The device gateway: a broker adapter (embedded Aedes unless MQTT_URL names an external broker),
 * device authentication and ACL, presence, the RPC service and the stores devices report into.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { db, clock, hub, config, log } = options;
  const onError = (error: unknown) => log.error({ err: error }, 'device gateway error');
  const devices = createDevicesService({ db, clock, factoryKey: config.factoryKey });
  const notifier = createNotifier({ db, hub, clock, onError });
  // Zero-touch provisioning follows claims, installs and change-sets (modules/device-templates).
  const provisioning = createProvisioningFollower({ db, clock, hub });
  const changeSets = createChangeSetTracker({
    db,
    clock,
    hub,
    finished: (tx, row) => provisioning.changeSetFinished(tx, row),
  });
  const gatekeeper: DeviceGatekeeper = {
    async authenticate(username, password, clientId) {
      const verdict = await devices.authenticateDevice(username, password, clientId);
      // A refused claim of an imported SN is news for the importing company (a typo or an intruder).
      // The device's answer does not wait for it: unimported routers retry every few seconds.
      const login = verdict.ok ? null : parseDeviceUsername(username);
      if (login?.phase === 'claim') void notifier.claimRefused(login.sn);
      return verdict;
    },
    mayPublish: devicePublishAllowed,
    maySubscribe: deviceSubscribeAllowed,
  };
  const broker = config.url
    ? createExternalBroker({
        url: config.url,
        username: config.username,
        password: config.password,
        clientId: `fleetport-${options.nodeId ?? os.hostname()}`,
        sessionExpirySeconds: config.sessionExpirySeconds,
        onError,
      })
    : createEmbeddedBroker({
        port: config.port,
        tlsCertFile: config.tlsCertFile,
        tlsKeyFile: config.tlsKeyFile,
        gatekeeper,
        onError,
        onRefusedPublish: (login, topic) =>
          log.warn({ sn: login.sn, topic }, 'device publication refused by the ACL and dropped'),
      });

  // Embedded: the broker's sessions are the truth about who is connected to this node, and a
  // device listens for commands once it said hello on its connection and the broker has its
  // subscription (device → session; either may come first).
  const connected = new Map<string, string>();
  const helloOn = new Map<string, string>();
  const subscribedOn = new Map<string, string>();
  const listening = new Map<string, string>();
  const directory = createDeviceDirectory({ db, now: () => clock.now(), onError });
  // Devices moved to another company or deleted (on any node): their next message looks the company
  // up afresh instead of being written under the old one until the cache entry expires.
  const stopForgetting = hub.subscribe((event) => {
    // A company's licences moved: routers whose provisioning waits for one go on (modules/device-templates).
    if (event.name === 'licences.changed') provisioning.licencesChanged(event.companyId).catch(onError);
    if (event.name !== 'devices.reassigned') return;
    for (const sn of (event as LiveEvent<'devices.reassigned'>).data.sns) directory.forget(sn);
  });
  const telemetry = createTelemetryWriter({ db, flushIntervalMs: options.telemetryFlushMs ?? 200, onError });
  const presence = createPresenceTracker({
    debounceMs: options.presenceDebounceMs ?? 2000,
    onError,
    async commit(changes) {
      const at = clock.now();
      const changed = await setDevicePresence(db, changes, at);
      const online = new Map(changes.map((c) => [c.sn, c.online]));
      const settled: { sn: string; companyId: number; online: boolean }[] = [];
      for (const row of changed) {
        const now = online.get(row.sn) === true;
        if (row.wasOnline === now) continue;
        hub.publish('device.presence', row.companyId, { sn: row.sn, online: now, at: at.toISOString() });
        settled.push({ sn: row.sn, companyId: row.companyId, online: now });
      }
      await notifier.presenceChanged(settled, at);
    },
  });
  const rpc = createRpcService({
    db,
    clock,
    hub,
    publish: (topic, payload) => broker.publish(topic, payload),
    async connectionOf(sn) {
      if (broker.kind === 'embedded') return listening.get(sn) ?? null;
      // The device's connections are the external broker's; a command for a reachable device is sent
      // at once under a name of its own, and again after the device's next hello if it went unanswered
      // (one sent to a device that just left is lost by the broker and goes again after its hello).
      return (await isDeviceReachable(db, sn)) ? `direct:${randomUUID()}` : null;
    },
    onError,
    // An update the device never finished is as much news as one it reported failed: a job, so the
    // news outlives this node (modules/device-notifications/update-timeout.job.ts).
    onTimedOut: async (tx, rows) => {
      await enqueueTimedOutUpdates(tx, rows, clock);
      await changeSets.timedOut(tx, rows);
      await provisioning.commandsTimedOut(tx, rows);
    },
    // A change-set the device applied is confirmed at once: reaching it again is the proof (§7.5).
    onAnswered: async (row) => {
      await changeSets.answered(row, async (changeSet, deadlineSeconds) => {
        const [confirm] = await rpc.send({
          companyId: changeSet.company_id,
          sns: [changeSet.sn],
          method: 'configConfirm',
          params: { changeSetId: changeSet.id },
          deadlineSeconds,
        });
        return confirm?.id ?? null;
      });
      await provisioning.commandAnswered(db, row);
      // A captive portal version the router runs: its version and RADIUS secret from now on.
      await portalCommandAnswered(db, row);
    },
    sweepIntervalMs: options.rpcSweepIntervalMs ?? 5000,
    soleNode: broker.kind === 'embedded',
  });
  const inbound = createInboundRouter({
    db,
    clock,
    hub,
    devices,
    directory,
    rpc,
    telemetry,
    presence,
    notifier,
    // The claim is answered already; a template that could not start is logged, not held against it.
    claimed: (sn) => provisioning.claimed(sn).catch(onError),
    configReported: (sn, companyId, message, previous) =>
      changeSets.configReported(sn, companyId, message, previous),
    vpnUsage: (sn, companyId, message) => recordVpnUsage({ db, clock, hub }, sn, companyId, message),
    ...(options.vpnTunnel ? { vpnTunnel: options.vpnTunnel } : {}),
    presenceFromMessages: broker.kind === 'external',
    publish: (topic, payload) => broker.publish(topic, payload),
    helloReceived(sn) {
      // External: the hello may reach any node, so each hello is a connection of its own (a repeat
      // costs a duplicate the device ignores, §7.2); the broker had the subscription before the hello.
      const session = broker.kind === 'embedded' ? connected.get(sn) : undefined;
      if (!session) return `hello:${randomUUID()}`;
      helloOn.set(sn, session);
      if (subscribedOn.get(sn) !== session) return null;
      listening.set(sn, session);
      return session;
    },
    onRejected: (sn, kind, reason) => log.warn({ sn, kind, reason }, 'device message rejected'),
  });

  // Nobody is connected to an embedded broker that is just starting.
  if (broker.kind === 'embedded') await setAllDevicesOffline(db, clock.now());
  // The queue is read before the first device can connect and say hello.
  await rpc.start();
  await broker.start({
    message: inbound.handle,
    sessionOpened(login, session) {
      if (login.phase !== 'claimed') return;
      connected.set(login.sn, session);
      presence.observe({ sn: login.sn, online: true, session });
    },
    sessionClosed(login, session) {
      if (login.phase !== 'claimed') return;
      if (connected.get(login.sn) === session) {
        connected.delete(login.sn);
        listening.delete(login.sn);
        helloOn.delete(login.sn);
        subscribedOn.delete(login.sn);
      }
      presence.observe({ sn: login.sn, online: false, session });
    },
    commandsSubscribed(login, session) {
      if (login.phase !== 'claimed' || connected.get(login.sn) !== session) return;
      subscribedOn.set(login.sn, session);
      // The hello came first: what waited for it goes now.
      if (helloOn.get(login.sn) !== session || listening.get(login.sn) === session) return;
      listening.set(login.sn, session);
      rpc.deliverQueued(login.sn, session).catch(onError);
    },
  });
  log.info({ endpoint: broker.endpoint(), broker: broker.kind }, 'device gateway started');

  return {
    broker,
    devices,
    rpc,
    telemetry,
    gatekeeper,
    endpoint: () => broker.endpoint(),
    stats: () => ({
      ...inbound.stats(),
      telemetryStored: telemetry.stats().stored,
      connected: connected.size,
    }),
    health() {
      const state = telemetry.stats();
      if (!state.failingSince) return { ok: true, unacknowledged: state.waiting };
      return {
        ok: false,
        unacknowledged: state.waiting,
        reason: `telemetry cannot be stored since ${state.failingSince.toISOString()} (${state.lastError}); devices get no acknowledgement and keep their messages`,
      };
    },
    async close() {
      // Presence is decided afresh by the next start; stop timers before the sessions drop.
      await presence.stop();
      stopForgetting();
      rpc.stop();
      await broker.close();
      // What is stored by now was acknowledged or will be resent; a database that does not answer
      // does not hold the shutdown: the devices still have what was not acknowledged.
      await Promise.race([telemetry.flush(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      telemetry.close();
      await directory.close();
    },
  };
}
