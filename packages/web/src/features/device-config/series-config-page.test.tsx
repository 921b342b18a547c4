import {
  getChangeSetsCall,
  getConfigSectionsCall,
  getDeviceCall,
  getDeviceConfigJsonCall,
  SERIES,
} from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, stubLiveSocket } from '../devices/device-test-fixtures.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const SN = 'FP0000000000031';

signedInEachTest();
beforeEach(() => stubLiveSocket());
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function serve(device: ReturnType<typeof deviceRow> | null) {
  routeServer({
    ...shellAnswers(['devices.view', 'devices.apply']),
    [getDeviceCall.path]: device ? { data: device } : { code: 17, msg: 'The device does not exist' },
    [getDeviceConfigJsonCall.path]: {
      data: { sn: SN, devcfg: { ...SERIES.find((s) => s.id === 'r3000')?.capabilities } },
    },
    [getConfigSectionsCall.path]: {
      data: {
        sn: SN,
        lastUpdatedTime: Date.UTC(2026, 10, 1, 7),
        sections: [
          {
            id: 'interface/lan',
            group: 'interface',
            key: 'lan',
            editable: true,
            value: {
              ipaddr: '192.168.0.1',
              netmask: '255.255.255.0',
              dhcp: { enabled: true, start: '192.168.0.100', limit: 150, lease: '12h' },
            },
            reason: null,
          },
        ],
        pending: null,
        drift: null,
        target: [],
      },
    },
    [getChangeSetsCall.path]: { data: { list: [], total: 0 } },
  });
}

describe('a router’s configuration on its series’ page', () => {
  it(
    'shows the router and its configuration menu at /robustlink/<series>/<sn>, in both languages',
    async () => {
      serve(deviceRow(SN, { name: 'Quay 7', series: 'R3000', model: 'R3000-Q', online: true }));
      renderConsole(`/robustlink/r3000/${SN}`);
      const page = await screen.findByTestId('series-config-page', {}, { timeout: SLOW });
      expect(within(page).getByText('Quay 7')).toBeTruthy();
      expect(within(page).getByText(`${SN} · R3000-Q`)).toBeTruthy();
      const menu = await within(page).findByTestId('config-menu', {}, { timeout: SLOW });
      expect(within(menu).getByText('LAN')).toBeTruthy();
      expect(within(page).getByTestId('series-config-details').getAttribute('href')).toBe(
        `/robustlink/device/deviceDetails/${SN}`,
      );
      await changeLanguage('cn');
      await waitFor(() =>
        expect(within(page).getByTestId('series-config-details').textContent).toBe('设备详情'),
      );
    },
    SLOW,
  );

  it(
    'moves a link made for another series to the router’s own, and says so when there is no such router',
    async () => {
      serve(deviceRow(SN, { series: 'R3000' }));
      const { router } = renderConsole(`/robustlink/r1500/${SN}`);
      await screen.findByTestId('series-config-page', {}, { timeout: SLOW });
      expect(router.state.location.pathname).toBe(`/robustlink/r3000/${SN}`);

      serve(null);
      renderConsole(`/robustlink/r3000/${SN}`);
      await screen.findByText(`No device ${SN} in your company.`, {}, { timeout: SLOW });
    },
    SLOW,
  );
});
