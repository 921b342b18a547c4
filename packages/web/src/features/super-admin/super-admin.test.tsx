import { ErrorCode, type PlatformCompany, type PlatformHealth } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { rememberUser } from '../auth/session-store.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const WAIT = { timeout: 30_000 };

const company = (extra: Partial<PlatformCompany> = {}): PlatformCompany => ({
  companyId: 11,
  name: 'Acme Logistics',
  type: 0,
  disabled: false,
  createdAt: Date.UTC(2026, 10, 1, 8),
  userCount: 3,
  ownerAccount: 'owner@acme.test',
  ...extra,
});

const SUPER_ADMIN = { ...signedInUser(2), userName: 'Super Admin' };

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('the Super Admin console', () => {
  it(
    'lists every company in Chinese, filters by type, and disables one after a confirmation',
    async () => {
      await changeLanguage('cn');
      const asked: unknown[] = [];
      const toggled: unknown[] = [];
      routeServer({
        ...shellAnswers([], SUPER_ADMIN),
        '/pl/superAdmin/company/list': (body) => {
          asked.push(body);
          return {
            data: {
              list: [
                company(),
                company({ companyId: 12, name: 'Delta', type: 1, ownerAccount: null, disabled: true }),
              ],
              total: 2,
            },
          };
        },
        '/pl/superAdmin/company/setDisabled': (body) => {
          toggled.push(body);
          return { data: null };
        },
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      renderConsole('/superAdmin/companies');
      const page = await screen.findByTestId('platform-companies', {}, WAIT);
      await within(page).findByText('Acme Logistics', {}, WAIT);
      expect(within(page).getByText('终端客户')).toBeTruthy();
      expect(within(page).getByText('分销商')).toBeTruthy();
      expect(within(page).getByText('已发送邀请')).toBeTruthy();
      expect(within(page).getByText('已禁用')).toBeTruthy();

      await userEvent.type(within(page).getByPlaceholderText('按名称搜索'), 'acme{Enter}');
      await waitFor(() => expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 10, keyword: 'acme' }));

      await userEvent.click(within(page).getByTestId('company-disable-11'));
      await screen.findByText('禁用Acme Logistics？', {}, WAIT);
      expect(toggled).toEqual([]);
      await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, WAIT));
      await waitFor(() => expect(toggled).toEqual([{ companyId: 11, disabled: true }]));
      await screen.findByText('Acme Logistics已禁用。', {}, WAIT);

      await userEvent.click(within(page).getByTestId('company-enable-12'));
      await waitFor(() => expect(toggled.at(-1)).toEqual({ companyId: 12, disabled: false }));
    },
    SLOW,
  );

  it(
    'grants a company the installer console trial, and says so in place when it was used (190327, silent)',
    async () => {
      const granted: unknown[] = [];
      routeServer({
        ...shellAnswers([], SUPER_ADMIN),
        '/pl/superAdmin/company/list': {
          data: { list: [company(), company({ companyId: 12, name: 'Delta' })], total: 2 },
        },
        '/pl/superAdmin/installerConsole/grantTrial': (body) => {
          granted.push(body);
          return (body as { companyId: number }).companyId === 11
            ? { data: { trialStartedAt: Date.UTC(2026, 10, 1), trialEndsAt: Date.UTC(2027, 0, 1) } }
            : refused(ErrorCode.INSTALLER_TRIAL_USED);
        },
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      renderConsole('/superAdmin/companies');
      const page = await screen.findByTestId('platform-companies', {}, WAIT);
      await within(page).findByText('Acme Logistics', {}, WAIT);
      await userEvent.click(within(page).getByTestId('company-trial-11'));
      await userEvent.click(await screen.findByRole('button', { name: /OK/ }, WAIT));
      await screen.findByText(
        /Acme Logistics has the installer console free trial until 2027-01-01/,
        {},
        WAIT,
      );
      await userEvent.click(within(page).getByTestId('company-trial-12'));
      const confirms = await screen.findAllByRole('button', { name: /OK/ }, WAIT);
      await userEvent.click(confirms.at(-1)!);
      await screen.findByText('Delta has already used its installer console free trial.', {}, WAIT);
      expect(granted).toEqual([{ companyId: 11 }, { companyId: 12 }]);
    },
    SLOW,
  );

  it(
    "creates a distributor: the e-mail's rule shows before anything is sent",
    async () => {
      const created: unknown[] = [];
      routeServer({
        ...shellAnswers([], SUPER_ADMIN),
        '/pl/superAdmin/company/list': { data: { list: [], total: 0 } },
        '/pl/superAdmin/company/createDistributor': (body) => {
          created.push(body);
          return { data: { companyId: 20, invitationId: 4 } };
        },
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      renderConsole('/superAdmin/companies');
      const page = await screen.findByTestId('platform-companies', {}, WAIT);
      await userEvent.click(within(page).getByTestId('distributor-add'));
      const name = await screen.findByTestId('distributor-name', {}, WAIT);
      fireEvent.change(name, { target: { value: 'Delta Distribution' } });
      fireEvent.change(screen.getByTestId('distributor-owner-email'), {
        target: { value: 'not an address' },
      });
      await userEvent.click(screen.getByRole('button', { name: /Save|OK/ }));
      await screen.findByText('Please enter a valid e-mail address', {}, WAIT);
      expect(created).toEqual([]);
      fireEvent.change(screen.getByTestId('distributor-owner-email'), {
        target: { value: 'dora@delta.test' },
      });
      await userEvent.click(screen.getByRole('button', { name: /Save|OK/ }));
      await waitFor(() =>
        expect(created).toEqual([{ name: 'Delta Distribution', ownerEmail: 'dora@delta.test' }]),
      );
      await screen.findByText('The distributor was created and its owner invited.', {}, WAIT);
    },
    SLOW,
  );

  it(
    'shows the platform health, and sets a retirement date',
    async () => {
      const health: PlatformHealth = {
        checkedAt: Date.UTC(2026, 10, 29, 4),
        nodes: [{ nodeId: 'node-a', startedAt: 0, seenAt: Date.UTC(2026, 10, 29, 4), self: true }],
        database: { reachable: true, latencyMs: 1.5 },
        broker: { reachable: false },
        devicesOnline: 42,
        jobs: { queued: 7, running: 1, failed: 2 },
        responses: { total: 300, serverErrors: 3, windowMinutes: 15 },
      };
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers([], SUPER_ADMIN),
        '/pl/superAdmin/health': { data: health },
        '/pl/superAdmin/retirement/list': { data: [] },
        '/pl/superAdmin/retirement/save': (body) => {
          saved.push(body);
          return { data: body as never };
        },
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      const { router } = renderConsole('/superAdmin/health');
      const page = await screen.findByTestId('platform-health', {}, WAIT);
      await within(page).findByText('node-a', {}, WAIT);
      expect(within(page).getByText('This node')).toBeTruthy();
      expect(within(page).getByTestId('health-database').textContent).toBe('Reachable');
      expect(within(page).getByTestId('health-broker').textContent).toBe('Unreachable');
      expect(within(page).getByText('42')).toBeTruthy();
      expect(within(page).getByTestId('health-errors').textContent).toBe('3 of 300 answers');

      await router.navigate('/superAdmin/retirements');
      const retirements = await screen.findByTestId('feature-retirements', {}, WAIT);
      await within(retirements).findByText('No feature is being retired', {}, WAIT);
      await userEvent.click(within(retirements).getByTestId('retirement-add'));
      await screen.findByTestId('retirement-feature', {}, WAIT);
      await userEvent.click(screen.getByRole('button', { name: /Save|OK/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({ feature: 'remoteCli', retireAt: expect.any(Number) });
    },
    SLOW,
  );

  it(
    "warns a company's user in Chinese of a feature being retired",
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(['devices.view']),
        '/pl/retirement/upcoming': { data: [{ feature: 'remoteCli', retireAt: Date.UTC(2026, 11, 31, 0) }] },
      });
      renderConsole('/');
      const banner = await screen.findByTestId('retirement-banner-remoteCli', {}, WAIT);
      expect(banner.textContent).toContain('远程命令行将于');
      expect(banner.textContent).toContain('停用');
    },
    SLOW,
  );
});
