import {
  ErrorCode,
  type InstallerLicenceAnswer,
  type InstallerLicenceStatus,
  newInstallerSalt,
  type SowTemplate,
  sealInstallerState,
} from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
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
      const devices = await screen.findByTestId('installer-devices', {}, WAIT);
      await waitFor(() => expect(devices.textContent).toBe('12'), WAIT);
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

describe('SOW templates', () => {
  it(
    'adds a template, saying in Chinese that a label must be ASCII before anything is sent',
    async () => {
      await changeLanguage('cn');
      const sent: unknown[] = [];
      const saved: SowTemplate[] = [];
      const licence = await answer(true);
      routeServer({
        ...shellAnswers([...FUN_CODES, 'provisioning.view', 'provisioning.create', 'provisioning.edit']),
        '/pl/installerConsoleLicense/verifyHasLegalLicense': { data: licence },
        '/ic/sow/list': () => ({ data: { list: saved, total: saved.length } }),
        '/ic/sow/add': (body) => {
          sent.push(body);
          const row = {
            ...(body as object),
            sowId: 5,
            configFile: null,
            createdAt: 0,
            updatedAt: 0,
          } as SowTemplate;
          saved.push(row);
          return { data: row };
        },
      });
      renderConsole('/installerconsole/provisioning');
      await screen.findByText('还没有SOW模板：模板说明路由器在送往现场之前如何准备。', {}, WAIT);
      await userEvent.click(screen.getAllByTestId('sow-create')[0]!);
      await userEvent.type(await screen.findByTestId('sow-name', {}, WAIT), 'Depot R1510');
      await userEvent.type(screen.getByTestId('sow-model'), 'R1510');
      await userEvent.type(screen.getByTestId('sow-firmware'), '5.2.2');
      await userEvent.click(screen.getByTestId('sow-product-label'));
      await userEvent.type(await screen.findByTestId('sow-product-label-content', {}, WAIT), 'Bay 七');
      await userEvent.click(screen.getByTestId('sow-save'));
      await screen.findByText('标签内容（产品标签内容）只能包含ASCII字符', {}, WAIT);
      expect(sent).toEqual([]);

      const label = screen.getByTestId('sow-product-label-content');
      await userEvent.clear(label);
      await userEvent.type(label, 'Bay 7');
      await userEvent.click(screen.getByTestId('sow-save'));
      await screen.findByText('SOW模板 Depot R1510 已保存。', {}, WAIT);
      expect(sent).toEqual([
        expect.objectContaining({
          name: 'Depot R1510',
          productModel: 'R1510',
          firmwareVersion: '5.2.2',
          customProductLabel: true,
          productLabelContent: 'Bay 7',
          configFileId: null,
        }),
      ]);
      const table = await screen.findByTestId('sow-table', {}, WAIT);
      await within(table).findByText('Depot R1510', {}, WAIT);
      expect(within(table).getByText('未插入')).toBeTruthy();
    },
    SLOW,
  );
});
