import type { Page } from 'playwright-core';
import {
  SIGNING_KEY_DB,
  SIGNING_KEY_STORE,
  TICKET_STORAGE_KEY,
} from '../packages/web/src/api/ticket-store.ts';

/**
 * A signed `ticket` header made inside the signed-in page, as the console makes it: the page holds
 * the signing key only as a non-extractable CryptoKey in IndexedDB, so the test asks the page to sign
 * (the key itself cannot be read out, which `readSigningKey` shows).
 */
export function signedTicketInPage(page: Page): Promise<string> {
  return page.evaluate(
    async ({ storageKey, dbName, storeName }) => {
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as { ticket: string } | null;
      if (!stored) throw new Error('the page is not signed in');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName, 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const key = await new Promise<CryptoKey>((resolve, reject) => {
        const request = db.transaction(storeName).objectStore(storeName).get(stored.ticket);
        request.onsuccess = () => resolve(request.result as CryptoKey);
        request.onerror = () => reject(request.error);
      });
      db.close();
      const payload = `${stored.ticket}.${Date.now()}`;
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload)));
      return `${payload}.${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
    },
    { storageKey: TICKET_STORAGE_KEY, dbName: SIGNING_KEY_DB, storeName: SIGNING_KEY_STORE },
  );
}

/** What a script in the page can learn of the signing key: whether it is extractable, and an export attempt. */
export function readSigningKey(page: Page): Promise<{ extractable: boolean; exported: string }> {
  return page.evaluate(
    async ({ storageKey, dbName, storeName }) => {
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as { ticket: string } | null;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(dbName, 1);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const key = await new Promise<CryptoKey>((resolve, reject) => {
        const request = db
          .transaction(storeName)
          .objectStore(storeName)
          .get(stored?.ticket ?? '');
        request.onsuccess = () => resolve(request.result as CryptoKey);
        request.onerror = () => reject(request.error);
      });
      db.close();
      let exported = 'refused';
      try {
        await crypto.subtle.exportKey('raw', key);
        exported = 'exported';
      } catch {
        // Non-extractable keys cannot be exported.
      }
      return { extractable: key.extractable, exported };
    },
    { storageKey: TICKET_STORAGE_KEY, dbName: SIGNING_KEY_DB, storeName: SIGNING_KEY_STORE },
  );
}
