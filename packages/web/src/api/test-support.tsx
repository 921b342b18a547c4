import type { Envelope } from '@fleetport/contract';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';

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
