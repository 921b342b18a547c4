import {
  type DeviceUpdate,
  getDeviceAppsCall,
  getDeviceUpdateHistoryCall,
  listDeviceRolloutsCall,
  type RemoteAction,
  remoteActionStatesCall,
  uninstallDeviceAppCall,
} from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { refused, renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { menusHolding } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, stubLiveSocket } from '../devices/device-test-fixtures.ts';
import { AppsTab } from './apps-tab.tsx';
import { FirmwareTab } from './firmware-tab.tsx';

const SLOW = 30_000;
const SN = 'FP0000000000009';
const MODBUS = {
  packageName: 'com.fleetport.modbus',
  name: 'Modbus Gateway',
  version: '3.0.1',
  state: 'running' as const,
  sizeKb: 1840,
};
const LORA = {
  packageName: 'com.fleetport.lora',
  name: 'LoRa Network Server',
  version: '3.1.0',
  state: 'stopped' as const,
  sizeKb: null,
};

const update = (rpcId: string, extra: Partial<DeviceUpdate>): DeviceUpdate => ({
  rpcId,
  method: 'firmwareInstall',
  state: 'success',
  percent: 100,
  version: '2.3.2',
  packageName: null,
  name: null,
  errorCode: null,
  errorMessage: null,
  createdAt: Date.UTC(2026, 2, 1, 8),
  updatedAt: Date.UTC(2026, 2, 1, 8),
  ...extra,
});

const remote = (state: RemoteAction['state'], error: unknown = null): RemoteAction => ({
  rpcId: 'rpc-un',
  sn: SN,
  method: 'appUninstall',
  state,
  delivered: true,
  result: state === 'success' ? { packageName: LORA.packageName } : null,
  error,
  createdAt: Date.now(),
  deadline: Date.now() + 600_000,
});

function render(element: React.ReactElement) {
  return renderConsole('/tab', [{ path: '/tab', element }]);
}

beforeEach(() => {
  saveTicket({ ticket: 't1', key: 'k1' });
  stubLiveSocket();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('firmware tab', () => {
  it(
    'shows the OS line, what the version allows, and an update running live until it ends',
    async () => {
      const history = {
        list: [
          update('fw-1', { state: 'updating', percent: 40 }),
          update('fw-0', { state: 'failure', percent: null, version: '5.3.0', errorCode: 13 }),
        ],
      };
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view']) },
        [getDeviceUpdateHistoryCall.path]: () => ({ data: { ...history, total: history.list.length } }),
      });
      const device = deviceRow(SN, { series: 'MEG5000', firmwareVersion: '2.0.5', appVersion: '2.0.5' });
      render(<FirmwareTab device={device} />);
      expect((await screen.findByTestId('os-line')).textContent).toBe('Pro');
      expect(screen.getByTestId('remote-access').textContent).toBe('Needs version 2.1.0 or later');
      expect(screen.getByTestId('zero-touch').textContent).toBe('Needs version 2.3.0 or later');
      expect(await screen.findByText('The App Centre offers no package for this model.')).toBeTruthy();
      expect(screen.queryByTestId('cross-version')).toBeNull();

      const table = await screen.findByTestId('firmware-history');
      await waitFor(() =>
        expect(within(table).getByTestId('update-state-fw-1').dataset.state).toBe('updating'),
      );
      expect(within(table).getByText('40%')).toBeTruthy();
      expect(within(table).getByText('The device cannot upgrade across versions (13)')).toBeTruthy();

      // The device finishes: the next poll shows it.
      history.list[0] = update('fw-1', {});
      await waitFor(
        () => expect(within(table).getByTestId('update-state-fw-1').dataset.state).toBe('success'),
        {
          timeout: 5000,
        },
      );
      expect(within(table).getAllByText('Success').length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'says in Chinese that a standard-line router below 5.2.2 must pass through 5.2.2',
    async () => {
      await changeLanguage('cn');
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view']) },
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
      });
      render(
        <FirmwareTab
          device={deviceRow(SN, { series: 'r3000', firmwareVersion: '5.1.0', appVersion: '5.1.0' })}
        />,
      );
      expect((await screen.findByTestId('os-line')).textContent).toBe('标准版');
      expect(screen.getByTestId('remote-access').textContent).toBe('支持');
      expect(screen.getByTestId('cross-version').textContent).toContain('请先将固件升级到v5.2.2');
      expect(await screen.findByText('尚未向本设备发送升级。')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'lists the rollouts the device was in, with its end in each and why, linked to the rollout',
    async () => {
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'firmware.view']) },
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
        [listDeviceRolloutsCall.path]: {
          data: {
            list: [
              {
                id: 7,
                name: 'MEG to 2.4',
                kind: 'firmware',
                packageName: 'meg5000-os',
                version: '2.4.1',
                rolloutState: 'halted',
                state: 'failure',
                step: 2,
                steps: 3,
                batch: 1,
                reason: 'The link was not healthy within 10 minutes',
                attempts: 1,
                updatedAt: Date.UTC(2026, 10, 28, 9, 0),
              },
            ],
            total: 1,
          },
        },
      });
      render(<FirmwareTab device={deviceRow(SN, { series: 'MEG5000', firmwareVersion: '2.4.1' })} />);
      const table = await screen.findByTestId('device-rollouts');
      const link = await within(table).findByRole('link', { name: 'MEG to 2.4' });
      expect(link.getAttribute('href')).toBe('/robustlink/devices/appCentre/rollouts/7');
      expect(within(table).getByText('meg5000-os 2.4.1')).toBeTruthy();
      expect(within(table).getByText('The link was not healthy within 10 minutes')).toBeTruthy();
      expect(within(table).getByText('step 2 of 3', { exact: false })).toBeTruthy();
    },
    SLOW,
  );
});

