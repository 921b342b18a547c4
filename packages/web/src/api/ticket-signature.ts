import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The `ticket` header: `<ticket>.<unix-ms>.<hex HMAC-SHA256(key, "<ticket>.<unix-ms>")>`, so a
 * captured header only replays within the server's clock window. The key is the per-session secret
 * issued at login, used as UTF-8 text (as node's `createHmac('sha256', key)` does). A pure JS HMAC
 * because `crypto.subtle` is missing on plain-http LAN hosts.
 */
export function signTicket(ticket: string, key: string, nowMs: number): string {
  const payload = `${ticket}.${nowMs}`;
  const mac = hmac(sha256, utf8ToBytes(key), utf8ToBytes(payload));
  return `${payload}.${bytesToHex(mac)}`;
}
