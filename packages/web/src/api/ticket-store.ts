/** The session ticket and its signing key as issued at login. */
export interface StoredTicket {
  ticket: string;
  key: string;
}

/** core §4: the ticket is kept in session storage (this tab) and local storage (new tabs). */
export const TICKET_STORAGE_KEY = 'ticket';

function parse(raw: string | null): StoredTicket | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredTicket> | null;
    if (value && typeof value.ticket === 'string' && typeof value.key === 'string' && value.ticket) {
      return { ticket: value.ticket, key: value.key };
    }
  } catch {
    // A damaged entry is treated as signed out.
  }
  return null;
}

export function saveTicket(stored: StoredTicket): void {
  const raw = JSON.stringify({ ticket: stored.ticket, key: stored.key });
  sessionStorage.setItem(TICKET_STORAGE_KEY, raw);
  localStorage.setItem(TICKET_STORAGE_KEY, raw);
}

/** This tab's ticket first; a new tab picks up the one local storage kept. */
export function loadTicket(): StoredTicket | null {
  if (typeof sessionStorage === 'undefined') return null;
  return parse(sessionStorage.getItem(TICKET_STORAGE_KEY)) ?? parse(localStorage.getItem(TICKET_STORAGE_KEY));
}

export function clearTicket(): void {
  sessionStorage.removeItem(TICKET_STORAGE_KEY);
  localStorage.removeItem(TICKET_STORAGE_KEY);
}
