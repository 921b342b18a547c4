import { z } from 'zod';
import { CapabilitiesSchema } from './capabilities.ts';
import { ClaimRequestSchema } from './claim.ts';
import {
  ConnectionTypeSchema,
  IccidSchema,
  ImeiSchema,
  ImsiSchema,
  LinkIdSchema,
  LinkUsageSchema,
  MacSchema,
  NetworkEnvironmentSchema,
  SignalSchema,
} from './links.ts';
import { EpochMsSchema, KeepAliveSchema, ProtocolEndpointIdSchema } from './protocol.ts';
import { ReplyMessageSchema, RpcIdSchema } from './rpc.ts';
import { SeriesIdSchema } from './series.ts';
import type { UpKind } from './topics.ts';
import { UpdateErrorCodeSchema, UpdateStateSchema } from './update.ts';

/*
 * Messages a device publishes, one kind per topic `fp/{sn}/up/<kind>`, the `type` field equal to the
 * kind. Every message carries `ts`, the device's clock in epoch ms. Objects are not strict: a newer
 * device may send fields an older cloud ignores.
 */

const version = z.string().min(1).max(32);

/** sha256 (hex) of a configuration XML as the device keeps it: the running configuration's checksum. */
export const ConfigChecksumSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** `up/hello`: after every connect, before anything else. Also the device's identity card. */
export const HelloMessageSchema = z.object({
  type: z.literal('hello'),
  ts: EpochMsSchema,
  protocolVersion: z.number().int().positive(),
  model: z.string().min(1).max(32),
  series: SeriesIdSchema,
  firmwareVersion: version,
  appVersion: version,
  /** Installed apps. */
  apps: z.array(z.object({ packageName: z.string(), name: z.string(), version })).default([]),
  /** The devcfg JSON (core §3 Device config). */
  capabilities: CapabilitiesSchema,
  mac: MacSchema,
  imei: ImeiSchema.optional(),
  iccid: IccidSchema.optional(),
  imsi: ImsiSchema.optional(),
  ssid: z.string().max(32).optional(),
  /** Address of the active uplink. */
  ip: z.string().max(45),
  routerId: z.string().max(64).optional(),
  networkEnvironment: NetworkEnvironmentSchema,
  connectionType: ConnectionTypeSchema,
  activeLink: LinkIdSchema,
  keepAlive: KeepAliveSchema,
  uptimeSeconds: z.number().int().nonnegative(),
  /** DIRECT: the router itself; INDIRECT: a device reached through a router (core §3 model type). */
  modelType: z.enum(['DIRECT', 'INDIRECT']).default('DIRECT'),
  /**
   * The running configuration's checksum (§7.5): the cloud fetches the configuration (`configGet`)
   * only when it differs from the checksum of the XML it holds, e.g. after a change made on the router
   * while it was offline.
   */
  configChecksum: ConfigChecksumSchema.optional(),
});
export type HelloMessage = z.infer<typeof HelloMessageSchema>;

export const ModemStatusSchema = z.object({
  imei: ImeiSchema.optional(),
  model: z.string().optional(),
  registered: z.boolean(),
  activeSim: z.union([z.literal(1), z.literal(2)]).nullable(),
  sims: z.array(
    z.object({
      slot: z.union([z.literal(1), z.literal(2)]),
      present: z.boolean(),
      iccid: IccidSchema.optional(),
      imsi: ImsiSchema.optional(),
      state: z.enum(['ready', 'absent', 'pinRequired', 'locked', 'error']),
    }),
  ),
  signal: SignalSchema.optional(),
});
export type ModemStatus = z.infer<typeof ModemStatusSchema>;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** Status module `gps`: the router's own receiver (GPS-capable series). */
export const GpsStatusSchema = z.object({
  latitude,
  longitude,
  altitudeM: z.number().optional(),
  satellites: z.number().int().nonnegative().optional(),
  /** Estimated horizontal error in metres. */
  accuracyM: z.number().nonnegative().optional(),
});
export type GpsStatus = z.infer<typeof GpsStatusSchema>;

/** Status module `cellLocation`: a position estimated from the serving base station (no GPS). */
export const CellLocationStatusSchema = z.object({
  latitude,
  longitude,
  accuracyM: z.number().nonnegative().optional(),
  mcc: z.string().max(3).optional(),
  mnc: z.string().max(3).optional(),
  cellId: z.string().max(16).optional(),
});
export type CellLocationStatus = z.infer<typeof CellLocationStatusSchema>;

/**
 * Status module `vpn` (docs/device-protocol.md §7.6): the router's VPN tunnel, or `groupId` null when
 * it is in no group. Counters are bytes through the tunnel since it came up (`since`).
 */
