import { z } from 'zod';
import { POINT_DATA_TYPES } from '../enums/endpoints.ts';
import { isTimeOfDay } from '../rules/time.ts';
import { LinkIdSchema, LinkUsageSchema } from './links.ts';
import { BYTE_ORDERS } from './modbus-registers.ts';
import { ConfirmWindowSchema, EpochMsSchema, KeepAliveSchema, ProtocolEndpointIdSchema } from './protocol.ts';

/*
 * Params and results of every RPC method (docs/device-protocol.md §7). Objects are not strict:
 * a device ignores parameters it does not know, the cloud ignores result fields it does not know.
 */

const host = z.string().min(1).max(253);
const seconds = (max: number) => z.number().int().min(1).max(max);
const empty = z.object({});
const timeOfDay = z.string().refine(isTimeOfDay);

/** Signed, expiring HTTPS URL of a firmware or app package (docs §9). */
export const PackageSchema = z.object({
  url: z.string().url(),
  version: z.string().min(1).max(32),
  /** Lower-case hex SHA-256 of the file; a mismatch is update error 3 (check failed). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().positive(),
  /** When the URL stops working (epoch ms). */
  expiresAt: EpochMsSchema,
  /** The app centre version this is (the cloud's reference; the device may ignore it). */
  packageVersionId: z.number().int().positive().optional(),
});

/** Serial line settings a remote serial port accepts (the console offers exactly these). */
export const SERIAL_BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const SERIAL_DATA_BITS = [7, 8] as const;
export const SERIAL_PARITIES = ['none', 'even', 'odd'] as const;
export const SERIAL_STOP_BITS = [1, 2] as const;
export const SerialSettingsShape = {
  baudRate: z.literal(SERIAL_BAUD_RATES).default(9600),
  dataBits: z.literal(SERIAL_DATA_BITS).default(8),
  parity: z.enum(SERIAL_PARITIES).default('none'),
  stopBits: z.literal(SERIAL_STOP_BITS).default(1),
};

/** What a device timer does, and how often: once, every day or every week from its first time. */
export const TIMER_ACTIONS = ['reboot', 'switchSim', 'ledTest'] as const;
export const TIMER_REPEATS = ['none', 'daily', 'weekly'] as const;

/** A VPN group the router is told to join (issue 17; docs/device-protocol.md §7.6). */
const VpnGroupIdSchema = z.number().int().positive();
const PemSchema = z.string().min(1).max(16_000);
/** What the router's VPN tunnel is doing (core §4: connected or disconnected; connecting between). */
export const VPN_TUNNEL_STATES = ['connecting', 'connected', 'disconnected'] as const;

/** Where a gateway finds a Modbus slave (a point table's connection). */
export const ModbusSlaveSchema = z.object({
  protocol: z.enum(['modbusTcp', 'modbusRtu']),
  /** tcp: Modbus TCP; rtuOverTcp: RTU frames over a TCP socket; serial: the gateway's own serial port. */
  connectionType: z.enum(['tcp', 'rtuOverTcp', 'serial']),
  ip: z.string().max(15),
  port: z.number().int().min(1).max(65535),
  slaveId: z.number().int().min(1).max(247),
});

/** A point as a gateway polls it: a saved point table's point (contract api `PointSchema`). */
export const PolledPointSchema = z.object({
  /** The name its value is reported under. */
  name: z.string().min(1).max(50),
  /** As configured: the gateway reads its area (5/15 as 1, 6/16 as 3) and writes with it (§7.8). */
  functionCode: z.number().int(),
  /** Protocol offset. */
  address: z.number().int().min(0).max(65535),
  dataType: z.enum(POINT_DATA_TYPES),
  byteOrder: z.enum(BYTE_ORDERS),
  multiplier: z.number(),
  divisor: z.number().refine((n) => n !== 0),
  /** Registers (coils) it takes: 1, 2 or 4 by type, 1-125 for RAW-DATA. */
  dataSize: z.number().int().min(1).max(125),
  decimals: z.number().int().min(0).max(6),
  bitOffset: z.number().int().min(0).max(15).default(0),
  bitCount: z.number().int().min(1).max(16).default(1),
  /** `periodic` points are read every poll; `onDemand` ones only for a write's read-back. */
  trigger: z.enum(['periodic', 'onDemand']).default('periodic'),
  /** Points of the same batch (1-999) are read in one request; 0 alone. */
  batch: z.number().int().min(0).max(999).default(0),
});
export type PolledPoint = z.infer<typeof PolledPointSchema>;

/** Endpoints one gateway polls at most. */
export const POLLED_ENDPOINTS_MAX = 256;

