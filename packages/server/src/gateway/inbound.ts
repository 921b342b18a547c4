import { createHash } from 'node:crypto';
import {
  downTopic,
  parseTopic,
  parseUpMessage,
  type UpKind,
  type UpMessageOf,
  type VpnTunnelStatus,
} from '@fleetport/contract';
import type { Notifier } from '../modules/device-notifications/notifier.ts';
import {
  findReportedXml,
  insertDeviceEvent,
  insertSyslogLines,
  saveDeviceConfig,
  saveDeviceStatusModules,
} from '../modules/devices/device-reports.store.ts';
import type { DevicesService } from '../modules/devices/devices.service.ts';
import { recordEndpointMessage } from '../modules/point-tables/endpoint-values.store.ts';
import type { Clock } from '../platform/clock.ts';
import type { Db } from '../platform/db/open.ts';
import type { LiveHub } from '../platform/live/hub.ts';
import type { DeviceDirectory } from './device-directory.ts';
import type { PresenceTracker } from './presence.ts';
import type { RpcService } from './rpc.service.ts';
import type { TelemetryWriter } from './telemetry-writer.ts';

export interface InboundDeps {
  db: Db;
  clock: Clock;
  hub: LiveHub;
  devices: DevicesService;
  directory: DeviceDirectory;
  rpc: RpcService;
  telemetry: TelemetryWriter;
  presence: PresenceTracker;
  /**
   * Draws a telemetry message's VPN traffic from the company's data pool, after the message is stored
   * and before it is acknowledged (a failure leaves it unacknowledged; the resend draws once).
   */
  vpnUsage?: (sn: string, companyId: number, message: UpMessageOf<'telemetry'>) => Promise<void>;
  /** A router reported its VPN tunnel (status module `vpn`): its state and counters in its group. */
  vpnTunnel?: (sn: string, companyId: number, status: VpnTunnelStatus) => Promise<void>;
  /** A device reported its configuration (configuration change-sets follow `reverted` reports). */
  configReported?: (
    sn: string,
    companyId: number,
    message: UpMessageOf<'config'>,
    previousXml: string | null,
  ) => Promise<void>;
  /** A router was claimed (its template, if one fits, starts: modules/device-templates). */
  claimed?: (sn: string) => Promise<void>;
  /** Writes device notifications (alarms, update results, claims); optional for tests of the router alone. */
  notifier?: Notifier;
  /** Whether `presence` messages decide presence (external broker) or the broker's sessions do. */
  presenceFromMessages: boolean;
  publish(topic: string, payload: string): Promise<void>;
  /**
   * The device said `hello`: names the connection it listens on for commands, or null when its
   * subscription is not in place yet (the queue then goes once it is).
   */
  helloReceived(sn: string): string | null;
  /** A message that does not follow the protocol; logged, never stored. */
  onRejected(sn: string, kind: string, reason: string): void;
}

export interface InboundStats {
  handled: number;
  rejected: number;
  /** Configurations fetched because a hello's checksum differed from the one the cloud holds. */
  configFetches: number;
  /** Messages handled per up kind. */
  byKind: Partial<Record<UpKind, number>>;
}

