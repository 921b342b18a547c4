import { describe, expect, it } from 'vitest';
import { clearTicket, loadTicket, saveTicket, TICKET_STORAGE_KEY } from './ticket-store.ts';

describe('ticket store', () => {
  it('keeps the ticket in session and local storage and forgets it on clear', () => {
    expect(loadTicket()).toBeNull();
    saveTicket({ ticket: 'tk', key: 'secret' });
    expect(sessionStorage.getItem(TICKET_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(TICKET_STORAGE_KEY)).not.toBeNull();
    expect(loadTicket()).toEqual({ ticket: 'tk', key: 'secret' });
    clearTicket();
    expect(loadTicket()).toBeNull();
    expect(localStorage.getItem(TICKET_STORAGE_KEY)).toBeNull();
  });

  it('lets a new tab pick up the ticket from local storage', () => {
    saveTicket({ ticket: 'tk', key: 'secret' });
    sessionStorage.clear();
    expect(loadTicket()).toEqual({ ticket: 'tk', key: 'secret' });
  });

  it('treats a damaged entry as signed out', () => {
    localStorage.setItem(TICKET_STORAGE_KEY, '{not json');
    expect(loadTicket()).toBeNull();
  });
});