export const VpnTunnelStatusSchema = z.object({
  groupId: z.number().int().positive().nullable(),
  state: z.enum(['connecting', 'connected', 'disconnected']),
  virtualIp: z.string().nullable(),
  rxBytes: z.number().int().min(0),
  txBytes: z.number().int().min(0),
  /** When the tunnel came up (epoch ms), null while it is not up. */
  since: EpochMsSchema.nullable(),
});
export type VpnTunnelStatus = z.infer<typeof VpnTunnelStatusSchema>;

/**
 * `up/status`: status modules (core: getStatusByModule). `uci` is the running configuration as
 * `{config: {section.option: value}}`; `modem` the cellular state; `gps` or `cellLocation` the position; further modules may be added.
 */
export const StatusMessageSchema = z.object({
  type: z.literal('status'),
  ts: EpochMsSchema,
  modules: z
    .object({
      uci: z.record(z.string(), z.record(z.string(), z.string())).optional(),
      modem: ModemStatusSchema.optional(),
      network: z
        .object({
          ip: z.string(),
          activeLink: LinkIdSchema,
          connectionType: ConnectionTypeSchema,
          networkEnvironment: NetworkEnvironmentSchema,
          ssid: z.string().optional(),
        })
        .optional(),
      gps: GpsStatusSchema.optional(),
      cellLocation: CellLocationStatusSchema.optional(),
      vpn: VpnTunnelStatusSchema.optional(),
    })
    .catchall(z.unknown()),
});
export type StatusMessage = z.infer<typeof StatusMessageSchema>;

/** VPN byte counters since boot (docs/device-protocol.md "telemetry"). */
export const VpnUsageSchema = z.object({
  rxBytes: z.number().int().nonnegative(),
  txBytes: z.number().int().nonnegative(),
});
export type VpnUsage = z.infer<typeof VpnUsageSchema>;

/** `up/telemetry`: periodic (default every 60 s). Usage counters count since boot. */
export const TelemetryMessageSchema = z.object({
  type: z.literal('telemetry'),
  ts: EpochMsSchema,
  /** Increases by one per telemetry message within a boot; with `uptimeSeconds` it de-duplicates. */
  seq: z.number().int().nonnegative(),
  uptimeSeconds: z.number().int().nonnegative(),
  usage: z.array(LinkUsageSchema),
  /**
   * Bytes through the device's VPN tunnels since boot (all tunnels together), sent while a tunnel is
   * configured. The cloud draws the difference of two samples from the company's data pool.
   */
  vpn: VpnUsageSchema.optional(),
  /** One entry per SIM with a signal. */
  signal: z.array(SignalSchema).default([]),
  activeLink: LinkIdSchema.optional(),
  cpuPercent: z.number().min(0).max(100).optional(),
  memoryPercent: z.number().min(0).max(100).optional(),
  temperatureC: z.number().min(-60).max(150).optional(),
});
export type TelemetryMessage = z.infer<typeof TelemetryMessageSchema>;

export const SEVERITIES = ['critical', 'major', 'minor', 'notice'] as const;

/** What happened on the device; `name` says which. */
export const DeviceEventSchema = z.discriminatedUnion('name', [
  /** Firmware/app update progress, tied to the RPC that started it. */
  z.object({
    name: z.literal('updateProgress'),
    rpcId: RpcIdSchema,
    target: z.enum(['firmware', 'app']),
    packageName: z.string().optional(),
    version,
    state: UpdateStateSchema.exclude(['timeout']),
    percent: z.number().min(0).max(100).optional(),
    errorCode: UpdateErrorCodeSchema.optional(),
  }),
  z.object({ name: z.literal('linkChange'), from: LinkIdSchema.nullable(), to: LinkIdSchema.nullable() }),
  z.object({ name: z.literal('simSwitch'), from: z.number().int(), to: z.number().int() }),
  z.object({
    name: z.literal('configChanged'),
    lastUpdatedTime: EpochMsSchema,
    by: z.enum(['cloud', 'local']),
  }),
  z.object({ name: z.literal('boot'), reason: z.enum(['powerOn', 'reboot', 'watchdog', 'update']) }),
  z.object({ name: z.literal('ioChange'), channel: z.string(), value: z.number() }),
  z.object({ name: z.literal('loginFailed'), user: z.string(), from: z.string() }),
  z.object({
    name: z.literal('alarm'),
    severity: z.enum(SEVERITIES),
    code: z.string().max(64),
    message: z.string().max(1000),
  }),
]);
export type DeviceEvent = z.infer<typeof DeviceEventSchema>;

export const EventMessageSchema = z.object({
  type: z.literal('event'),
  ts: EpochMsSchema,
  event: DeviceEventSchema,
});
export type EventMessage = z.infer<typeof EventMessageSchema>;

export const SYSLOG_LEVELS = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'] as const;

