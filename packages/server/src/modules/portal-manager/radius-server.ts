import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import dgram from 'node:dgram';
import { once } from 'node:events';
import path from 'node:path';
import radius from 'radius';
import { companyScope } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/open.ts';
import type { SecretSeal } from '../../platform/sealed-secret.ts';
import { promoteNextSecret } from './portal-push.store.ts';
import * as sessions from './portal-sessions.store.ts';
import { bytesLeft, lastUsageReset } from './portal-usage.ts';

/**
 * The platform's RADIUS server for captive portals (RFC 2865 authentication, RFC 2866 accounting;
 * docs/device-protocol.md "RADIUS"). Routers name themselves with NAS-Identifier (their serial
 * number) because carrier NAT hides their address; each has its own shared secret, sent with the
 * template. Every request must carry a valid Message-Authenticator and every reply carries one
 * (BlastRADIUS, CVE-2024-3596); a request that fails any check is dropped without an answer, as RFC
 * 2865 says. State lives in the database, so any node answers.
 */

radius.add_dictionary(path.join(import.meta.dirname, 'dictionary.portal'));

const MESSAGE_AUTHENTICATOR = 80;
const NAS_IDENTIFIER = 32;
const AUTH_START = 4;
const AUTH_END = 20;
const ACCOUNTING_RESPONSE = 5;
const GIGA = 2 ** 32;
/** 255 bytes of an attribute less its header, the vendor id and the vendor attribute's header. */
const VENDOR_VALUE_MAX = 255 - 2 - 4 - 2;

export interface RadiusDeps {
  db: Db;
  clock: Clock;
  /** The seal of the routers' shared secrets (radiusSecretSeal). */
  seal: SecretSeal;
  log?: { warn(obj: object, msg: string): void };
}

export interface RadiusServer {
  authPort: number;
  acctPort: number;
  /** Requests answered and dropped so far (a dropped request gets no datagram back). */
  readonly counts: { answered: number; dropped: number };
  close(): Promise<void>;
}

/** The attributes as [type, value] pairs straight from the bytes, or null when they are malformed. */
function rawAttributes(packet: Buffer): [number, Buffer, number][] | null {
  if (packet.length < AUTH_END) return null;
  const length = packet.readUInt16BE(2);
  if (length < AUTH_END || length > packet.length || length > 4096) return null;
  const out: [number, Buffer, number][] = [];
  for (let at = AUTH_END; at < length; ) {
    if (at + 2 > length) return null;
    const type = packet[at]!;
    const len = packet[at + 1]!;
    if (len < 2 || at + len > length) return null;
    out.push([type, packet.subarray(at + 2, at + len), at]);
    at += len;
  }
  return out;
}