describe('apps tab', () => {
  it(
    'lists the apps the device reports and uninstalls one after a confirmation',
    async () => {
      let apps = [MODBUS, LORA];
      let state = remote('inExecution');
      const uninstalls: unknown[] = [];
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'devices.apply']) },
        [getDeviceAppsCall.path]: () => ({ data: { apps, reportedAt: Date.now(), fresh: true } }),
        [uninstallDeviceAppCall.path]: (body) => {
          uninstalls.push(body);
          return { data: remote('inExecution') };
        },
        [remoteActionStatesCall.path]: () => ({ data: [state] }),
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
      });
      render(<AppsTab device={deviceRow(SN, { series: 'meg5000' })} liveOpen={false} />);
      const table = await screen.findByTestId('apps-table');
      expect(await within(table).findByText('Modbus Gateway')).toBeTruthy();
      expect(within(table).getByText('Stopped')).toBeTruthy();
      expect(within(table).getByText('1.80 MB')).toBeTruthy();
      expect(await screen.findByText('The App Centre offers no package for this model.')).toBeTruthy();

      await userEvent.click(within(table).getByTestId(`uninstall-${LORA.packageName}`));
      expect(
        (await screen.findAllByText(`Uninstall LoRa Network Server from ${SN}?`)).length,
      ).toBeGreaterThan(0);
      await userEvent.click(screen.getByTestId('confirm-uninstall'));
      await waitFor(() => expect(uninstalls).toEqual([{ sn: SN, packageName: LORA.packageName }]));
      expect((await screen.findByTestId('uninstall-result')).dataset.state).toBe('inExecution');
      expect(
        (within(table).getByTestId(`uninstall-${MODBUS.packageName}`) as HTMLButtonElement).disabled,
      ).toBe(true);

      apps = [MODBUS];
      state = remote('success');
      await waitFor(() => expect(screen.getByTestId('uninstall-result').dataset.state).toBe('success'), {
        timeout: 5000,
      });
      expect(screen.getByText('LoRa Network Server was uninstalled.')).toBeTruthy();
      await waitFor(() => expect(within(table).queryByText('LoRa Network Server')).toBeNull());
    },
    SLOW,
  );

  it(
    'shows the update error of a failed uninstall in the words of core §8',
    async () => {
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'devices.apply']) },
        [getDeviceAppsCall.path]: { data: { apps: [LORA], reportedAt: Date.now(), fresh: true } },
        [uninstallDeviceAppCall.path]: { data: remote('inExecution') },
        [remoteActionStatesCall.path]: { data: [remote('failure', { code: 14, message: 'not installed' })] },
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
      });
      render(<AppsTab device={deviceRow(SN, { series: 'meg5000' })} liveOpen={false} />);
      await userEvent.click(await screen.findByTestId(`uninstall-${LORA.packageName}`));
      await userEvent.click(await screen.findByTestId('confirm-uninstall'));
      expect(
        await screen.findByText(
          'Uninstalling LoRa Network Server failed: The app to uninstall is not installed (14)',
          {},
          { timeout: 5000 },
        ),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'explains an offline device, refuses its uninstall with 120052, and hides uninstall without devices.apply',
    async () => {
      await changeLanguage('cn');
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view']) },
        [getDeviceAppsCall.path]: refused(120023, SN, '设备离线'),
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
      });
      render(<AppsTab device={deviceRow(SN, { series: 'et801x' })} liveOpen={false} />);
      expect(await screen.findByText('设备离线：设备上线后将列出其应用。')).toBeTruthy();
      expect(screen.getByText('本型号没有可用的应用包。')).toBeTruthy();
      expect(screen.queryByText('卸载')).toBeNull();
    },
    SLOW,
  );

  it(
    'shows the catalogue message when the device went offline before the uninstall',
    async () => {
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'devices.apply']) },
        [getDeviceAppsCall.path]: { data: { apps: [MODBUS], reportedAt: Date.now(), fresh: false } },
        [uninstallDeviceAppCall.path]: refused(120052, SN),
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
      });
      render(<AppsTab device={deviceRow(SN, { series: 'r3000' })} liveOpen={false} />);
      expect(await screen.findByText(/The device did not answer now/)).toBeTruthy();
      await userEvent.click(await screen.findByTestId(`uninstall-${MODBUS.packageName}`));
      await userEvent.click(await screen.findByTestId('confirm-uninstall'));
      expect(
        await screen.findByText('The device is offline, the operation cannot be performed (120052)'),
      ).toBeTruthy();
      expect(screen.queryByTestId('uninstall-result')).toBeNull();
    },
    SLOW,
  );
});
