import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  ANONYMOUS_BODY_LIMIT_BYTES,
  DEFAULT_ADDRESS_RATE_PER_MINUTE,
  DEFAULT_CODE_RECIPIENTS_PER_ADDRESS_HOUR,
  DEFAULT_MAP_TILE_URL,
  DEVELOPMENT_FACTORY_KEY,
} from '@fleetport/contract';

/** Google's Geocoding API: answers REQUEST_DENIED for a key it refuses. */
export const DEFAULT_MAP_KEY_CHECK_URL = 'https://maps.googleapis.com/maps/api/geocode/json?address=Berlin';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from the environment; documented in the README. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  apiPrefix: string;
  basePath: string;
  logLevel: LogLevel;
  /** Directory of the built console; served under `basePath`. */
  webDist: string;
  /** Turns the login captcha off for automated browser tests. Unsafe in production. */
  automatedTestMode: boolean;
  /**
   * Private networks (CIDRs or addresses) webhooks may reach although not public:
   * WEBHOOK_ALLOW_PRIVATE_NETWORKS, comma-separated (docs/deployment.md). Empty: public addresses only.
   */
  webhookPrivateNetworks: string[];
  /**
   * Where people reach this server (PUBLIC_URL, e.g. `https://fleet.example.com`); links in mail
   * (`List-Unsubscribe`) start with it. Default `http://localhost:<PORT>`.
   */
  publicUrl: string;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** Outgoing mail (verification codes); see platform/mail. */
  mail: MailConfig;
  /** Login account of the Super Admin created on first start (SUPER_ADMIN_ACCOUNT). */
  superAdminAccount: string;
  /** The device gateway (MQTT); see docs/deployment.md. */
  mqtt: MqttConfig;
  /**
   * The captive portals' RADIUS server (RADIUS_AUTH_PORT, default 1812; RADIUS_ACCT_PORT, default 1813;
   * 0 turns that listener off). docs/device-protocol.md "RADIUS".
   */
  radius: { authPort: number; acctPort: number };
  /** Uploaded and generated files; see platform/files. */
  files: FilesConfig;
  /**
   * SERVER_SECRET: the key signed download links are derived from. Unset, a random secret is made on
   * the first start and kept in the database, so every node sharing the database signs alike.
   */
  serverSecret: string | undefined;
  /** MAP_TILE_URL: tiles of the location map (a company may host its own); see docs/deployment.md. */
  mapTileUrl: string;
  /**
   * MAP_KEY_CHECK_URL: where a company's map keys are checked on save (the key goes in its `key` query
   * parameter; 401, 403 or a JSON `status` of REQUEST_DENIED refuses it, 5012; no answer or a 5xx is
   * 5011). Default Google's Geocoding API; docs/deployment.md.
   */
  mapKeyCheckUrl: string;
  /** Per-address limits on anonymous calls (platform/http/abuse-limits.ts). */
  abuse: AbuseLimits;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For to believe for the client's address (Fastify's
   * `trustProxy`: `true` or a comma list of addresses/CIDRs); false reads the socket's address.
   */
  trustProxy: boolean | string;
  /**
   * NODE_ID: this server node's name, unique among the nodes and the same across its restarts (the
   * host name by default). On an external broker it names the node's MQTT session
   * (`fleetport-<NODE_ID>`), which the broker keeps while the node restarts.
   */
  nodeId: string;
  /**
   * LICENCE_ENVIRONMENT: `china` offers only the mainland-China licence levels (Basic and Extension,
   * core §3); `global` (the default) offers every level.
   */
  licenceEnvironment: 'global' | 'china';
  /** VPN hubs (issue 17); see docs/deployment.md "VPN hubs". */
  vpn: VpnConfig;
}