export const RPC_DEFS = {
  /** Restart after an optional delay; the device replies first, then goes offline and returns. */
  reboot: {
    params: z.object({ delaySeconds: z.number().int().min(0).max(3600).default(0) }),
    result: z.object({ rebootAt: EpochMsSchema }),
  },
  /** Communication check: ICMP echo from the device. */
  ping: {
    params: z.object({
      host,
      count: z.number().int().min(1).max(20).default(4),
      sizeBytes: z.number().int().min(16).max(1472).default(56),
      link: LinkIdSchema.optional(),
    }),
    result: z.object({
      host,
      sent: z.number().int(),
      received: z.number().int(),
      lossPercent: z.number().min(0).max(100),
      /** One round trip per probe in ms; null for a lost probe. */
      rttMs: z.array(z.number().nonnegative().nullable()),
      minMs: z.number().nonnegative().nullable(),
      avgMs: z.number().nonnegative().nullable(),
      maxMs: z.number().nonnegative().nullable(),
    }),
  },
  speedTest: {
    params: z.object({
      server: host.optional(),
      direction: z.enum(['both', 'download', 'upload']).default('both'),
      durationSeconds: seconds(60).default(10),
      link: LinkIdSchema.optional(),
    }),
    result: z.object({
      server: z.string(),
      link: LinkIdSchema,
      /** Bits per second; absent for a direction not tested. */
      downloadBps: z.number().nonnegative().optional(),
      uploadBps: z.number().nonnegative().optional(),
      latencyMs: z.number().nonnegative(),
      jitterMs: z.number().nonnegative(),
    }),
  },
  /** Capture tool: tcpdump on an interface, the pcap uploaded to `uploadUrl` (signed PUT) when given. */
  capture: {
    params: z.object({
      interface: z.string().min(1).max(32),
      durationSeconds: seconds(300).default(30),
      filter: z.string().max(256).default(''),
      maxPackets: z.number().int().min(1).max(100_000).default(1000),
      uploadUrl: z.string().url().optional(),
    }),
    result: z.object({
      packets: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      fileName: z.string(),
      uploaded: z.boolean(),
      /** Without `uploadUrl`: the first packets of the capture as a pcap file, base64 (at most 64 KiB). */
      pcapBase64: z.string().max(90_000).optional(),
    }),
  },
  /** Blink every LED so a technician finds the box. */
  ledTest: { params: z.object({ durationSeconds: seconds(120).default(10) }), result: empty },
  /** One line of the device's command line; `session` keeps state (e.g. the working mode) between lines. */
  cli: {
    params: z.object({ command: z.string().max(1024), session: z.string().max(64).optional() }),
    result: z.object({ output: z.string(), exitCode: z.number().int() }),
  },
  /**
   * Apply a configuration XML; the device then publishes `up/config` with the new lastUpdatedTime.
   * With `changeSet` the change is safe (§7.5): the device keeps its previous configuration, and puts
   * it back by itself unless `configConfirm` for this change-set reaches it within `confirmSeconds`.
   */
  configApply: {
    params: z.object({
      xml: z.string().min(1).max(2_000_000),
      mode: z.enum(['merge', 'replace']).default('merge'),
      changeSet: z
        .object({
          id: z.string().min(1).max(64),
          confirmSeconds: ConfirmWindowSchema,
        })
        .optional(),
    }),
    result: z.object({
      lastUpdatedTime: EpochMsSchema,
      rebootRequired: z.boolean(),
      /** The running configuration's checksum after the change (sha256 of its XML). */
      checksum: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      /** With a change-set: when the device puts the previous configuration back unless confirmed. */
      confirmBy: EpochMsSchema.optional(),
    }),
  },
  /**
   * Join a VPN group (§7.6): run the OpenVPN client `profile` (the hub's address and the group's
   * settings, with the company CA, the router's certificate and key inline) as the group's tunnel,
   * replacing any other group's. The router publishes `up/status` module `vpn` as its state changes.
   */
  vpnJoin: {
    params: z.object({
      groupId: VpnGroupIdSchema,
      /** The tunnel's name at the hub (its certificate's common name). */
      commonName: z.string().min(1).max(64),
      /** The router's fixed address in the group's virtual network. */
      virtualIp: z.string().min(7).max(15),
      profile: z.string().min(1).max(64_000),
      /** What the site publishes: its LAN pushed as a route, the virtual address only, or its LAN mapped (core §3). */
      siteIpAccessType: z.enum(['VIRTUAL_IP_OVERLAY_REAL_IP', 'REAL_IP', 'VIRTUAL_IP_MAPPING_REAL_IP']),
      /** The LAN subnet the site publishes (the hub routes it to this router); the router forwards it. */
      lanSubnet: z.string().max(18).nullable().optional(),
      /** End devices behind the router: packets to `virtualIp` go to `ip` on the LAN (1:1 mapping). */
      endDevices: z
        .array(z.object({ ip: z.string().min(7).max(15), virtualIp: z.string().min(7).max(15) }))
        .max(256)
        .optional(),
    }),
    result: z.object({ groupId: VpnGroupIdSchema, state: z.enum(VPN_TUNNEL_STATES), virtualIp: z.string() }),
  },
  /** Leave a VPN group: stop its tunnel and forget its certificate and key (§7.6). */
  vpnLeave: {
    params: z.object({ groupId: VpnGroupIdSchema }),
    /** `left` false when the router was not in that group (nothing to do; not a failure). */
    result: z.object({ groupId: VpnGroupIdSchema, left: z.boolean() }),
  },
  /** Replace the tunnel's certificate and key (before they expire, or after a key was exposed) and reconnect. */
  vpnRotateCertificate: {
    params: z.object({ groupId: VpnGroupIdSchema, certPem: PemSchema, keyPem: PemSchema }),
    result: z.object({ groupId: VpnGroupIdSchema, state: z.enum(VPN_TUNNEL_STATES) }),
  },
  /** Keep a change-set applied with `configApply`: the cloud reached the device after the change (§7.5). */
  configConfirm: {
    params: z.object({ changeSetId: z.string().min(1).max(64) }),
    result: z.object({ checksum: z.string().regex(/^[0-9a-f]{64}$/) }),
  },
  /** Ask for the current configuration; it arrives on `up/config`. */
  configGet: { params: empty, result: z.object({ lastUpdatedTime: EpochMsSchema }) },
  /** Ask for status modules now; they arrive on `up/status`. */
  statusGet: {
    params: z.object({ modules: z.array(z.string().min(1).max(32)).default(['uci', 'modem']) }),
    result: z.object({ modules: z.array(z.string()) }),
  },
  /** Download, check and flash a firmware; progress arrives as `updateProgress` events. */
  firmwareInstall: {
    params: PackageSchema.extend({
      /** `updateOnly`: flash now, boot into it at the next reboot (core §4 "update only"). */
      timing: z.enum(['immediately', 'updateOnly']).default('immediately'),
    }),
    result: z.object({ version: z.string(), activeAfterReboot: z.boolean() }),
  },
  appInstall: {
    params: PackageSchema.extend({
      name: z.string().min(1).max(64),
      packageName: z.string().min(1).max(128),
    }),
    result: z.object({ packageName: z.string(), version: z.string() }),
  },
  appUninstall: {
    params: z.object({ packageName: z.string().min(1).max(128) }),
    result: z.object({ packageName: z.string() }),
  },
  /** The apps installed on the device, with their state (device details "apps" tab). */
  appList: {
    params: empty,
    result: z.object({
      apps: z.array(
        z.object({
          packageName: z.string().min(1).max(128),
          name: z.string().max(64),
          version: z.string().max(32),
          state: z.enum(['running', 'stopped']),
          /** Installed size in KiB, when the device knows it. */
          sizeKb: z.number().int().nonnegative().optional(),
        }),
      ),
    }),
  },
  /**
   * Device-side timers (e.g. reboot every night). `set` replaces the whole list; `list` answers a repeating
   * timer with its next run and leaves out a one-off timer that has run.
   */
  timers: {
    params: z.object({
      action: z.enum(['list', 'set']),
      timers: z
        .array(
          z.object({
            id: z.string().min(1).max(32),
            action: z.enum(TIMER_ACTIONS),
            /** The first run; a repeating timer runs again every day or week after it. */
            at: EpochMsSchema,
            repeat: z.enum(TIMER_REPEATS).default('none'),
          }),
        )
        .max(32)
        .optional(),
    }),
    result: z.object({
      timers: z.array(
        z.object({ id: z.string(), action: z.string(), at: EpochMsSchema, repeat: z.string() }),
      ),
    }),
  },
  /** Remote serial port access; data is base64. A port stays occupied 5 minutes after an abnormal close. */
  serialPort: {
    params: z.object({
      action: z.enum(['open', 'write', 'read', 'close']),
      port: z.number().int().min(1).max(16),
      ...SerialSettingsShape,
      data: z.string().max(65536).optional(),
    }),
    result: z.object({ port: z.number().int(), open: z.boolean(), data: z.string().optional() }),
  },
  /** Read the digital/analog channels, or set a digital output. */
  ioControl: {
    params: z.object({
      action: z.enum(['read', 'write']),
      channel: z.string().max(16).optional(),
      value: z.union([z.literal(0), z.literal(1)]).optional(),
    }),
    result: z.object({
      channels: z.array(z.object({ name: z.string(), kind: z.enum(['DI', 'DO', 'AI']), value: z.number() })),
    }),
  },
  switchConnection: {
    params: z.object({ link: LinkIdSchema }),
    result: z.object({ activeLink: LinkIdSchema }),
  },
  /** Data usage counters per link and SIM; `reset` zeroes them. */
  dataManagement: {
    params: z.object({ action: z.enum(['get', 'reset']).default('get') }),
    result: z.object({ usage: z.array(LinkUsageSchema) }),
  },
  poeStatus: {
    params: empty,
    result: z.object({
      budgetW: z.number().nonnegative(),
      ports: z.array(
        z.object({
          port: z.number().int(),
          enabled: z.boolean(),
          powerW: z.number().nonnegative(),
          class: z.number().int().min(0).max(8).nullable(),
          status: z.enum(['delivering', 'searching', 'disabled', 'fault']),
        }),
      ),
    }),
  },
  /** Daily PoE schedule of one port: power on at `enableTime`, off at `disableTime` ("HH:mm", different). */
  poeTimers: {
    params: z.object({
      port: z.number().int().min(1).max(16),
      enableTime: timeOfDay,
      disableTime: timeOfDay,
    }),
    result: z.object({ port: z.number().int(), enableTime: z.string(), disableTime: z.string() }),
  },
  /** Reset a device user's password (core §5 device password reset rule is checked by the cloud). */
  resetPassword: {
    params: z.object({ user: z.string().min(1).max(32), password: z.string().min(5).max(33) }),
    result: z.object({ user: z.string() }),
  },
  /** Read recent syslog lines, or upload the whole log to a signed URL. */
  syslog: {
    params: z.object({
      action: z.enum(['tail', 'upload']).default('tail'),
      lines: z.number().int().min(1).max(1000).default(100),
      uploadUrl: z.string().url().optional(),
    }),
    result: z.object({ lines: z.array(z.string()), uploaded: z.boolean() }),
  },
  /** LoRa gateway: status and the nodes heard. */
  lora: {
    params: z.object({ action: z.enum(['status', 'nodes']).default('status') }),
    result: z.object({
      running: z.boolean(),
      frequencyPlan: z.string(),
      packetsReceived: z.number().int().nonnegative(),
      nodes: z.array(
        z.object({ devEui: z.string(), rssi: z.number(), snr: z.number(), lastSeen: EpochMsSchema }),
      ),
    }),
  },
  /**
   * Read a Modbus slave once with an (unsaved) point table, for the console's test read (issue 19;
   * docs/device-protocol.md §7.7): each point from one register before to one after it, raw.
   */
  pointTableTestRead: {
    params: z.object({
      slave: ModbusSlaveSchema,
      points: z
        .array(
          z.object({
            /** The point's place in the table, echoed in the result. */
            index: z.number().int().min(0),
            /** The point's function code; the gateway reads its area (5/15 as 1, 6/16 as 3). */
            functionCode: z.number().int(),
            /** Protocol offset of the point. */
            address: z.number().int().min(0).max(65535),
            /** Registers (coils) the point takes. */
            count: z.number().int().min(1).max(125),
          }),
        )
        .max(1000),
    }),
    result: z.object({
      points: z.array(
        z.object({
          index: z.number().int(),
          /** Offset of `values[0]`: the point's address − 1 (or 0). */
          start: z.number().int().min(0).max(65535),
          /** Registers as read (0-65535), or coils as 0/1, from `start` to the point's end + 1 (or 65535). */
          values: z.array(z.number().int().min(0).max(65535)).optional(),
          /** Why the point could not be read: a Modbus exception, a timeout, no connection. */
          error: z.string().max(200).optional(),
        }),
      ),
    }),
  },
  /**
   * The point tables to poll (issue 19; docs/device-protocol.md §7.8): the whole set, replacing the one
   * before (an empty list stops polling). Per endpoint its slave, poll interval and points.
   */
  pointTableApply: {
    params: z.object({
      endpoints: z
        .array(
          z.object({
            endpointId: ProtocolEndpointIdSchema,
            slave: ModbusSlaveSchema,
            /** Seconds between two polls of the endpoint. */
            pollSeconds: z.number().int().min(1).max(86_400).default(60),
            points: z.array(PolledPointSchema).min(1).max(1000),
          }),
        )
        .max(POLLED_ENDPOINTS_MAX),
    }),
    result: z.object({ endpoints: z.array(ProtocolEndpointIdSchema) }),
  },
  /**
   * Write one point of a polled endpoint and read it back (§7.8): coils with 5 (15 when the point
   * says 15), 16-bit registers with 6 (16 when the point says 16), 32/64-bit values and RAW-DATA always
   * with 16, never 6. The result is the value read back after the write, decoded like a poll.
   */
  endpointWrite: {
    params: z.object({
      endpointId: ProtocolEndpointIdSchema,
      point: z.string().min(1).max(50),
      value: z.union([z.number(), z.string().max(500)]),
    }),
    result: z.object({
      endpointId: ProtocolEndpointIdSchema,
      point: z.string(),
      /** The function code the gateway wrote with. */
      functionCode: z.number().int(),
      /** The engineering value read back. */
      value: z.union([z.number(), z.string()]).nullable(),
    }),
  },
  /**
   * Run a captive portal template's version (issue 21; docs/device-protocol.md §7.9): where the splash
   * is, what a visitor reaches before login, the limits, the content filter, the blocked client MACs
   * (a session of one of them ends at once) and the RADIUS shared secret to use from now on. The
   * router answers `success` once it runs it; the old secret stays good until then.
   */
  portalApply: {
    params: z.object({
      portalId: z.number().int().positive(),
      /** The template's version; raised by every save, block and unblock. */
      version: z.number().int().positive(),
      /** The platform's splash page; the router adds `sn`, `mac` and `loginUrl`. */
      splashUrl: z.string().url(),
      /** Hosts (`*.example.com` allowed) a visitor reaches before login. */
      allowedSites: z.array(host).max(50),
      /** Content filter: domains (wildcards allowed) the router's DNS refuses. */
      blockedDomains: z.array(host).max(200),
      /** Client MACs refused (upper case, colon-separated); their sessions end at once. */
      blockedMacs: z.array(z.string().regex(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/)).max(10_000),
      /** Limits (0 = unlimited): MB, minutes, kbit/s. RADIUS sends what is left per client. */
      limits: z.object({
        downloadLimitMb: z.number().int().min(0),
        uploadLimitMb: z.number().int().min(0),
        totalLimitMb: z.number().int().min(0),
        sessionTimeoutMinutes: z.number().int().min(0),
        downloadKbps: z.number().int().min(0),
        uploadKbps: z.number().int().min(0),
      }),
      /** RADIUS: the shared secret from now on, and the platform's ports (0 = off) on `radiusHost`. */
      radius: z.object({
        secret: z.string().min(16).max(64),
        host: host,
        authPort: z.number().int().min(0).max(65535),
        acctPort: z.number().int().min(0).max(65535),
      }),
    }),
    result: z.object({ version: z.number().int() }),
  },
  /** Change the MQTT keep-alive; the device reconnects with the new value. */
  keepAlive: {
    params: z.object({ seconds: KeepAliveSchema }),
    result: z.object({ seconds: z.number().int() }),
  },
} as const satisfies Record<string, { params: z.ZodType; result: z.ZodType }>;

