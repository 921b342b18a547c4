import {
  ErrorCode,
  type InstallerLicenceAnswer,
  type InstallerLicenceStatus,
  newInstallerSalt,
  sealInstallerState,
} from '@fleetport/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const WAIT = { timeout: 30_000 };
const DAY = 86_400_000;
const FUN_CODES = ['installerDashboard.view', 'installerSettings.view', 'installerSettings.edit'];

async function answer(
  using: boolean,
  over: Partial<InstallerLicenceAnswer> = {},
): Promise<InstallerLicenceAnswer> {
  const salt = newInstallerSalt();
  return {
    state: await sealInstallerState(using ? 'USING' : 'EXPIRED', salt),
    salt,
    consoleState: using ? 'active' : 'expired',
    endsAt: using ? Date.now() + 20 * DAY : null,
    ...over,
  };
}

const DASHBOARD = {
  devices: 12,
  online: 9,
  dataUsedBytes: 3 * 1024 ** 3,
  averageUptimeSeconds: 2 * 86_400 + 3 * 3600,
};

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('the installer console licence', () => {
  it(
    'freezes the dashboard under the "apply a licence" overlay and asks nothing else of the server',
    async () => {
      const asked: string[] = [];
      const expired = await answer(false);
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/pl/installerConsoleLicense/verifyHasLegalLicense': { data: expired },
        '/ic/dashboard/getSummary': () => {
          asked.push('dashboard');
          return refused(ErrorCode.INSTALLER_LICENCE_EXPIRED);
        },
      });
      renderConsole('/installerconsole/dashboard');
      const frozen = await screen.findByTestId('installer-frozen', {}, WAIT);
      expect(within(frozen).getByText('The installer console is frozen')).toBeTruthy();
      expect(within(frozen).getByTestId('installer-frozen-apply').textContent).toBe('Apply a licence');
      expect(asked).toEqual([]);
    },
    SLOW,
  );

  it(
    'stays frozen when the state does not open to its salt (an answer edited in the browser)',
    async () => {
      const genuine = await answer(true);
      const forged = { ...genuine, salt: newInstallerSalt(), consoleState: 'active' as const };
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/pl/installerConsoleLicense/verifyHasLegalLicense': { data: forged },
        '/ic/dashboard/getSummary': { data: DASHBOARD },
      });
      renderConsole('/installerconsole/dashboard');
      await screen.findByTestId('installer-frozen', {}, WAIT);
      expect(screen.queryByTestId('installer-devices')).toBeNull();
    },
    SLOW,
  );

  it(
    "shows the trial's days left (190326) and the dashboard's figures",
    async () => {
      const trial = await answer(true, {
        consoleState: 'freeTrial',
        endsAt: Date.now() + 12 * DAY + 3600_000,
      });
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/pl/installerConsoleLicense/verifyHasLegalLicense': refused(ErrorCode.INSTALLER_TRIAL, trial),
        '/ic/dashboard/getSummary': { data: DASHBOARD },
      });
      renderConsole('/installerconsole/dashboard');
      const banner = await screen.findByTestId('installer-trial-banner', {}, WAIT);
      expect(banner.textContent).toContain('Free trial: 12 days left');
      expect((await screen.findByTestId('installer-devices', {}, WAIT)).textContent).toBe('12');
      expect(screen.getByTestId('installer-online').textContent).toBe('9');
      expect(screen.getByTestId('installer-data').textContent).toBe('3.00 GB');
      expect(screen.getByTestId('installer-uptime').textContent).toBe('2 d 3 h');
      expect(screen.getByTestId('installer-licence-state').textContent).toBe('Free trial');
    },
    SLOW,
  );

  it(
    'applies licences from the settings page, in Chinese, with one key per confirmed apply',
    async () => {
      await changeLanguage('cn');
      const sent: unknown[] = [];
      let status: InstallerLicenceStatus = {
        consoleState: 'expired',
        trialStartedAt: Date.UTC(2026, 0, 1),
        trialEndsAt: Date.UTC(2026, 2, 1),
        paidUntil: null,
        endsAt: null,
        devices: 7200,
        licencesPerPeriod: 2,
        licencesAvailable: 5,
      };
      routeServer({
        ...shellAnswers(FUN_CODES),
        '/pl/installerConsoleLicense/getStatus': () => ({ data: status }),
        '/pl/installerConsoleLicense/apply': (body) => {
          sent.push(body);
          const paidUntil = Date.UTC(2026, 4, 1);
          status = { ...status, consoleState: 'active', paidUntil, endsAt: paidUntil, licencesAvailable: 1 };
          return { data: { transactionNo: 'T1', licencesUsed: 4, daysAdded: 60, paidUntil } };
        },
      });
      renderConsole('/installerconsole/settings');
      expect((await screen.findByTestId('installer-settings-state', {}, WAIT)).textContent).toBe('已过期');
      expect(screen.getByText('每30天所需许可证')).toBeTruthy();
      const input = screen.getByTestId('installer-apply-licences');
      await userEvent.clear(input);
      await userEvent.type(input, '5');
      await userEvent.click(screen.getByTestId('installer-apply'));
      await screen.findByText('从资源池中取出 4 个许可证，将安装员控制台延长 60 天？', {}, WAIT);
      await userEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
      await screen.findByText(/已应用 4 个许可证/, {}, WAIT);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ licences: 5 });
      expect(String((sent[0] as { idempotencyKey: string }).idempotencyKey)).toMatch(/^[\w-]{8,64}$/);
      expect((await screen.findByTestId('installer-available', {}, WAIT)).textContent).toBe('1');
      await within(screen.getByTestId('installer-settings-state')).findByText('已激活', {}, WAIT);
    },
    SLOW,
  );
});
