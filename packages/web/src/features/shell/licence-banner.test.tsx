import type { InsufficientLicence } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, SHELL_ONLY_ROUTES, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 60_000;
const ALERTS_PATH = '/gm/license/getDeviceLicenseBalanceInsufficientAlertList';

const SHORT: InsufficientLicence[] = [
  { product: 'ESSENTIAL', available: 2, expiringDevices: 4, needed: 6, autoRenewDevices: 2, shortfall: 4 },
];

function serve(alerts: InsufficientLicence[], funCodes = ['devices.view', 'licenses.view']) {
  return routeServer({ ...shellAnswers(funCodes), [ALERTS_PATH]: { data: alerts } });
}

signedInEachTest();

describe('the licence banner (core §4 licence insufficiency flag)', () => {
  it(
    'shows what is short over the device console, opens the licences page, and stays hidden once dismissed',
    async () => {
      serve(SHORT);
      const { router } = renderConsole('/robustlink/dashboard', SHELL_ONLY_ROUTES);
      const banner = await screen.findByTestId('licence-banner', {}, { timeout: 30_000 });
      expect(banner.textContent).toContain('4 more licences (Essential) are needed');
      expect(banner.style.height).toBe('25px');
      await userEvent.click(screen.getByTestId('licence-banner-open'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/operation/licenses'));
      // Still shown in the operation console; dismissed, it stays away for the session.
      await userEvent.click(screen.getByTestId('licence-banner-dismiss'));
      expect(screen.queryByTestId('licence-banner')).toBeNull();
      expect(sessionStorage.getItem('fleetport.licenceBanner.dismissed')).toBe('1');
      sessionStorage.clear();
    },
    SLOW,
  );

  it(
    'says it in Chinese',
    async () => {
      await changeLanguage('cn');
      serve(SHORT);
      renderConsole('/vpn/dashboard', SHELL_ONLY_ROUTES);
      const banner = await screen.findByTestId('licence-banner', {}, { timeout: 30_000 });
      expect(banner.textContent).toContain('许可证不足：还需 4 个许可证（标准版）');
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'shows nothing while every product can renew',
    async () => {
      const fetchMock = serve([]);
      renderConsole('/robustlink/dashboard', SHELL_ONLY_ROUTES);
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([url]) => String(url).includes(ALERTS_PATH))).toBe(true),
      );
      await screen.findByTestId('shell');
      expect(screen.queryByTestId('licence-banner')).toBeNull();
    },
    SLOW,
  );

  it(
    'is not part of consoles the flag does not cover (the installer console)',
    async () => {
      const fetchMock = serve(SHORT);
      renderConsole('/installerconsole/dashboard', SHELL_ONLY_ROUTES);
      await screen.findByTestId('shell', {}, { timeout: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByTestId('licence-banner')).toBeNull();
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes(ALERTS_PATH))).toBe(false);
    },
    SLOW,
  );
});
