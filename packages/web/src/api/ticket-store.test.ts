import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  clearTicket,
  loadTicket,
  recentTicketHeader,
  saveTicket,
  signedTicketHeader,
  TICKET_STORAGE_KEY,
} from './ticket-store.ts';

/** The header as the server computes it (node's createHmac over the UTF-8 key). */
function expectedHeader(ticket: string, key: string, atMs: number): string {
  const payload = `${ticket}.${atMs}`;
  return `${payload}.${bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(payload)))}`;
}

describe('ticket store', () => {
  it('keeps the ticket in session and local storage and forgets it on clear', async () => {
    expect(loadTicket()).toBeNull();
    saveTicket({ ticket: 'tk', key: 'secret' });
    expect(sessionStorage.getItem(TICKET_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(TICKET_STORAGE_KEY)).not.toBeNull();
    expect(loadTicket()).toEqual({ ticket: 'tk' });
    clearTicket();
    expect(loadTicket()).toBeNull();
    expect(localStorage.getItem(TICKET_STORAGE_KEY)).toBeNull();
    expect(await signedTicketHeader()).toBeNull();
  });

  it('keeps the signing key out of every storage a script can read, and signs as the server checks', async () => {
    saveTicket({ ticket: 'tk-7', key: 'per-session-signing-key' });
    for (const storage of [sessionStorage, localStorage]) {
      for (let i = 0; i < storage.length; i++) {
        expect(storage.getItem(storage.key(i)!)).not.toContain('per-session-signing-key');
      }
    }
    expect(await signedTicketHeader(1_700_000_000_000)).toBe(
      expectedHeader('tk-7', 'per-session-signing-key', 1_700_000_000_000),
    );
    // The header signed last serves a request that must leave at once, for a minute.
    expect(recentTicketHeader(60_000, 1_700_000_030_000)).toBe(
      expectedHeader('tk-7', 'per-session-signing-key', 1_700_000_000_000),
    );
    expect(recentTicketHeader(60_000, 1_700_000_060_001)).toBeNull();
    clearTicket();
  });

  it('lets a new tab pick up the ticket from local storage', () => {
    saveTicket({ ticket: 'tk', key: 'secret' });
    sessionStorage.clear();
    expect(loadTicket()).toEqual({ ticket: 'tk' });
    clearTicket();
  });

  it('treats a damaged entry as signed out', () => {
    localStorage.setItem(TICKET_STORAGE_KEY, '{not json');
    expect(loadTicket()).toBeNull();
  });
});
