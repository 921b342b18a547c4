import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The ticket header (docs/api.md "Signing requests"):
 *   ticket: <ticket>.<unix-ms>.<hex HMAC-SHA256(key, "<ticket>.<unix-ms>")>
 * The ticket names the session; the key, issued once at sign-in, proves the sender holds it; the time
 * bounds how long a captured header can be replayed.
 */
export const SESSION_HOURS = 4;
export const SESSION_MS = SESSION_HOURS * 60 * 60 * 1000;
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;
/**
 * A signed time is accepted at most 5 minutes old and at most 1 minute ahead of the server's clock:
 * a header captured now cannot be signed for later use, and honest clocks rarely run fast by more.
 */
export const MAX_TICKET_AGE_MS = MAX_CLOCK_SKEW_MS;
export const MAX_TICKET_LEAD_MS = 60 * 1000;

/** Whether a signed time falls inside the window around `nowMs`. */
export function ticketTimeAccepted(atMs: number, nowMs: number): boolean {
  return nowMs - atMs <= MAX_TICKET_AGE_MS && atMs - nowMs <= MAX_TICKET_LEAD_MS;
}

export function newTicket(): { ticket: string; key: string } {
  return { ticket: randomBytes(32).toString('base64url'), key: randomBytes(32).toString('hex') };
}

/** The stored form of a ticket; a fast hash is enough for 256 random bits. */
export function hashTicket(ticket: string): string {
  return createHash('sha256').update(ticket).digest('hex');
}

export function signTicket(ticket: string, key: string, atMs: number): string {
  const signed = `${ticket}.${atMs}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('hex')}`;
}

export interface TicketHeader {
  ticket: string;
  atMs: number;
  signature: string;
}

/** Splits a header; null when it is not of the documented shape. */
export function parseTicketHeader(value: string): TicketHeader | null {
  const match = /^([A-Za-z0-9_-]{16,128})\.(\d{10,16})\.([0-9a-f]{64})$/.exec(value.trim());
  if (!match) return null;
  return { ticket: match[1]!, atMs: Number(match[2]), signature: match[3]! };
}

export function signatureMatches(header: TicketHeader, key: string): boolean {
  const expected = Buffer.from(signTicket(header.ticket, key, header.atMs).split('.').pop()!, 'hex');
  const given = Buffer.from(header.signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