/** `up/syslog`: batches of log lines the device forwards (when syslog forwarding is on). */
export const SyslogMessageSchema = z.object({
  type: z.literal('syslog'),
  ts: EpochMsSchema,
  entries: z
    .array(
      z.object({
        ts: EpochMsSchema,
        level: z.enum(SYSLOG_LEVELS),
        tag: z.string().max(64),
        message: z.string().max(4096),
      }),
    )
    .min(1)
    .max(500),
});
export type SyslogMessage = z.infer<typeof SyslogMessageSchema>;

/**
 * `up/config`: the whole configuration XML (core §3 Device config), after boot, change or request.
 * `reverted`: a change-set was not confirmed within its window and the device put its previous
 * configuration back (§7.5); `changeSet` names it and says why.
 */
export const ConfigMessageSchema = z.object({
  type: z.literal('config'),
  ts: EpochMsSchema,
  xml: z.string().min(1).max(2_000_000),
  lastUpdatedTime: EpochMsSchema,
  reason: z.enum(['boot', 'changed', 'requested', 'reverted']),
  checksum: ConfigChecksumSchema.optional(),
  changeSet: z
    .object({ id: z.string().min(1).max(64), state: z.literal('reverted'), reason: z.string().max(500) })
    .optional(),
});
export type ConfigMessage = z.infer<typeof ConfigMessageSchema>;

/**
 * `up/presence`, retained. The device sets `offline` as its last will and publishes `online` after
 * connecting. `session` is random per connection, so a late will of an old connection is told apart.
 */
export const PresenceMessageSchema = z.object({
  type: z.literal('presence'),
  ts: EpochMsSchema,
  state: z.enum(['online', 'offline']),
  session: z.string().min(1).max(64),
  /** `lastWill` is set in the will payload; `reboot`/`shutdown` when the device says goodbye itself. */
  reason: z.enum(['connect', 'lastWill', 'reboot', 'shutdown']).optional(),
});
export type PresenceMessage = z.infer<typeof PresenceMessageSchema>;

/** What a sample's values are worth: every point read (`good`), some not (`partial`, those are null). */
export const ENDPOINT_QUALITIES = ['good', 'partial'] as const;

/** One poll of one endpoint: its points' engineering values by point name (null: not read this time). */
export const EndpointSampleSchema = z.object({
  endpointId: ProtocolEndpointIdSchema,
  /** When the slave was read (device clock, epoch ms); with the SN and endpoint it identifies the sample. */
  ts: EpochMsSchema,
  values: z.record(z.string().max(50), z.union([z.number(), z.string().max(500)]).nullable()),
  quality: z.enum(ENDPOINT_QUALITIES),
});
export type EndpointSample = z.infer<typeof EndpointSampleSchema>;

/** An endpoint's slave started or stopped answering. */
export const EndpointPresenceSchema = z.object({
  endpointId: ProtocolEndpointIdSchema,
  ts: EpochMsSchema,
  state: z.enum(['online', 'offline']),
  /** Why it is offline: the connection's or the slave's error. */
  reason: z.string().max(200).optional(),
});
export type EndpointPresence = z.infer<typeof EndpointPresenceSchema>;

/** Samples and presence changes per message (a gateway sends more messages for more). */
export const ENDPOINT_MESSAGE_MAX = 200;

/**
 * `up/endpoint` (issue 19, docs/device-protocol.md §7.8): the samples of the endpoints a gateway polls
 * with its applied point tables, gathered per poll round, and their presence changes.
 */
export const EndpointMessageSchema = z.object({
  type: z.literal('endpoint'),
  ts: EpochMsSchema,
  samples: z.array(EndpointSampleSchema).max(ENDPOINT_MESSAGE_MAX).default([]),
  presence: z.array(EndpointPresenceSchema).max(ENDPOINT_MESSAGE_MAX).default([]),
});
export type EndpointMessage = z.infer<typeof EndpointMessageSchema>;

export const UpMessageSchema = z.discriminatedUnion('type', [
  HelloMessageSchema,
  StatusMessageSchema,
  TelemetryMessageSchema,
  EventMessageSchema,
  SyslogMessageSchema,
  ConfigMessageSchema,
  ReplyMessageSchema,
  PresenceMessageSchema,
  ClaimRequestSchema,
  EndpointMessageSchema,
]);
export type UpMessage = z.infer<typeof UpMessageSchema>;
export type UpMessageOf<K extends UpKind> = Extract<UpMessage, { type: K }>;

/**
 * Parses the JSON payload of an up topic, requiring `type` to match the topic's kind.
 * Returns the message or the zod error text (for the log).
 */
export function parseUpMessage<K extends UpKind>(
  kind: K,
  payload: string | Uint8Array,
): { ok: true; message: UpMessageOf<K> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch {
    return { ok: false, error: 'payload is not JSON' };
  }
  const parsed = UpMessageSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  if (parsed.data.type !== kind)
    return { ok: false, error: `type ${parsed.data.type} on topic kind ${kind}` };
  return { ok: true, message: parsed.data as UpMessageOf<K> };
}