const md5 = (...parts: (Buffer | string)[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const hmacMd5 = (secret: string, packet: Buffer) => createHmac('md5', secret).update(packet).digest();

/**
 * Checks the request with the router's secret, in constant time: exactly one Message-Authenticator
 * (HMAC-MD5 over the packet with the attribute zeroed) always, and for accounting also the Request
 * Authenticator (MD5 over the packet with it zeroed, then the secret). For accounting, clients differ
 * in which of the two they sign first: FreeRADIUS's radclient (RFC 5080) signs the Message-Authenticator
 * over a zero Request Authenticator, node `radius` signs the Request Authenticator over a zero
 * Message-Authenticator; both prove the secret, so both are taken.
 */
function authentic(packet: Buffer, secret: string, accounting: boolean): boolean {
  const attrs = rawAttributes(packet);
  const ma = attrs?.filter(([type]) => type === MESSAGE_AUTHENTICATOR) ?? [];
  if (ma.length !== 1 || ma[0]![1].length !== 16) return false;
  const sentMa = Buffer.from(ma[0]![1]);
  const sentAuth = Buffer.from(packet.subarray(AUTH_START, AUTH_END));
  const maAt = ma[0]![2] + 2;
  const length = packet.readUInt16BE(2);
  const withAuth = (auth: Buffer | null, zeroMa: boolean) => {
    const copy = Buffer.from(packet.subarray(0, length));
    if (auth) auth.copy(copy, AUTH_START);
    else copy.fill(0, AUTH_START, AUTH_END);
    if (zeroMa) copy.fill(0, maAt, maAt + 16);
    return copy;
  };
  const same = (a: Buffer, b: Buffer) => timingSafeEqual(a, b);
  if (!accounting) return same(hmacMd5(secret, withAuth(sentAuth, true)), sentMa);
  const rfc5080 =
    same(md5(withAuth(null, false), secret), sentAuth) && same(hmacMd5(secret, withAuth(null, true)), sentMa);
  const maLast =
    same(md5(withAuth(null, true), secret), sentAuth) &&
    same(hmacMd5(secret, withAuth(sentAuth, true)), sentMa);
  return rfc5080 || maLast;
}

function nasIdentifier(packet: Buffer): string | null {
  const attr = rawAttributes(packet)?.find(([type]) => type === NAS_IDENTIFIER);
  return attr ? attr[1].toString('utf8') : null;
}

type Attr = [string, unknown] | [string, number | string, [string, number | string][]];

/** Octet limits as ChilliSpot's 32-bit value plus Gigawords. */
function octetLimit(name: 'Input' | 'Output' | 'Total', bytes: number): Attr[] {
  const attrs: Attr[] = [
    ['Vendor-Specific', 'ChilliSpot', [[`ChilliSpot-Max-${name}-Octets`, bytes % GIGA]]],
  ];
  if (bytes >= GIGA)
    attrs.push([
      'Vendor-Specific',
      'ChilliSpot',
      [[`ChilliSpot-Max-${name}-Gigawords`, Math.floor(bytes / GIGA)]],
    ]);
  return attrs;
}

interface Decision {
  code: 'Access-Accept' | 'Access-Reject';
  attributes: Attr[];
}

async function decideAccess(
  deps: RadiusDeps,
  portal: sessions.RouterPortal,
  request: radius.RadiusPacket,
): Promise<Decision> {
  const reject = (message: string): Decision => ({
    code: 'Access-Reject',
    attributes: [['Reply-Message', message]],
  });
  const now = deps.clock.now();
  const mac = sessions.normalMac(String(request.attributes['Calling-Station-Id'] ?? ''));
  if (!mac) return reject('Unknown client');
  const scope = companyScope(Number(portal.company_id));
  if (await sessions.isBlocked(deps.db, scope, Number(portal.portal_id), mac)) return reject('Blocked');
  const token = String(request.attributes['User-Password'] ?? '');
  if (!(await sessions.spendSplashToken(deps.db, portal.sn, mac, token, now)))
    return reject('Accept the terms on the sign-in page first');
  const settings = portal.session_settings;
  const used = await sessions.usageSince(deps.db, portal, mac, lastUsageReset(settings, now));
  const left = {
    Input: bytesLeft(settings.uploadLimitMb, used.input),
    Output: bytesLeft(settings.downloadLimitMb, used.output),
    Total: bytesLeft(settings.totalLimitMb, used.input + used.output),
  };
  if (Object.values(left).some((bytes) => bytes === 0)) return reject('Data limit reached');
  const attributes: Attr[] = [];
  if (settings.sessionTimeoutMinutes > 0)
    attributes.push(['Session-Timeout', settings.sessionTimeoutMinutes * 60]);
  if (settings.downloadKbps > 0)
    attributes.push([
      'Vendor-Specific',
      'WISPr',
      [['WISPr-Bandwidth-Max-Down', settings.downloadKbps * 1000]],
    ]);
  if (settings.uploadKbps > 0)
    attributes.push(['Vendor-Specific', 'WISPr', [['WISPr-Bandwidth-Max-Up', settings.uploadKbps * 1000]]]);
  for (const name of ['Input', 'Output', 'Total'] as const) {
    const bytes = left[name];
    if (bytes !== null) attributes.push(...octetLimit(name, bytes));
  }
  // One attribute holds 247 bytes of a vendor value; a longer URL (a template may keep 4096 characters)
  // would fail the whole answer, so the router is left with the splash's `userurl` instead.
  if (Buffer.byteLength(portal.redirection_url) <= VENDOR_VALUE_MAX)
    attributes.push(['Vendor-Specific', 'WISPr', [['WISPr-Redirection-URL', portal.redirection_url]]]);
  return { code: 'Access-Accept', attributes };
}

/** Called-Station-Id is "<AP MAC>:<SSID>" on captive portal firmware (RFC 3580 §3.20); null without one. */
function ssidOf(calledStationId: string): string | null {
  const match = /^[0-9A-Fa-f]{2}(?:[-:]?[0-9A-Fa-f]{2}){5}:(.+)$/.exec(calledStationId);
  return match ? match[1]!.slice(0, 64) : null;
}

function octets(request: radius.RadiusPacket, name: 'Input' | 'Output'): number {
  const low = Number(request.attributes[`Acct-${name}-Octets`] ?? 0);
  const high = Number(request.attributes[`Acct-${name}-Gigawords`] ?? 0);
  return high * GIGA + low;
}

async function account(deps: RadiusDeps, portal: sessions.RouterPortal, request: radius.RadiusPacket) {
  const status = String(request.attributes['Acct-Status-Type'] ?? '');
  if (!['Start', 'Interim-Update', 'Stop'].includes(status)) return;
  const mac = sessions.normalMac(String(request.attributes['Calling-Station-Id'] ?? ''));
  const acctSessionId = String(request.attributes['Acct-Session-Id'] ?? '');
  if (!mac || !acctSessionId) return;
  await sessions.recordAccounting(
    deps.db,
    portal,
    {
      sn: portal.sn,
      acctSessionId: acctSessionId.slice(0, 128),
      mac,
      ip: request.attributes['Framed-IP-Address'] ? String(request.attributes['Framed-IP-Address']) : null,
      userName: String(request.attributes['User-Name'] ?? '').slice(0, 128),
      ssid: ssidOf(String(request.attributes['Called-Station-Id'] ?? '')),
      inputOctets: octets(request, 'Input'),
      outputOctets: octets(request, 'Output'),
      sessionSeconds: Number(request.attributes['Acct-Session-Time'] ?? 0),
      terminateCause:
        status === 'Stop' ? String(request.attributes['Acct-Terminate-Cause'] ?? 'Unknown') : null,
      stop: status === 'Stop',
    },
    deps.clock.now(),
  );
}

async function checkedSecret(
  deps: RadiusDeps,
  portal: sessions.RouterPortal,
  packet: Buffer,
  accounting: boolean,
): Promise<string | null> {
  const open = async (sealed: string | null) => {
    if (sealed === null) return null;
    try {
      return await deps.seal.open(sealed);
    } catch {
      return null;
    }
  };
  const current = await open(portal.radius_secret);
  if (current !== null && authentic(packet, current, accounting)) return current;
  const next = await open(portal.radius_secret_next);
  if (next === null || !authentic(packet, next, accounting)) return null;
  await promoteNextSecret(deps.db, portal.sn, portal.radius_secret_next!);
  return next;
}

/** One datagram: find the router, check its secret, decide, answer. Null means drop. */
export async function answerRadius(
  deps: RadiusDeps,
  packet: Buffer,
  accounting: boolean,
): Promise<Buffer | null> {
  const code = packet[0];
  if (code !== (accounting ? 4 : 1)) return null;
  const sn = nasIdentifier(packet);
  if (!sn) return null;
  const portal = await sessions.routerPortal(deps.db, sn);
  if (!portal) return null;
  // The current secret, or the one the last push carries (the old stays good until the router
  // confirms; a router that signs with the new one has it, so it becomes the current one).
  const secret = await checkedSecret(deps, portal, packet, accounting);
  if (secret === null) return null;
  // Checked above; accounting carries no hidden attributes, and the codec's own accounting check knows
  // one signing order only.
  const request = accounting ? radius.decode_without_secret({ packet }) : radius.decode({ packet, secret });
  if (accounting) {
    // Stored before the answer: a router that hears no Accounting-Response sends it again.
    await account(deps, portal, request);
    return signReply(
      radius.encode_response({ packet: request, code: 'Accounting-Response', secret }),
      packet,
      secret,
    );
  }
  const decision = await decideAccess(deps, portal, request);
  return signReply(
    radius.encode_response({ packet: request, code: decision.code, secret, attributes: decision.attributes }),
    packet,
    secret,
  );
}

/**
 * Signs a reply as FreeRADIUS checks it, whatever the codec did: the Message-Authenticator is the
 * HMAC-MD5 over the reply with the attribute zeroed and, in its authenticator field, the request's
 * authenticator (Access-Accept/Reject, RFC 3579 §3.2) or zeros (Accounting-Response, as for every
 * accounting packet, RFC 5080 §2.2.2; the codec used the request's, which radclient refuses); then
 * the Response Authenticator is the MD5 over the reply with the request's authenticator, then the
 * secret (RFC 2865 §3, RFC 2866 §3).
 */
function signReply(reply: Buffer, request: Buffer, secret: string): Buffer {
  const out = Buffer.from(reply);
  const ma = rawAttributes(out)?.find(([type]) => type === MESSAGE_AUTHENTICATOR);
  if (ma) {
    const at = ma[2] + 2;
    out.fill(0, at, at + 16);
    if (out[0] === ACCOUNTING_RESPONSE) out.fill(0, AUTH_START, AUTH_END);
    else request.copy(out, AUTH_START, AUTH_START, AUTH_END);
    hmacMd5(secret, out).copy(out, at);
  }
  request.copy(out, AUTH_START, AUTH_START, AUTH_END);
  md5(out, secret).copy(out, AUTH_START);
  return out;
}

async function listen(
  deps: RadiusDeps,
  port: number,
  host: string,
  accounting: boolean,
  counts: RadiusServer['counts'],
) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (packet, remote) => {
    answerRadius(deps, packet, accounting)
      .then((reply) => {
        if (reply) {
          socket.send(reply, remote.port, remote.address);
          counts.answered++;
        } else counts.dropped++;
      })
      .catch((error: unknown) => {
        counts.dropped++;
        deps.log?.warn({ err: error, sn: nasIdentifier(packet) }, 'radius: request failed');
      });
  });
  socket.bind(port, host);
  await once(socket, 'listening');
  return socket;
}

/**
 * Listens for authentication and accounting; null leaves a listener off, 0 takes any free port (tests).
 * The answered port is 0 for a listener that is off.
 */
export async function startRadiusServer(
  deps: RadiusDeps,
  ports: { auth: number | null; acct: number | null; host?: string },
): Promise<RadiusServer> {
  const host = ports.host ?? '0.0.0.0';
  const counts = { answered: 0, dropped: 0 };
  const auth = ports.auth === null ? null : await listen(deps, ports.auth, host, false, counts);
  const acct = ports.acct === null ? null : await listen(deps, ports.acct, host, true, counts);
  const sockets = [auth, acct].filter((s) => s !== null);
  return {
    counts,
    authPort: auth?.address().port ?? 0,
    acctPort: acct?.address().port ?? 0,
    async close() {
      await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
