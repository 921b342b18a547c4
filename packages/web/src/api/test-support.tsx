import type { Envelope } from '@fleetport/contract';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { reloadTabsFromStorage } from '../features/shell/tabs-store.ts';
import { changeLanguage } from '../i18n/index.ts';
import { saveTicket } from './ticket-store.ts';

/** Test-only: the network boundary. Each call answers with the next envelope (the last repeats). */
export function fakeServer(...envelopes: Array<Partial<Envelope>>) {
  let index = 0;
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    const envelope = envelopes[Math.min(index++, envelopes.length - 1)];
    return new Response(JSON.stringify({ data: null, msg: '', ...envelope }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The console's providers (and so the notifier) mounted, as in the running app. */
export function mountConsole() {
  return render(
    <AppProviders>
      <main>console</main>
    </AppProviders>,
  );
}

/** Headers the client sent with the n-th call. */
export function sentHeaders(fetchMock: ReturnType<typeof fakeServer>, n = 0): Record<string, string> {
  return (fetchMock.mock.calls[n]?.[1]?.headers ?? {}) as Record<string, string>;
}

/**
 * Each test of the file starts signed in as Ada with the stored tabs reloaded (then runs `before`, e.g.
 * a fake live socket), and ends with the stubs gone and the console back in English.
 */
export function signedInEachTest(before?: () => void) {
  beforeEach(() => {
    saveTicket({ ticket: 't1', key: 'k1' });
    localStorage.setItem('userName', 'Ada');
    reloadTabsFromStorage();
    before?.();
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });
}