/** Routes what devices publish on `fp/{sn}/up/<kind>` to the registry, the stores and the RPC service. */
export function createInboundRouter(deps: InboundDeps) {
  const stats: InboundStats = { handled: 0, rejected: 0, configFetches: 0, byKind: {} };

  function reject(sn: string, kind: string, reason: string) {
    stats.rejected++;
    deps.onRejected(sn, kind, reason);
  }

  /**
   * The hello's configuration checksum against the XML the cloud holds (§7.5): the same, nothing is
   * fetched; different (the router was changed while the cloud did not hear it), `configGet` asks for
   * the configuration, whose report then shows the drift. It goes with what waited for the hello.
   */
  async function fetchConfigIfChanged(sn: string, companyId: number, checksum: string | undefined) {
    if (!checksum || !deps.configReported) return;
    const held = await findReportedXml(deps.db, sn);
    if (held === null || createHash('sha256').update(held).digest('hex') === checksum) return;
    stats.configFetches++;
    await deps.rpc.send({ companyId, sns: [sn], method: 'configGet', params: {}, deadlineSeconds: 300 });
  }

  type Handler<K extends UpKind> = (sn: string, companyId: number, message: UpMessageOf<K>) => Promise<void>;
  const handlers: { [K in Exclude<UpKind, 'claim'>]: Handler<K> } = {
    async hello(sn, companyId, hello) {
      await deps.devices.recordHello(sn, hello);
      await deps.rpc.handleHello(sn, hello.firmwareVersion);
      await fetchConfigIfChanged(sn, companyId, hello.configChecksum);
      deps.hub.publish('device.hello', companyId, {
        sn,
        model: hello.model,
        series: hello.series,
        firmwareVersion: hello.firmwareVersion,
      });
      // A device says hello once it listens for commands (§6): what waited for it goes now.
      const session = deps.helloReceived(sn);
      if (session !== null) await deps.rpc.deliverQueued(sn, session);
    },
    async status(sn, companyId, status) {
      await saveDeviceStatusModules(deps.db, {
        companyId,
        sn,
        modules: status.modules,
        at: new Date(status.ts),
      });
      if (status.modules.vpn) await deps.vpnTunnel?.(sn, companyId, status.modules.vpn);
    },
    async telemetry(sn, companyId, telemetry) {
      const { type: _type, ts, ...data } = telemetry;
      await deps.telemetry.add({
        companyId,
        sn,
        at: new Date(ts),
        data,
        uptimeSeconds: telemetry.uptimeSeconds,
        seq: telemetry.seq,
      });
      if (telemetry.vpn) await deps.vpnUsage?.(sn, companyId, telemetry);
    },
    async event(sn, companyId, message) {
      const { name, ...data } = message.event;
      const severity = 'severity' in message.event ? message.event.severity : null;
      await insertDeviceEvent(deps.db, {
        companyId,
        sn,
        at: new Date(message.ts),
        type: name,
        severity,
        data,
      });
      await deps.notifier?.deviceEvent(companyId, sn, message.event, new Date(message.ts));
    },
    async syslog(sn, companyId, message) {
      await insertSyslogLines(
        deps.db,
        message.entries.map((e) => ({
          companyId,
          sn,
          at: new Date(e.ts),
          level: e.level,
          message: e.tag ? `${e.tag}: ${e.message}` : e.message,
        })),
      );
    },
    async config(sn, companyId, message) {
      const previous = deps.configReported ? await findReportedXml(deps.db, sn) : null;
      await saveDeviceConfig(deps.db, {
        companyId,
        sn,
        xml: message.xml,
        lastUpdatedTime: new Date(message.lastUpdatedTime),
        receivedAt: deps.clock.now(),
      });
      await deps.configReported?.(sn, companyId, message, previous);
    },
    async endpoint(sn, companyId, message) {
      // Committed before the handler resolves, so the broker acknowledges it only then (§6).
      await recordEndpointMessage(deps.db, { companyId, sn, message, receivedAt: deps.clock.now() });
    },
    async reply(sn, _companyId, reply) {
      await deps.rpc.handleReply(sn, reply);
    },
    async presence(sn, _companyId, presence) {
      if (!deps.presenceFromMessages) return;
      const online = presence.state === 'online';
      deps.presence.observe({ sn, online, session: presence.session });
    },
  };

  async function handleClaim(sn: string, message: UpMessageOf<'claim'>) {
    const answer = await deps.devices.claimDevice(sn, message);
    deps.directory.forget(sn);
    await deps.publish(downTopic(sn, 'claim'), JSON.stringify(answer));
    if (answer.type !== 'claimAccepted') return;
    await deps.notifier?.claimed(sn);
    await deps.claimed?.(sn);
  }

  /** Handles one message; resolves when what it carries is stored. */
  async function handle(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseTopic(topic);
    if (parsed?.direction !== 'up') return;
    const { sn, kind } = parsed;
    const message = parseUpMessage(kind, payload);
    if (!message.ok) {
      reject(sn, kind, message.error);
      return;
    }
    if (kind === 'claim') {
      await handleClaim(sn, message.message as UpMessageOf<'claim'>);
      count(kind);
      return;
    }
    const companyId = await deps.directory.companyOf(sn);
    if (companyId === null) {
      // Only possible on an external broker whose ACL let an unclaimed client through.
      reject(sn, kind, 'unknown device');
      return;
    }
    deps.directory.heard(sn);
    await (handlers[kind] as Handler<typeof kind>)(sn, companyId, message.message as never);
    count(kind);
  }

  function count(kind: UpKind) {
    stats.handled++;
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
  }

  return { handle, stats: () => ({ ...stats, byKind: { ...stats.byKind } }) };
}
