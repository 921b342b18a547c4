import { signTicket } from './ticket-signature.ts';

/** The session ticket and its signing key as issued at login. */
export interface StoredTicket {
  ticket: string;
  key: string;
}

/** core §4: the ticket is kept in session storage (this tab) and local storage (new tabs). */
export const TICKET_STORAGE_KEY = 'ticket';

/** IndexedDB database and store holding the non-extractable signing keys, by ticket. */
export const SIGNING_KEY_DB = 'fleetport-signing-keys';
export const SIGNING_KEY_STORE = 'keys';

/**
 * The signing key never goes to storage a script can read (docs/decisions.md "The signing key is not
 * readable by script"). Where WebCrypto exists (HTTPS, localhost) it becomes a non-extractable HMAC
 * CryptoKey: usable to sign, impossible to read or export, kept in memory and in IndexedDB so new
 * tabs can sign too. Plain-http hosts have no `crypto.subtle`: there the key stays beside the ticket
 * in storage, as before, and the console should be served over HTTPS.
 */
const subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle;

/** This tab's keys by ticket: a CryptoKey, or the raw key where WebCrypto is missing. */
const keys = new Map<string, Promise<CryptoKey | string | null>>();

function openKeyDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(SIGNING_KEY_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(SIGNING_KEY_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function withKeyStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openKeyDb();
  if (!db) return null;
  try {
    return await new Promise<T | null>((resolve) => {
      const request = run(db.transaction(SIGNING_KEY_STORE, mode).objectStore(SIGNING_KEY_STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
  } finally {
    db.close();
  }
}

async function importKey(ticket: string, raw: string): Promise<CryptoKey | string> {
  if (!subtle) return raw;
  const key = await subtle.importKey(
    'raw',
    new TextEncoder().encode(raw),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // Only the latest session's key is kept; an older tab's session ended with the new sign-in anyway.
  await withKeyStore('readwrite', (store) => store.clear());
  await withKeyStore('readwrite', (store) => store.put(key, ticket));
  return key;
}

interface StoredEntry {
  ticket: string;
  /** Only where WebCrypto is missing. */
  key?: string;
}

function parse(raw: string | null): StoredEntry | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredEntry> | null;
    if (value && typeof value.ticket === 'string' && value.ticket) {
      return typeof value.key === 'string'
        ? { ticket: value.ticket, key: value.key }
        : { ticket: value.ticket };
    }
  } catch {
    // A damaged entry is treated as signed out.
  }
  return null;
}

export function saveTicket(stored: StoredTicket): void {
  const entry: StoredEntry = subtle ? { ticket: stored.ticket } : stored;
  const raw = JSON.stringify(entry);
  sessionStorage.setItem(TICKET_STORAGE_KEY, raw);
  localStorage.setItem(TICKET_STORAGE_KEY, raw);
  keys.clear();
  keys.set(
    stored.ticket,
    importKey(stored.ticket, stored.key).catch(() => null),
  );
}

/** This tab's ticket first; a new tab picks up the one local storage kept. */
export function loadTicket(): { ticket: string } | null {
  if (typeof sessionStorage === 'undefined') return null;
  const entry =
    parse(sessionStorage.getItem(TICKET_STORAGE_KEY)) ?? parse(localStorage.getItem(TICKET_STORAGE_KEY));
  return entry ? { ticket: entry.ticket } : null;
}

function keyFor(entry: StoredEntry): Promise<CryptoKey | string | null> {
  const known = keys.get(entry.ticket);
  if (known) return known;
  const found: Promise<CryptoKey | string | null> =
    entry.key !== undefined
      ? Promise.resolve(entry.key)
      : withKeyStore<CryptoKey>('readonly', (store) => store.get(entry.ticket)).then((key) => key ?? null);
  keys.set(entry.ticket, found);
  return found;
}

async function hmacHex(key: CryptoKey, payload: string): Promise<string> {
  const mac = new Uint8Array(await subtle!.sign('HMAC', key, new TextEncoder().encode(payload)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The signed `ticket` header for now (docs/api.md "Signing requests"), or null when signed out or
 * when this browser no longer holds the key (the server then answers "log in again").
 */
export async function signedTicketHeader(nowMs = Date.now()): Promise<string | null> {
  if (typeof sessionStorage === 'undefined') return null;
  const entry =
    parse(sessionStorage.getItem(TICKET_STORAGE_KEY)) ?? parse(localStorage.getItem(TICKET_STORAGE_KEY));
  if (!entry) return null;
  const key = await keyFor(entry);
  if (key === null) return null;
  const payload = `${entry.ticket}.${nowMs}`;
  const header =
    typeof key === 'string'
      ? signTicket(entry.ticket, key, nowMs)
      : `${payload}.${await hmacHex(key, payload)}`;
  lastSigned = { header, atMs: nowMs };
  return header;
}

let lastSigned: { header: string; atMs: number } | null = null;

/**
 * The header signed last, when it is at most `maxAgeMs` old: for a request that must leave at once
 * (a keepalive fetch as the page goes away) and cannot wait for WebCrypto. The server accepts a
 * header for 5 minutes.
 */
export function recentTicketHeader(maxAgeMs = 60_000, nowMs = Date.now()): string | null {
  return lastSigned && nowMs - lastSigned.atMs <= maxAgeMs ? lastSigned.header : null;
}

export function clearTicket(): void {
  sessionStorage.removeItem(TICKET_STORAGE_KEY);
  localStorage.removeItem(TICKET_STORAGE_KEY);
  keys.clear();
  lastSigned = null;
  void withKeyStore('readwrite', (store) => store.clear());
}
