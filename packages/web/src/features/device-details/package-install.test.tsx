import {
  getDeviceUpdateHistoryCall,
  installPackageCall,
  listPackagesCall,
  type PackageSummary,
  type RemoteAction,
} from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { refused, renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { menusHolding } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, stubLiveSocket } from '../devices/device-test-fixtures.ts';
import { FirmwareTab } from './firmware-tab.tsx';

const SLOW = 30_000;
const SN = 'FP0000000000031';

const pkg = (over: Partial<PackageSummary>): PackageSummary => ({
  packageId: 1,
  kind: 'firmware',
  owner: 'platform',
  packageName: 'meg5000-os',
  series: 'meg5000',
  name: 'MEG5000 firmware',
  latestVersion: '2.3.5',
  latestVersionId: 41,
  versions: 1,
  published: true,
  models: ['MEG5000'],
  updatedAt: Date.UTC(2026, 2, 1),
  ...over,
});

const sent: RemoteAction = {
  rpcId: 'rpc-fw',
  sn: SN,
  method: 'firmwareInstall',
  state: 'inExecution',
  delivered: false,
  result: null,
  error: null,
  createdAt: Date.now(),
  deadline: Date.now() + 1_800_000,
};

function render(element: React.ReactElement) {
  return renderConsole('/tab', [{ path: '/tab', element }]);
}

const device = deviceRow(SN, { series: 'meg5000', model: 'MEG5000', firmwareVersion: '2.3.1' });

beforeEach(() => {
  saveTicket({ ticket: 't1', key: 'k1' });
  stubLiveSocket();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('installing from the firmware tab', () => {
  it(
    'lists the packages for the model only, and installs one now or "update only" after confirming',
    async () => {
      const installs: unknown[] = [];
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'devices.apply', 'firmware.view']) },
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
        [listPackagesCall.path]: {
          data: {
            list: [
              pkg({}),
              pkg({ packageId: 2, latestVersionId: 42, name: 'Other model', models: ['MEG5000-X'] }),
            ],
            total: 2,
          },
        },
        [installPackageCall.path]: (body) => {
          installs.push(body);
          return { data: { action: sent, scheduledAt: null } };
        },
      });
      render(<FirmwareTab device={device} />);
      const table = await screen.findByTestId('packages-firmware');
      expect(await within(table).findByText('MEG5000 firmware')).toBeTruthy();
      expect(within(table).queryByText('Other model')).toBeNull();

      await userEvent.click(within(table).getByTestId('install-41'));
      expect(await screen.findByText(`Install MEG5000 firmware 2.3.5 on ${SN}?`)).toBeTruthy();
      await userEvent.click(screen.getByText('Update only'));
      expect(screen.getByText(/runs it after its next restart/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('confirm-install'));
      await waitFor(() => expect(installs).toEqual([{ sn: SN, versionId: 41, timing: 'updateOnly' }]));
      expect(await screen.findByText('MEG5000 firmware 2.3.5 was sent to the device.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a refusal in Chinese with its code (an update running, 190611) and keeps the dialog',
    async () => {
      await changeLanguage('cn');
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'devices.apply', 'firmware.view']) },
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
        [listPackagesCall.path]: { data: { list: [pkg({})], total: 1 } },
        [installPackageCall.path]: refused(190611, null, '设备正在更新，请稍后再试'),
      });
      render(<FirmwareTab device={device} />);
      await userEvent.click(await screen.findByTestId('install-41'));
      expect(await screen.findByText(`在${SN}上安装MEG5000 firmware 2.3.5？`)).toBeTruthy();
      expect(screen.getByText('仅更新')).toBeTruthy();
      await userEvent.click(screen.getByTestId('confirm-install'));
      expect(await screen.findByText(/设备正在更新，请稍后再试/)).toBeTruthy();
      expect(screen.getByTestId('confirm-install')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says when the App Centre offers nothing for the model',
    async () => {
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['devices.view']) },
        [getDeviceUpdateHistoryCall.path]: { data: { list: [], total: 0 } },
        [listPackagesCall.path]: { data: { list: [], total: 0 } },
      });
      render(<FirmwareTab device={device} />);
      expect(await screen.findByText('The App Centre offers no package for this model.')).toBeTruthy();
    },
    SLOW,
  );
});
