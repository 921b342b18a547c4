import {
  CAPTURE_FILE_TYPE,
  captureCall,
  captureFileCall,
  getDeviceCall,
  poeTimersCall,
  type RemoteAction,
  remoteActionStatesCall,
} from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, stubLiveSocket } from '../devices/device-test-fixtures.ts';

const SLOW = 60_000;
const SN = 'FP0000000000002';
const PAGE = `/robustlink/device/deviceDetails/${SN}?tab=actions`;

const capture: RemoteAction = {
  rpcId: 'rpc-capture',
  sn: SN,
  method: 'capture',
  state: 'success',
  delivered: true,
  result: { packets: 10, bytes: 4000, fileName: 'capture-wan-1.pcap', uploaded: false, hasFile: true },
  error: null,
  createdAt: Date.now(),
  deadline: Date.now() + 30_000,
};

function serve() {
  const sent: { poe: unknown[]; files: unknown[] } = { poe: [], files: [] };
  routeServer({
    ...shellAnswers(['devices.view', 'devices.apply']),
    [getDeviceCall.path]: { data: deviceRow(SN, { online: true, name: 'Pole router' }) },
    '/link/device/getDeviceConfigJsonBySn': { data: { sn: SN, devcfg: { poe: true, lora: false } } },
    [poeTimersCall.path]: (body) => {
      sent.poe.push(body);
      return {
        data: { ...capture, rpcId: 'rpc-poe', method: 'poeTimers', state: 'inExecution', result: null },
      };
    },
    [captureCall.path]: { data: capture },
    [captureFileCall.path]: (body) => {
      sent.files.push(body);
      return {
        data: { fileName: 'capture-wan-1.pcap', contentType: CAPTURE_FILE_TYPE, content: '1MOyoQIABAA=' },
      };
    },
    [remoteActionStatesCall.path]: { data: [capture] },
  });
  return sent;
}

signedInEachTest(stubLiveSocket);

describe('device details: PoE timers and the capture file', () => {
  it(
    'refuses two equal PoE times in each language, then sends two different ones',
    async () => {
      await changeLanguage('cn');
      const sent = serve();
      renderConsole(PAGE);
      const card = await screen.findByTestId('action-poeTimers', {}, { timeout: 25_000 });
      const disable = within(card).getByTestId('field-disableTime');
      fireEvent.change(disable, { target: { value: '07:00' } });
      await userEvent.click(within(card).getByTestId('run-poeTimers'));
      expect(await within(card).findByText('启用时间和禁用时间不能相同')).toBeTruthy();
      expect(sent.poe).toEqual([]);

      await changeLanguage('en');
      await userEvent.click(within(card).getByTestId('run-poeTimers'));
      expect(await within(card).findByText('The enable and disable times must be different')).toBeTruthy();
      fireEvent.change(disable, { target: { value: '19:30' } });
      await userEvent.click(within(card).getByTestId('run-poeTimers'));
      await waitFor(() =>
        expect(sent.poe).toEqual([{ sn: SN, port: 1, enableTime: '07:00', disableTime: '19:30' }]),
      );
    },
    SLOW,
  );

  it(
    'shows Download when a capture succeeded with a file and fetches that file',
    async () => {
      const sent = serve();
      const createObjectURL = vi.fn(() => 'blob:pcap');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      renderConsole(PAGE);
      const card = await screen.findByTestId('action-capture', {}, { timeout: 25_000 });
      expect(within(card).queryByTestId('capture-download')).toBeNull();
      await userEvent.click(within(card).getByTestId('run-capture'));
      const button = await within(card).findByTestId('capture-download');
      expect(button.textContent).toContain('Download');
      await userEvent.click(button);
      await waitFor(() => expect(sent.files).toEqual([{ rpcId: 'rpc-capture' }]));
      await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    },
    SLOW,
  );
});
