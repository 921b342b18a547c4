import type { DeviceNotification } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { BELL_LATEST } from './notification-queries.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const note = (id: number, patch: Partial<DeviceNotification> = {}): DeviceNotification => ({
  id,
  sn: `SN000${id}`,
  deviceName: `Router ${id}`,
  bizType: 'deviceOffline',
  severity: 'major',
  content: 'The device went offline.',
  extend: {},
  checked: false,
  at: Date.UTC(2026, 10, 20, 8, id),
  ...patch,
});

function serve(extra: RouteAnswers) {
  return routeServer({
    ...shellAnswers(['devices.view']),
    '/link/notification/getUnreadCount': {
      data: { total: 2, bySeverity: { critical: 1, major: 1, minor: 0, notice: 0 } },
    },
    ...extra,
  });
}

signedInEachTest();

describe('device notifications page', () => {
  it(
    'lists notifications with unread ones highlighted, and marks one or all read',
    async () => {
      const marked: unknown[] = [];
      const markedAll: unknown[] = [];
      serve({
        '/link/notification/getNotificationList': {
          data: {
            list: [
              note(3, { bizType: 'alert', severity: 'critical', content: 'tempHigh: CPU at 95 C' }),
              note(2),
              note(1, { bizType: 'deviceOnline', severity: 'notice', checked: true, content: 'Back.' }),
            ],
            total: 3,
          },
        },
        '/link/notification/markRead': (body) => {
          marked.push(body);
          return { data: { marked: 1 } };
        },
        '/link/notification/markAllRead': (body) => {
          markedAll.push(body);
          return { data: { marked: 2 } };
        },
      });
      renderConsole('/robustlink/noti');
      const table = await screen.findByTestId('noti-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('tempHigh: CPU at 95 C')).toBeTruthy();
      // Kinds and severities read as words in the reader's language.
      expect(within(table).getByText('Alert')).toBeTruthy();
      expect(within(table).getByText('Critical')).toBeTruthy();
      expect(within(table).getByText('Went offline')).toBeTruthy();
      expect(screen.getByTestId('noti-row-3').getAttribute('data-unread')).toBe('true');
      expect(screen.getByTestId('noti-row-1').getAttribute('data-unread')).toBe('false');
      expect(within(screen.getByTestId('noti-row-1')).getByText('Read')).toBeTruthy();
      // The SN opens the device details.
      expect(screen.getByTestId('noti-sn-SN0003').getAttribute('href')).toBe(
        '/robustlink/device/deviceDetails/SN0003',
      );
      expect(within(screen.getByTestId('noti-unread')).getByText('2')).toBeTruthy();

      await userEvent.click(screen.getByTestId('noti-mark-2'));
      await waitFor(() => expect(marked).toEqual([{ ids: [2] }]));
      expect(await screen.findByText('1 marked read.')).toBeTruthy();

      await userEvent.click(screen.getByTestId('noti-mark-all'));
      await waitFor(() => expect(markedAll).toEqual([{ upToId: 3 }]));
      expect(await screen.findByText('All notifications are marked read.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'filters by SN and read state from page one',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      serve({
        '/link/notification/getNotificationList': (body) => {
          // The header bell asks for the newest unread ones too; this test follows the page's calls.
          if ((body as { pageSize?: number }).pageSize !== BELL_LATEST) asked.push(body as never);
          return { data: { list: [note(1)], total: 1 } };
        },
      });
      renderConsole('/robustlink/noti');
      await screen.findByTestId('noti-table', {}, { timeout: 30_000 });
      // The table is drawn (empty) before its first page arrives.
      await waitFor(() => expect(asked[0]).toEqual({ pageNum: 1, pageSize: 20 }));

      fireEvent.change(screen.getByPlaceholderText('Search SN'), { target: { value: 'sn0001' } });
      fireEvent.mouseDown(within(screen.getByTestId('noti-read')).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Unread'));
      await userEvent.click(screen.getByTestId('noti-search'));
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20, sn: 'sn0001', read: 'unread' }),
      );

      // Reset clears the fields and shows the unfiltered first page again (from the cache).
      await userEvent.click(screen.getByTestId('noti-reset'));
      await waitFor(() =>
        expect((screen.getByPlaceholderText('Search SN') as HTMLInputElement).value).toBe(''),
      );
    },
    SLOW,
  );

  it(
    'shows its empty state in Chinese',
    async () => {
      await changeLanguage('cn');
      serve({ '/link/notification/getNotificationList': { data: { list: [], total: 0 } } });
      renderConsole('/robustlink/noti');
      expect(
        await screen.findByText(
          '没有匹配的通知。设备离线、告警和升级结果会显示在这里。',
          {},
          { timeout: 30_000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText('全部标记已读')).toBeTruthy();
    },
    SLOW,
  );
});