export type RpcMethod = keyof typeof RPC_DEFS;

/**
 * Params that carry a secret (a private key, a RADIUS shared secret): the cloud keeps them only while
 * the command may still be sent, and removes them once it is final (success, failure or timeout), so
 * the command history holds no key. Paths into the params object.
 */
export const RPC_SECRET_PARAMS: Readonly<Partial<Record<RpcMethod, readonly (readonly string[])[]>>> = {
  vpnJoin: [['profile']],
  vpnRotateCertificate: [['keyPem']],
  portalApply: [['radius', 'secret']],
};

export const RPC_METHODS = Object.keys(RPC_DEFS) as RpcMethod[];
export const RpcMethodSchema = z.enum(RPC_METHODS as [RpcMethod, ...RpcMethod[]]);

export type RpcParams<M extends RpcMethod> = z.infer<(typeof RPC_DEFS)[M]['params']>;
/** Params as the sender may write them (defaults not yet filled). */
export type RpcParamsInput<M extends RpcMethod> = z.input<(typeof RPC_DEFS)[M]['params']>;
export type RpcResult<M extends RpcMethod> = z.infer<(typeof RPC_DEFS)[M]['result']>;

/**
 * Methods whose own failures carry an update error code 0-16 instead of an RPC error code: the
 * parts of a zero-touch template (firmware, apps, configuration; codes 4 and 12 are about configuration).
 */
export const UPDATE_METHODS = [
  'firmwareInstall',
  'appInstall',
  'appUninstall',
  'configApply',
] as const satisfies RpcMethod[];
