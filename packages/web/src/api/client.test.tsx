import { createHmac } from 'node:crypto';
import { errorMessage, healthCall } from '@fleetport/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/index.ts';
import { ApiError, apiCall, queryString, sendCall, sendToPath } from './client.ts';
import { fakeServer, mountConsole, sentHeaders } from './test-support.tsx';
import { saveTicket } from './ticket-store.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('request headers and query', () => {
  it('signs the stored ticket with the time of the call', async () => {
    const fetchMock = fakeServer({ code: 0, data: { status: 'ok' } });
    saveTicket({ ticket: 'tk-42', key: 'per-session-key' });
    const before = Date.now();
    await apiCall(healthCall, {});
    const [ticket, ms, mac] = sentHeaders(fetchMock).ticket!.split('.');
    expect(ticket).toBe('tk-42');
    expect(Number(ms)).toBeGreaterThanOrEqual(before);
    expect(Number(ms)).toBeLessThanOrEqual(Date.now());
    expect(mac).toBe(createHmac('sha256', 'per-session-key').update(`tk-42.${ms}`).digest('hex'));
  });

  it('sends language, timeZoneOffset and no ticket when signed out', async () => {
    const fetchMock = fakeServer({ code: 0 });
    await changeLanguage('cn');
    await apiCall(healthCall, {});
    const headers = sentHeaders(fetchMock);
    expect(headers.language).toBe('cn');
    expect(headers.timeZoneOffset).toBe(String(-new Date().getTimezoneOffset()));
    expect(headers.ticket).toBeUndefined();
  });

  it('puts GET input in the query with array keys repeated, and POST input in a JSON body', async () => {
    const fetchMock = fakeServer({ code: 0 });
    await sendToPath('GET', healthCall.path, { sns: ['A1', 'B2'], page: 2, skipped: undefined });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api${healthCall.path}?sns=A1&sns=B2&page=2`);
    await sendToPath('POST', healthCall.path, { sns: ['A1'] });
    const init = fetchMock.mock.calls[1]![1]!;
    expect(init.body).toBe('{"sns":["A1"]}');
    expect(sentHeaders(fetchMock, 1)['content-type']).toBe('application/json');
    expect(queryString({})).toBe('');
  });

  it('resolves with the envelope so lists can read the total', async () => {
    fakeServer({ code: 0, data: { status: 'ok' }, total: 7, pageNum: 1, pageSize: 10 });
    const envelope = await sendCall(healthCall, {});
    expect(envelope.total).toBe(7);
  });
});

describe('what the user sees when a call fails', () => {
  it('shows "message (code)" as an error toast and rejects with the code', async () => {
    mountConsole();
    fakeServer({ code: 1, msg: 'pageSize: too big' });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 1 });
    expect(await screen.findByText('Parameter error (1)')).toBeTruthy();
  });

  it('keeps the error toast up for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      mountConsole();
      fakeServer({ code: 1 });
      await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 1 });
      await screen.findByText('Parameter error (1)');
      await act(async () => vi.advanceTimersByTime(4_500));
      expect(screen.queryByText('Parameter error (1)')).not.toBeNull();
      await act(async () => vi.advanceTimersByTime(1_500));
      await waitFor(() => expect(screen.queryByText('Parameter error (1)')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports an answer that is not an envelope (a proxy error page) as -1', async () => {
    mountConsole();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502 Bad Gateway</html>', { status: 502 })),
    );
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: -1 });
    expect(await screen.findByText(`${errorMessage(-1, 'en')} (-1)`)).toBeTruthy();
  });

  it('shows the toast in Chinese when the console is in Chinese', async () => {
    mountConsole();
    await changeLanguage('cn');
    fakeServer({ code: 1 });
    await expect(apiCall(healthCall, {})).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText('参数错误 (1)')).toBeTruthy();
  });

  it('uses the server message for a code the catalogue does not know', async () => {
    mountConsole();
    fakeServer({ code: 987_654, msg: 'Something only the server knows' });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 987_654 });
    expect(await screen.findByText('Something only the server knows (987654)')).toBeTruthy();
  });

  it('shows nothing for a silent code or a call made with {silent: true}', async () => {
    mountConsole();
    fakeServer({ code: 14047 }, { code: 1 }, { code: 5 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 14047 });
    await expect(apiCall(healthCall, {}, { silent: true })).rejects.toMatchObject({
      code: 1,
      message: 'Parameter error',
    });
    // A later, non-silent failure: once its toast is up, earlier toasts would be too.
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 5 });
    expect(await screen.findByText(`${errorMessage(5, 'en')} (5)`)).toBeTruthy();
    expect(screen.queryByText(/\(14047\)/)).toBeNull();
    expect(screen.queryByText('Parameter error (1)')).toBeNull();
  });

  it('shows a warning for 120089', async () => {
    mountConsole();
    fakeServer({ code: 120089 });
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: 120089 });
    const text = await screen.findByText(errorMessage(120089, 'en'));
    expect(text.closest('.ant-message-warning')).toBeTruthy();
  });

  it('reports an unreachable server as the generic request error -1', async () => {
    mountConsole();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiCall(healthCall, {})).rejects.toMatchObject({ code: -1 });
    expect(await screen.findByText(`${errorMessage(-1, 'en')} (-1)`)).toBeTruthy();
  });

  it('asks the user to check the network when a call times out', async () => {
    mountConsole();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('abort'))),
          ),
      ),
    );
    await expect(apiCall(healthCall, {}, { timeoutMs: 20 })).rejects.toMatchObject({ code: 404 });
    expect(await screen.findByText(/check the network/)).toBeTruthy();
  });

  it('stays quiet when the caller itself cancels', async () => {
    mountConsole();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('abort'))),
          ),
      ),
    );
    const controller = new AbortController();
    const pending = apiCall(healthCall, {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    await waitFor(() => expect(screen.queryByText(/\(-1\)/)).toBeNull());
  });
});