export interface VpnConfig {
  /**
   * VPN_HUB: `local` (the default) runs the platform's own hub, one `openvpn` process per running
   * group, when Debian's openvpn is installed; `off` runs none (hubs elsewhere, or no VPN).
   */
  hub: 'local' | 'off';
  /** VPN_PUBLIC_HOST: the name or address devices and clients reach the hub at (in their profiles). */
  publicHost: string;
  /** VPN_PORT_BASE: the first port of the hub; each group takes the lowest free one from here. */
  portBase: number;
  /** VPN_HUB_MAX_DEVICES: devices one region's hub serves across all companies (180006 beyond). */
  hubMaxDevices: number;
  /** VPN_STATUS_SECONDS: how often the hub's status (connections, bytes) is read. */
  statusSeconds: number;
}

export interface FilesConfig {
  /**
   * FILE_STORE_URL: `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true` puts files in an
   * S3-compatible store; unset keeps them under `dataDir/files`.
   */
  storeUrl: string | undefined;
  /** FILE_STORE_ACCESS_KEY_ID / FILE_STORE_SECRET_ACCESS_KEY; unset uses the AWS SDK's own chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** FILE_URL_TTL_SECONDS: how long a signed download link stays valid. */
  urlTtlSeconds: number;
}

export interface AbuseLimits {
  /** Calls per remote address and minute: sign-in, captcha, registration (and resets, invitations), code sending. */
  signInPerMinute: number;
  captchaPerMinute: number;
  registrationPerMinute: number;
  codesPerMinute: number;
  /** Different recipients one address may have verification codes mailed to per hour. */
  codeRecipientsPerHour: number;
  /** Largest body of an anonymous call, in bytes. */
  anonymousBodyLimit: number;
}

export interface MqttConfig {
  /** Port of the embedded broker (MQTT_PORT, default 1883; 0 picks a free port). */
  port: number;
  /** An external broker (EMQX, Mosquitto); when set the embedded broker is not started. */
  url: string | undefined;
  /** PEM files; when both are set the embedded broker speaks MQTT over TLS. */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Credentials of the server's own client on an external broker. */
  username: string | undefined;
  password: string | undefined;
  /** Telemetry older than this many days is deleted by the retention job. */
  telemetryRetentionDays: number;
  /** Device notifications older than this many days are deleted by the same job. */
  notificationRetentionDays: number;
  /** The factory claim key that signs the claim proofs of new devices (docs/device-protocol.md). */
  factoryKey: string;
  /** When set, the broker's HTTP auth/ACL hook must send `Authorization: Bearer <token>`. */
  hookToken: string | undefined;
  /**
   * MQTT_SESSION_EXPIRY_SECONDS: how long an external broker keeps a node's session (and the messages
   * it holds for the node) after the node's connection ends; a node back within it loses nothing.
   */
  sessionExpirySeconds: number;
}

export interface MailConfig {
  /** SMTP_URL, e.g. smtp://user:pass@relay:587 or smtps://...; absent keeps mail in the outbox table. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: sender address. */
  from: string;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

/** WEBHOOK_ALLOW_PRIVATE_NETWORKS: `10.0.0.0/8,fd00::/8,192.168.1.20`; a malformed entry stops the start. */
function parsePrivateNetworks(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [net = '', bits] = entry.split('/');
    const family = isIP(net);
    const max = family === 6 ? 128 : 32;
    if (!family || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max)))
      throw new Error(`WEBHOOK_ALLOW_PRIVATE_NETWORKS: "${entry}" is not an address or CIDR`);
  }
  return entries;
}

