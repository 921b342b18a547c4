import { listDevicesCall, rebootCall } from '@fleetport/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, FakeSocket, stubLiveSocket } from './device-test-fixtures.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const PAGE = '/robustlink/devices/allDevices';
const CODES = [
  'devices.view',
  'devices.create',
  'devices.edit',
  'devices.apply',
  'devices.remove',
  'licenses.apply',
];

function serve(extra: RouteAnswers = {}) {
  const lists: unknown[] = [];
  const fetchMock = routeServer({
    ...shellAnswers(CODES),
    '/pl/page/getPageColumnByName': (body) => ({
      data: { pageName: (body as { pageName: string }).pageName, columns: null },
    }),
    '/link/device/queryGroupInformation': {
      data: { deviceRootGroup: { rootGroupId: 70, deviceCount: 2 }, deviceOtherGroup: [], ungroupedCount: 2 },
    },
    [listDevicesCall.path]: (body) => {
      lists.push(body);
      return {
        data: {
          list: [deviceRow('FP0000000000001'), deviceRow('FP0000000000002', { online: true })],
          total: 2,
          totalCapped: false,
        },
      };
    },
    ...extra,
  });
  return { fetchMock, lists };
}

signedInEachTest(stubLiveSocket);

describe('all devices', () => {
  it(
    'searches on the server and shows a device coming online live, without polling',
    async () => {
      const { lists } = serve();
      renderConsole(PAGE);
      const table = await screen.findByTestId('devices-table', {}, { timeout: 25_000 });
      await within(table).findByText('FP0000000000001');
      expect(within(table).getByTestId('online-FP0000000000001').dataset.online).toBe('false');
      expect(within(table).getByTestId('online-FP0000000000002').textContent).toBe('Online');

      // The tab's one socket: the language in its address, the signed ticket only in its first message.
      await waitFor(() => expect(FakeSocket.sockets).toHaveLength(1));
      const url = new URL(FakeSocket.last().url);
      expect(url.pathname).toBe('/api/ws');
      expect([...url.searchParams.keys()]).toEqual(['lang']);
      expect(url.searchParams.get('lang')).toBe('en');
      await waitFor(() => expect(FakeSocket.last().sent[0]).toMatchObject({ type: 'auth' }));
      expect((FakeSocket.last().sent[0] as { ticket: string }).ticket).toMatch(/^t1\.\d+\.[0-9a-f]{64}$/);
      await screen.findByText('Live');

      const listCalls = lists.length;
      act(() =>
        FakeSocket.last().emit({
          type: 'device.presence',
          sn: 'FP0000000000001',
          online: true,
          at: new Date().toISOString(),
        }),
      );
      await waitFor(() =>
        expect(within(table).getByTestId('online-FP0000000000001').dataset.online).toBe('true'),
      );
      expect(lists.length).toBe(listCalls);

      await userEvent.type(
        screen.getByPlaceholderText('Search by SN, name, MAC, IMEI or IP'),
        '3A:4B{Enter}',
      );
      await waitFor(() => expect(lists.at(-1)).toMatchObject({ search: '3A:4B', pageNum: 1 }));
    },
    SLOW,
  );

  it(
    'marks a router changed on the device itself as soon as the cloud notices, linking to its configuration',
    async () => {
      let drifted = false;
      serve({
        [listDevicesCall.path]: () => ({
          data: {
            list: [deviceRow('FP0000000000001', { name: 'Quay', configDrifted: drifted })],
            total: 1,
            totalCapped: false,
          },
        }),
      });
      renderConsole(PAGE);
      const table = await screen.findByTestId('devices-table', {}, { timeout: 25_000 });
      await within(table).findByText('Quay');
      expect(within(table).queryByTestId('drifted-FP0000000000001')).toBeNull();
      await waitFor(() => expect(FakeSocket.sockets).toHaveLength(1));

      drifted = true;
      act(() => FakeSocket.last().emit({ type: 'deviceConfig.drift', sn: 'FP0000000000001', drifted: true }));
      const mark = await within(table).findByTestId('drifted-FP0000000000001', {}, { timeout: 10_000 });
      expect(mark.textContent).toBe('Changed on the device');
      expect(mark.getAttribute('href')).toBe(
        '/robustlink/device/deviceDetails/FP0000000000001?tab=configuration',
      );
      await changeLanguage('cn');
      await waitFor(() => expect(mark.textContent).toBe('设备本地修改'));
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'reboots the selected devices after a confirmation and lists the result of each',
    async () => {
      const reboots: unknown[] = [];
      serve({
        [rebootCall.path]: (body) => {
          reboots.push(body);
          return {
            data: {
              succeeded: 1,
              failed: 1,
              results: [
                {
                  sn: 'FP0000000000001',
                  code: 120052,
                  msg: 'The device is offline, the operation cannot be performed',
                  rpcId: null,
                },
                { sn: 'FP0000000000002', code: 0, msg: '', rpcId: 'r-2' },
              ],
            },
          };
        },
      });
      renderConsole(PAGE);
      const table = await screen.findByTestId('devices-table', {}, { timeout: 25_000 });
      await within(table).findByText('FP0000000000001');
      // The header box selects the page.
      await userEvent.click(within(table).getAllByRole('checkbox')[0]!);
      await userEvent.click(screen.getByTestId('bulk-actions'));
      await userEvent.click(await screen.findByText('Reboot'));
      expect((await screen.findAllByText('Reboot 2 selected devices?')).length).toBeGreaterThan(0);
      expect(reboots).toEqual([]);
      await userEvent.click(screen.getByTestId('confirm-reboot'));
      await waitFor(() => expect(reboots).toEqual([{ sns: ['FP0000000000001', 'FP0000000000002'] }]));
      const results = await screen.findByTestId('bulk-results-table');
      expect(await screen.findByText('1 succeeded, 1 failed')).toBeTruthy();
      expect(
        within(results).getByText('The device is offline, the operation cannot be performed'),
      ).toBeTruthy();
      expect(within(results).getByText('Done')).toBeTruthy();
    },
    SLOW,
  );

  it(
    "assigns licences to the selected devices through the licences area's dialog, preselected",
    async () => {
      const assigned: Array<Record<string, unknown>> = [];
      serve({
        '/gm/license/getLicenseBalances': {
          data: {
            products: [],
            offeredLevels: ['BASE', 'ESSENTIALS', 'ADVANCED'],
            devicesByLevel: [],
          },
        },
        '/gm/license/assignDeviceLicense': (body) => {
          assigned.push(body as never);
          return { data: { transactionNo: 'LT00000009', devices: [] } };
        },
      });
      renderConsole(PAGE);
      const table = await screen.findByTestId('devices-table', {}, { timeout: 25_000 });
      await within(table).findByText('FP0000000000001');
      await userEvent.click(within(table).getAllByRole('checkbox')[0]!);
      await userEvent.click(screen.getByTestId('bulk-actions'));
      await userEvent.click(await screen.findByText('Assign licences (at most 100)'));
      const picker = await screen.findByTestId('assign-devices', {}, { timeout: 25_000 });
      expect(within(picker).getByText('FP0000000000001')).toBeTruthy();
      expect(within(picker).getByText('FP0000000000002')).toBeTruthy();
      // Auto-renew on with its own period goes with the assignment.
      fireEvent.mouseDown(within(screen.getByTestId('assign-auto-renew')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('On'));
      const period = await screen.findByTestId('assign-auto-renew-period');
      await userEvent.clear(period);
      await userEvent.type(period, '3');
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await waitFor(() =>
        expect(assigned[0]).toMatchObject({
          sns: ['FP0000000000001', 'FP0000000000002'],
          level: 'ESSENTIALS',
          autoRenew: { mode: 'on', period: 3 },
        }),
      );
    },
    SLOW,
  );

  it(
    'reads in Chinese',
    async () => {
      await changeLanguage('cn');
      serve();
      renderConsole(PAGE);
      await screen.findByTestId('devices-table', {}, { timeout: 25_000 });
      expect(await screen.findByPlaceholderText('按序列号、名称、MAC、IMEI或IP搜索')).toBeTruthy();
      expect((await screen.findAllByText('在线')).length).toBeGreaterThan(0);
      await waitFor(() => expect(new URL(FakeSocket.last().url).searchParams.get('lang')).toBe('cn'));
    },
    SLOW,
  );
});
