import {
  getDeviceCall,
  pingCall,
  type RemoteAction,
  remoteActionStatesCall,
  speedTestCall,
} from '@fleetport/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, FakeSocket, stubLiveSocket } from '../devices/device-test-fixtures.ts';

const SLOW = 60_000;
const SN = 'FP0000000000001';
const PAGE = `/robustlink/device/deviceDetails/${SN}?tab=actions`;
const PING_RESULT = {
  host: '8.8.8.8',
  sent: 4,
  received: 4,
  lossPercent: 0,
  rttMs: [20, 21, 19, 22],
  minMs: 19,
  avgMs: 20.5,
  maxMs: 22,
};

const action = (method: string, state: RemoteAction['state'], result: unknown = null): RemoteAction => ({
  rpcId: `rpc-${method}`,
  sn: SN,
  method,
  state,
  delivered: true,
  result,
  error: null,
  createdAt: Date.now(),
  deadline: Date.now() + 30_000,
});

function serve(online: boolean, states: { ping: ReturnType<typeof action> }) {
  const pings: unknown[] = [];
  const fetchMock = routeServer({
    ...shellAnswers(['devices.view', 'devices.apply']),
    [getDeviceCall.path]: { data: deviceRow(SN, { online, name: 'Quay router' }) },
    '/link/device/getDeviceConfigJsonBySn': { data: { sn: SN, devcfg: { poe: false, lora: false } } },
    [pingCall.path]: (body) => {
      pings.push(body);
      return online
        ? { data: action('ping', 'inExecution') }
        : { code: 120052, data: null, msg: 'The device is offline, the operation cannot be performed' };
    },
    [speedTestCall.path]: { code: 120052, data: null },
    [remoteActionStatesCall.path]: () => ({ data: [states.ping] }),
  });
  return { fetchMock, pings };
}

signedInEachTest(stubLiveSocket);

describe('device details: remote actions', () => {
  it(
    'runs a ping and shows its progress, then the result when the live event says it is done',
    async () => {
      const states = { ping: action('ping', 'inExecution') };
      const { pings } = serve(true, states);
      renderConsole(PAGE);
      const card = await screen.findByTestId('action-ping', {}, { timeout: 25_000 });
      expect((within(card).getByTestId('field-host') as HTMLInputElement).value).toBe('8.8.8.8');
      await userEvent.click(within(card).getByTestId('run-ping'));
      await waitFor(() => expect(pings).toEqual([{ sn: SN, host: '8.8.8.8', count: 4 }]));
      expect((await within(card).findByTestId('result-ping')).dataset.state).toBe('inExecution');
      expect(within(card).getByText('In progress')).toBeTruthy();

      states.ping = action('ping', 'success', PING_RESULT);
      await waitFor(() => expect(FakeSocket.sockets.length).toBeGreaterThan(0));
      act(() =>
        FakeSocket.last().emit({
          type: 'rpc.state',
          id: 'rpc-ping',
          sn: SN,
          method: 'ping',
          state: 'success',
          delivered: true,
        }),
      );
      await waitFor(() => expect(within(card).getByTestId('result-ping').dataset.state).toBe('success'));
      // The result is fetched once the final state arrives (a signed call of its own).
      expect(await within(card).findByText('4/4')).toBeTruthy();
      expect(within(card).getByText('20.5 ms')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says an offline device cannot run the action, in the catalogue words of each language',
    async () => {
      await changeLanguage('cn');
      const { fetchMock } = serve(false, { ping: action('ping', 'inExecution') });
      renderConsole(PAGE);
      const card = await screen.findByTestId('action-speedTest', {}, { timeout: 25_000 });
      expect(screen.getByTestId('device-online').dataset.online).toBe('false');
      await userEvent.click(within(card).getByTestId('run-speedTest'));
      await waitFor(() =>
        expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api${speedTestCall.path}`),
      );
      expect(await screen.findByText('设备离线，无法执行该操作 (120052)')).toBeTruthy();
      expect(within(card).queryByTestId('result-speedTest')).toBeNull();
    },
    SLOW,
  );
});
