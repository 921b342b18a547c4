import {
  type CallInput,
  ErrorCode,
  errorMessage,
  type RemoteAction,
  RPC_ERROR,
  rpcErrorText,
  serialPortCall,
} from '@fleetport/contract';
import { useEffect, useRef, useState } from 'react';
import { API_PREFIX, ApiError, apiCall, requestHeadersNow } from '../../api/client.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { settled } from './settle-action.ts';

export type SerialSettings = Required<
  Pick<CallInput<typeof serialPortCall>, 'port' | 'baudRate' | 'dataBits' | 'parity' | 'stopBits'>
>;
export type SerialStatus = 'closed' | 'opening' | 'open';

/**
 * How often an open port is read. The console polls `read` rather than waiting for live events: the
 * server answers a serial call once the device has (a few seconds at most), so one request per poll
 * brings the bytes, while live `rpc.state` events carry no result and would need a second request
 * each; the polls also renew the cloud's lease on the port, which a vanished console thus loses.
 */
export const SERIAL_POLL_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(data: string): Uint8Array {
  return Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
}

/** Why the device refused: a port busy on the device reads as the catalogue's 120069. */
function refusal(action: RemoteAction): string {
  const lang = currentLanguage();
  const error = (action.error ?? {}) as { code?: number; message?: string };
  if (error.code === RPC_ERROR.busy) return errorMessage(ErrorCode.SERIAL_PORT_BUSY, lang);
  return (
    rpcErrorText(error.code ?? -1)?.[lang] ?? error.message ?? errorMessage(ErrorCode.REQUEST_ERROR, lang)
  );
}

/**
 * The window is going away with the port open: tell the server it was not a normal close, so the
 * port stays occupied 5 minutes. `navigator.sendBeacon` cannot carry the signed ticket header; a
 * keepalive fetch outlives the page just the same.
 */
export function closeAbnormally(sn: string, port: number, lease: string | undefined): void {
  const body: CallInput<typeof serialPortCall> = { sn, action: 'close', port, abnormal: true, lease };
  void fetch(API_PREFIX + serialPortCall.path, {
    method: serialPortCall.method,
    keepalive: true,
    headers: { ...requestHeadersNow(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
}

/**
 * A remote serial port session: open with line settings, write what the user types, poll what the
 * port sends (handed to `onOutput`), close normally. Leaving the page or the tab while open closes it
 * abnormally (pagehide, unmount).
 */
export function useSerialPort(sn: string, onOutput: (text: string) => void) {
  const [status, setStatus] = useState<SerialStatus>('closed');
  const [error, setError] = useState<string | null>(null);
  /** The open port; null once closed, which also ends the read loop. */
  const openPort = useRef<number | null>(null);
  /** The open port's lease: the server refuses reads, writes and closes without it (120069). */
  const lease = useRef<string | undefined>(undefined);
  const output = useRef(onOutput);
  output.current = onOutput;
  const outbox = useRef('');
  const writing = useRef(false);

  function lost(message: string) {
    openPort.current = null;
    setError(message);
    setStatus('closed');
  }

  /** One call on the open port; a refusal ends the session with its message. */
  async function onPort(input: Omit<CallInput<typeof serialPortCall>, 'sn'>): Promise<RemoteAction | null> {
    try {
      const call = { sn, ...input, lease: lease.current };
      const answer = await settled(await apiCall(serialPortCall, call, { silent: true }));
      if (answer.state === 'success') return answer;
      if (openPort.current === input.port) lost(refusal(answer));
    } catch (e) {
      if (openPort.current === input.port) lost(e instanceof ApiError ? e.message : String(e));
    }
    return null;
  }

  async function readLoop(port: number) {
    const decoder = new TextDecoder();
    while (openPort.current === port) {
      const read = await onPort({ action: 'read', port });
      const data = (read?.result as { data?: string } | null)?.data;
      if (data && openPort.current === port)
        output.current(decoder.decode(fromBase64(data), { stream: true }));
      await wait(SERIAL_POLL_MS);
    }
  }

  async function flush(port: number) {
    if (writing.current) return;
    writing.current = true;
    while (outbox.current && openPort.current === port) {
      const data = outbox.current;
      outbox.current = '';
      await onPort({ action: 'write', port, data: toBase64(data) });
    }
    writing.current = false;
  }

  useEffect(() => {
    const onPageHide = () => {
      if (openPort.current === null) return;
      closeAbnormally(sn, openPort.current, lease.current);
      openPort.current = null;
      lease.current = undefined;
      // A page restored from the back-forward cache shows the port closed, as the server has it.
      setStatus('closed');
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Navigating away with the port open is no normal close either.
      onPageHide();
    };
  }, [sn]);

  return {
    status,
    error,
    async open(settings: SerialSettings): Promise<boolean> {
      setError(null);
      setStatus('opening');
      try {
        const sent = await apiCall(serialPortCall, { sn, action: 'open', ...settings }, { silent: true });
        // The lease comes with the first answer; an open the device finishes later is followed by id.
        lease.current = sent.lease;
        const answer = await settled(sent);
        if (answer.state !== 'success') {
          // A late refusal leaves the lease with this console: give the port back at once.
          if (sent.lease) {
            const close = { sn, action: 'close' as const, port: settings.port, lease: sent.lease };
            void apiCall(serialPortCall, close, { silent: true }).catch(() => {});
          }
          lease.current = undefined;
          lost(refusal(answer));
          return false;
        }
      } catch (e) {
        // 120069 (held after an abnormal close), 120052 (offline), 120090: the catalogue's words.
        lost(e instanceof ApiError ? e.message : String(e));
        return false;
      }
      openPort.current = settings.port;
      outbox.current = '';
      setStatus('open');
      void readLoop(settings.port);
      return true;
    },
    write(data: string) {
      const port = openPort.current;
      if (port === null) return;
      outbox.current += data;
      void flush(port);
    },
    async close(): Promise<void> {
      const port = openPort.current;
      if (port === null) return;
      const held = lease.current;
      openPort.current = null;
      lease.current = undefined;
      setStatus('closed');
      await apiCall(serialPortCall, { sn, action: 'close', port, lease: held }, { silent: true }).catch(
        () => {},
      );
    },
  };
}
