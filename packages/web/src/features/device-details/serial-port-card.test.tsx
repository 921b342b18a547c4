import { ErrorCode, errorMessage, serialPortCall } from '@fleetport/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeServer } from '../../app/console-test-kit.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { remoteAction } from '../devices/device-test-fixtures.ts';
import { SerialPortCard } from './serial-port-card.tsx';

/** xterm.js draws on a canvas jsdom does not have: a stand-in that keeps what is written and lets the test type. */
const xterm = vi.hoisted(() => {
  const state = { written: '', typists: [] as ((data: string) => void)[] };
  class Terminal {
    /** xterm's words for screen readers, which the console sets in its language. */
    static strings: Record<string, string> = {};
    open() {}
    focus() {}
    dispose() {}
    reset() {
      state.written = '';
    }
    write(text: string) {
      state.written += text;
    }
    onData(listener: (data: string) => void) {
      state.typists.push(listener);
      return { dispose: () => state.typists.splice(state.typists.indexOf(listener), 1) };
    }
  }
  return { state, Terminal, type: (data: string) => state.typists.at(-1)?.(data) };
});
vi.mock('@xterm/xterm', () => ({ Terminal: xterm.Terminal }));

const SN = 'FP0000000000007';
const base64 = (text: string) => btoa(text);
const answer = (result: unknown) => remoteAction(SN, 'serialPort', { rpcId: `rpc-${Math.random()}`, result });

/** The lease the server hands out with the n-th open (43 characters of base64url). */
const leaseOf = (n: number) => `lease${n}`.padEnd(43, 'x');

/**
 * The serial port as the server answers it; the first open finds the port held (120069), and reads,
 * writes and closes without the lease of the latest open are refused the same way.
 */
function serve() {
  const calls: Record<string, unknown>[] = [];
  let opens = 0;
  let pending = 'OK\r\n';
  const busy = { code: ErrorCode.SERIAL_PORT_BUSY, msg: 'The serial port is busy, please try again later' };
  const fetchMock = routeServer({
    [serialPortCall.path]: (body) => {
      const input = body as Record<string, unknown>;
      calls.push(input);
      if (input.action === 'open') {
        if (opens++ === 0) return busy;
        return { data: { ...answer({ port: input.port, open: true }), lease: leaseOf(opens) } };
      }
      if (input.lease !== leaseOf(opens)) return busy;
      if (input.action === 'read') {
        const data = base64(pending);
        pending = '';
        return { data: answer({ port: input.port, open: true, data }) };
      }
      return { data: answer({ port: input.port, open: input.action !== 'close' }) };
    },
  });
  const keepaliveCalls = () =>
    fetchMock.mock.calls
      .map(([, init]) => init)
      .filter((init): init is RequestInit => !!init?.keepalive)
      .map((init) => JSON.parse(String(init.body)));
  return { calls, keepaliveCalls, of: (action: string) => calls.filter((c) => c.action === action) };
}

function mount() {
  return render(
    <AppProviders>
      <SerialPortCard sn={SN} comPorts={2} />
    </AppProviders>,
  );
}

async function openPort() {
  await userEvent.click(await screen.findByTestId('serial-open'));
  await waitFor(() => expect(screen.getByTestId('serial-status').dataset.status).toBe('open'));
}

beforeEach(() => {
  xterm.state.written = '';
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('serial port terminal', () => {
  it('shows 120069 for a held port, then opens, shows what the port sends, writes what is typed and closes normally', async () => {
    const server = serve();
    mount();
    await userEvent.click(screen.getByTestId('serial-show'));
    await userEvent.click(await screen.findByTestId('serial-open'));
    expect((await screen.findByTestId('serial-error')).textContent).toContain(
      errorMessage(ErrorCode.SERIAL_PORT_BUSY, 'en'),
    );
    expect(screen.getByTestId('serial-status').dataset.status).toBe('closed');

    await openPort();
    expect(screen.queryByTestId('serial-error')).toBeNull();
    expect(server.of('open').at(-1)).toEqual({
      sn: SN,
      action: 'open',
      port: 1,
      baudRate: 9600,
      dataBits: 8,
      parity: 'none',
      stopBits: 1,
    });
    await waitFor(() => expect(xterm.state.written).toContain('OK\r\n'));
    expect(xterm.Terminal.strings.promptLabel).toBe('Device command line input');
    expect(xterm.state.written).toContain('COM1 open at 9600 8N1');

    xterm.type('AT\r');
    await waitFor(() =>
      expect(server.of('write')).toEqual([
        { sn: SN, action: 'write', port: 1, data: base64('AT\r'), lease: leaseOf(2) },
      ]),
    );

    await userEvent.click(screen.getByTestId('serial-close'));
    await waitFor(() =>
      expect(server.of('close')).toEqual([{ sn: SN, action: 'close', port: 1, lease: leaseOf(2) }]),
    );
    expect(server.of('read').every((read) => read.lease === leaseOf(2))).toBe(true);
    expect(screen.getByTestId('serial-status').dataset.status).toBe('closed');
    const reads = server.of('read').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.of('read').length).toBe(reads);
    expect(server.keepaliveCalls()).toEqual([]);
  });

  it('closes abnormally (keepalive) when the window goes away or the page is left with the port open', async () => {
    const server = serve();
    const view = mount();
    await userEvent.click(screen.getByTestId('serial-show'));
    await userEvent.click(await screen.findByTestId('serial-open'));
    await screen.findByTestId('serial-error');
    await openPort();
    window.dispatchEvent(new Event('pagehide'));
    expect(server.keepaliveCalls()).toEqual([
      { sn: SN, action: 'close', port: 1, abnormal: true, lease: leaseOf(2) },
    ]);
    await waitFor(() => expect(screen.getByTestId('serial-status').dataset.status).toBe('closed'));

    await openPort();
    view.unmount();
    await waitFor(() => expect(server.keepaliveCalls()).toHaveLength(2));
    expect(server.keepaliveCalls()[1]).toEqual({
      sn: SN,
      action: 'close',
      port: 1,
      abnormal: true,
      lease: leaseOf(3),
    });
  });

  it('says in Chinese that the port is busy', async () => {
    await changeLanguage('cn');
    serve();
    mount();
    await userEvent.click(screen.getByTestId('serial-show'));
    await userEvent.click(await screen.findByTestId('serial-open'));
    expect((await screen.findByTestId('serial-error')).textContent).toContain('串口正被占用，请稍后再试');
  });
});