function normalizePrefix(value: string): string {
  const trimmed = `/${value.replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}

function normalizeBasePath(value: string): string {
  return `${normalizePrefix(value)}/`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    apiPrefix: normalizePrefix(env.API_PREFIX ?? '/api'),
    basePath: normalizeBasePath(env.BASE_PATH ?? '/rcms/'),
    logLevel: (env.LOG_LEVEL as LogLevel | undefined) ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'packages/web/dist')),
    automatedTestMode: env.AUTOMATED_TEST_MODE === 'true',
    webhookPrivateNetworks: parsePrivateNetworks(env.WEBHOOK_ALLOW_PRIVATE_NETWORKS),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${Number(env.PORT ?? 8080)}`).replace(/\/+$/, ''),
    mapTileUrl: env.MAP_TILE_URL || DEFAULT_MAP_TILE_URL,
    mapKeyCheckUrl: env.MAP_KEY_CHECK_URL || DEFAULT_MAP_KEY_CHECK_URL,
    bodyLimit: Number(env.BODY_LIMIT ?? 1024 * 1024),
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || 'Fleetport <no-reply@fleetport.local>',
    },
    superAdminAccount: (env.SUPER_ADMIN_ACCOUNT || 'superadmin@fleetport.local').toLowerCase(),
    radius: {
      authPort: Number(env.RADIUS_AUTH_PORT ?? 1812),
      acctPort: Number(env.RADIUS_ACCT_PORT ?? 1813),
    },
    mqtt: {
      port: Number(env.MQTT_PORT ?? 1883),
      url: env.MQTT_URL || undefined,
      tlsCertFile: env.MQTT_TLS_CERT || undefined,
      tlsKeyFile: env.MQTT_TLS_KEY || undefined,
      username: env.MQTT_USERNAME || undefined,
      password: env.MQTT_PASSWORD || undefined,
      telemetryRetentionDays: Number(env.TELEMETRY_RETENTION_DAYS ?? 90),
      notificationRetentionDays: Number(env.NOTIFICATION_RETENTION_DAYS ?? 180),
      factoryKey: env.FACTORY_CLAIM_KEY || DEVELOPMENT_FACTORY_KEY,
      hookToken: env.MQTT_HOOK_TOKEN || undefined,
      sessionExpirySeconds: Number(env.MQTT_SESSION_EXPIRY_SECONDS ?? 3600),
    },
    files: {
      storeUrl: env.FILE_STORE_URL || undefined,
      accessKeyId: env.FILE_STORE_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.FILE_STORE_SECRET_ACCESS_KEY || undefined,
      urlTtlSeconds: Number(env.FILE_URL_TTL_SECONDS ?? 3600),
    },
    serverSecret: env.SERVER_SECRET || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    nodeId: env.NODE_ID || os.hostname(),
    licenceEnvironment: env.LICENCE_ENVIRONMENT === 'china' ? 'china' : 'global',
    vpn: {
      hub: env.VPN_HUB === 'off' ? 'off' : 'local',
      publicHost: env.VPN_PUBLIC_HOST || os.hostname(),
      portBase: Number(env.VPN_PORT_BASE ?? 11940),
      hubMaxDevices: Number(env.VPN_HUB_MAX_DEVICES ?? 1000),
      statusSeconds: Number(env.VPN_STATUS_SECONDS ?? 30),
    },
    abuse: {
      signInPerMinute: Number(env.RATE_LIMIT_SIGN_IN ?? DEFAULT_ADDRESS_RATE_PER_MINUTE.signIn),
      captchaPerMinute: Number(env.RATE_LIMIT_CAPTCHA ?? DEFAULT_ADDRESS_RATE_PER_MINUTE.captcha),
      registrationPerMinute: Number(
        env.RATE_LIMIT_REGISTRATION ?? DEFAULT_ADDRESS_RATE_PER_MINUTE.registration,
      ),
      codesPerMinute: Number(env.RATE_LIMIT_CODES ?? DEFAULT_ADDRESS_RATE_PER_MINUTE.codes),
      codeRecipientsPerHour: Number(env.CODE_RECIPIENTS_PER_HOUR ?? DEFAULT_CODE_RECIPIENTS_PER_ADDRESS_HOUR),
      anonymousBodyLimit: Number(env.ANONYMOUS_BODY_LIMIT ?? ANONYMOUS_BODY_LIMIT_BYTES),
    },
  };
}
