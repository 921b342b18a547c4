import { z } from 'zod';

/**
 * MQTT topics of the device protocol (docs/device-protocol.md §4). Every topic is
 * `fp/{sn}/{direction}/{kind}`; the serial number is a single topic level, so it may not hold
 * `/`, `+`, `#` or `$`.
 */
export const TOPIC_ROOT = 'fp';

/** What a device publishes. */
export const UP_KINDS = [
  'hello',
  'status',
  'telemetry',
  'event',
  'syslog',
  'config',
  'reply',
  'presence',
  'claim',
  'endpoint',
] as const;
export type UpKind = (typeof UP_KINDS)[number];

/** What the cloud publishes to one device. */
export const DOWN_KINDS = ['rpc', 'claim'] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

export type TopicDirection = 'up' | 'down';

/** Serial number: 4-64 letters, digits, `_ . -`, starting with a letter or digit. */
export const SerialNumberSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{3,63}$/, 'invalidValue');
export type SerialNumber = z.infer<typeof SerialNumberSchema>;

export function isSerialNumber(sn: string): boolean {
  return SerialNumberSchema.safeParse(sn).success;
}

function assertSn(sn: string): string {
  if (!isSerialNumber(sn)) throw new Error(`not a serial number usable in a topic: ${JSON.stringify(sn)}`);
  return sn;
}

export function upTopic(sn: string, kind: UpKind): string {
  return `${TOPIC_ROOT}/${assertSn(sn)}/up/${kind}`;
}

export function downTopic(sn: string, kind: DownKind): string {
  return `${TOPIC_ROOT}/${assertSn(sn)}/down/${kind}`;
}

export type ParsedTopic =
  | { sn: string; direction: 'up'; kind: UpKind }
  | { sn: string; direction: 'down'; kind: DownKind };

/** Splits a concrete topic (no wildcards); null when it is not a topic of this protocol. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, sn, direction, kind] = parts as [string, string, string, string];
  if (!isSerialNumber(sn)) return null;
  if (direction === 'up' && (UP_KINDS as readonly string[]).includes(kind))
    return { sn, direction, kind: kind as UpKind };
  if (direction === 'down' && (DOWN_KINDS as readonly string[]).includes(kind))
    return { sn, direction, kind: kind as DownKind };
  return null;
}

/** The share group the server nodes join on an external broker (MQTT 5 shared subscriptions). */
export const SHARE_GROUP = 'fleetport';

/** Subscriptions of the two sides. */
export const topicFilters = {
  /** Everything every device publishes: one subscription for a single server node. */
  allUp: `${TOPIC_ROOT}/+/up/#`,
  /** The same, split between the server nodes of one deployment (MQTT 5 shared subscription). */
  sharedUp: `$share/${SHARE_GROUP}/${TOPIC_ROOT}/+/up/#`,
  /** A shared subscription for another group name (e.g. per region). */
  sharedUpFor: (group: string) => `$share/${group}/${TOPIC_ROOT}/+/up/#`,
  /** Presence only (retained), for a node that wants the current state of every device at start. */
  allPresence: `${TOPIC_ROOT}/+/up/presence`,
  /** What a claimed device subscribes to. */
  device: (sn: string) => downTopic(sn, 'rpc'),
  /** What a device in the claim phase subscribes to. */
  claimAnswer: (sn: string) => downTopic(sn, 'claim'),
} as const;

/** The MQTT user name of a device in the claim phase; after the claim the user name is the SN itself. */
export const CLAIM_USERNAME_PREFIX = 'claim:';

export function claimUsername(sn: string): string {
  return CLAIM_USERNAME_PREFIX + assertSn(sn);
}

/** Who is connecting, read from the MQTT user name. */
export type DeviceLogin = { phase: 'claim'; sn: string } | { phase: 'claimed'; sn: string };

export function parseDeviceUsername(username: string | undefined): DeviceLogin | null {
  if (!username) return null;
  if (username.startsWith(CLAIM_USERNAME_PREFIX)) {
    const sn = username.slice(CLAIM_USERNAME_PREFIX.length);
    return isSerialNumber(sn) ? { phase: 'claim', sn } : null;
  }
  return isSerialNumber(username) ? { phase: 'claimed', sn: username } : null;
}

/**
 * MQTT client id. The main connection of a device uses the SN (claim phase `claim:<SN>`); it is the
 * one whose will and presence count. A device or a test tool may open auxiliary connections named
 * `<main id>:<tag>` (e.g. mosquitto_pub beside mosquitto_sub); they follow the same credentials and ACL.
 */
export function deviceClientId(login: DeviceLogin, tag?: string): string {
  const main = login.phase === 'claim' ? claimUsername(login.sn) : login.sn;
  return tag ? `${main}:${tag}` : main;
}

/** Whether a client id belongs to the login: `main` for the presence-bearing connection, null if foreign. */
export function matchClientId(login: DeviceLogin, clientId: string): { main: boolean } | null {
  const main = deviceClientId(login);
  if (clientId === main) return { main: true };
  const tag = clientId.slice(main.length + 1);
  return clientId.startsWith(`${main}:`) && /^[A-Za-z0-9_.-]{1,32}$/.test(tag) ? { main: false } : null;
}

/**
 * ACL, the same for the embedded broker and the HTTP hook of an external broker: a device
 * publishes only its own up topics and subscribes only its own down topic; in the claim phase
 * only `up/claim` and `down/claim`. Wildcards are never granted to devices.
 */
export function devicePublishAllowed(login: DeviceLogin, topic: string): boolean {
  const parsed = parseTopic(topic);
  if (!parsed || parsed.sn !== login.sn || parsed.direction !== 'up') return false;
  return login.phase === 'claim' ? parsed.kind === 'claim' : parsed.kind !== 'claim';
}

export function deviceSubscribeAllowed(login: DeviceLogin, filter: string): boolean {
  const parsed = parseTopic(filter);
  if (!parsed || parsed.sn !== login.sn || parsed.direction !== 'down') return false;
  return login.phase === 'claim' ? parsed.kind === 'claim' : parsed.kind === 'rpc';
}
