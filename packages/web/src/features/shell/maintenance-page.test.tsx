import type { MaintenanceNotice } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { rememberUser } from '../auth/session-store.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const HOUR = 3_600_000;

const notice = (extra: Partial<MaintenanceNotice> = {}): MaintenanceNotice => ({
  id: 3,
  messageEn: 'Upgrade to 2.5',
  messageCn: '升级至2.5',
  startTime: Date.now() - HOUR,
  endTime: Date.now() + HOUR,
  whitelist: [7, 9],
  lock: true,
  ...extra,
});

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('maintenance notices (Super Admin)', () => {
  it(
    'lists the notices with their state and lock, announces one that locks, and removes one after a confirmation',
    async () => {
      const saved: unknown[] = [];
      const removed: unknown[] = [];
      routeServer({
        ...shellAnswers([], { ...signedInUser(2), userName: 'Super Admin' }),
        '/pl/maintenance/list': { data: { list: [notice()], total: 1 } },
        '/pl/appCentre/searchCompanies': { data: [{ companyId: 7, name: 'Acme' }] },
        '/pl/maintenance/saveMaintenance': (body) => {
          saved.push(body);
          return { data: null };
        },
        '/pl/maintenance/remove': (body) => {
          removed.push(body);
          return { data: null };
        },
      });
      rememberUser({ userId: 1, userName: 'Super Admin' });
      await changeLanguage('cn');
      renderConsole('/superAdmin/maintenance');
      const page = await screen.findByTestId('maintenance-page', {}, { timeout: 30_000 });
      await within(page).findByText('升级至2.5', {}, { timeout: 30_000 });
      expect(within(page).getByText('进行中')).toBeTruthy();
      expect(within(page).getByText('锁定', { selector: '.ant-tag' })).toBeTruthy();
      expect(within(page).getByText('2 家公司')).toBeTruthy();

      await userEvent.click(within(page).getByTestId('maintenance-add'));
      fireEvent.change(await screen.findByTestId('maintenance-message-en', {}, { timeout: 30_000 }), {
        target: { value: 'Database upgrade' },
      });
      fireEvent.change(screen.getByTestId('maintenance-message-cn'), { target: { value: '数据库升级' } });
      await userEvent.click(screen.getByTestId('maintenance-lock'));
      await userEvent.click(screen.getByTestId('maintenance-save'));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toMatchObject({
        messageEn: 'Database upgrade',
        messageCn: '数据库升级',
        lock: true,
        whitelist: [],
      });
      const { startTime, endTime } = saved[0] as { startTime: number; endTime: number };
      expect(endTime - startTime).toBe(2 * HOUR);

      await userEvent.click(within(page).getByTestId('maintenance-remove-3'));
      await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }, { timeout: 30_000 }));
      await waitFor(() => expect(removed).toEqual([{ id: 3 }]));
    },
    SLOW,
  );
});
