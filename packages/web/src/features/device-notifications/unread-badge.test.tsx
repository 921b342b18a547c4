import type { VisitApp } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stopLive } from '../../api/live.ts';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { FakeSocket, stubLiveSocket } from '../devices/device-test-fixtures.ts';

const SLOW = 60_000;

/** The Device console's menus of a user who sees notifications. */
const robustlinkMenus: VisitApp[] = [
  {
    appName: 'robustlink',
    appId: 1,
    mfs: [
      {
        menuName: 'Maintenance',
        menuId: '10',
        menuCode: 'Maintenance',
        menuDesc: '',
        loadRes: '',
        foldIcon: 'tool',
        menuNameLanguageKey: 'menu.Maintenance',
        funList: [],
        children: [
          {
            menuName: 'Activity',
            menuId: '11',
            menuCode: 'robustlink.activity',
            menuDesc: '',
            foldIcon: '',
            menuNameLanguageKey: 'menu.robustlink.activity',
            loadRes: '/robustlink/activity',
            funList: [{ funCode: 'activity.view' }],
            children: [],
          },
          {
            menuName: 'Notifications',
            menuId: '12',
            menuCode: 'robustlink.noti',
            menuDesc: '',
            foldIcon: '',
            menuNameLanguageKey: 'menu.robustlink.noti',
            loadRes: '/robustlink/noti',
            funList: [{ funCode: 'deviceNotifications.view' }, { funCode: 'devices.view' }],
            children: [],
          },
        ],
      },
    ],
  },
];

/** The server with `unread` unread notifications; marking all read clears them. */
function serve() {
  const state = { unread: 3, countCalls: 0 };
  routeServer({
    '/pl/user/getVisitMenus': { data: robustlinkMenus },
    '/pl/sso/queryUserInfo': { data: signedInUser(2) },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
    '/link/notification/getUnreadCount': () => {
      state.countCalls++;
      return {
        data: { total: state.unread, bySeverity: { critical: 0, major: state.unread, minor: 0, notice: 0 } },
      };
    },
    '/link/notification/getNotificationList': { data: { list: [], total: 0 } },
    '/link/notification/markAllRead': () => {
      const marked = state.unread;
      state.unread = 0;
      return { data: { marked } };
    },
  });
  return state;
}

/** The badge beside the Notifications entry of the left menu. */
async function badgeTitle(): Promise<string | null> {
  const menu = await screen.findByTestId('left-menu', {}, { timeout: 10_000 });
  const entry = within(menu)
    .getAllByTestId('menu-item')
    .find((item) => item.dataset.path === '/robustlink/noti');
  const badge = entry?.parentElement?.querySelector('[data-testid="menu-unread-badge"] [title]');
  return badge?.getAttribute('title') ?? null;
}

signedInEachTest(stubLiveSocket);
// After hooks run last-registered first: the live socket stops before the kit removes its stub.
afterEach(() => stopLive());

describe('unread badge on the Notifications menu entry', () => {
  it(
    'shows the unread count, follows new notifications live, and clears once all are marked read',
    async () => {
      const server = serve();
      renderConsole('/robustlink/noti');
      // The file's first render loads the console's modules: slow on a loaded machine.
      await waitFor(async () => expect(await badgeTitle()).toBe('3 unread'), { timeout: 20_000 });
      expect(within(await screen.findByTestId('left-menu')).getByText('3')).toBeTruthy();

      // A notification arrives while the user looks elsewhere: the badge counts it without a reload.
      server.unread = 4;
      await waitFor(() => expect(FakeSocket.sockets.length).toBeGreaterThan(0));
      FakeSocket.last().emit({
        type: 'notifications.new',
        count: 1,
        latestId: 9,
        sn: 'SN0009',
        severities: ['major'],
      });
      await waitFor(async () => expect(await badgeTitle()).toBe('4 unread'), { timeout: 10_000 });

      // A role query walks the whole page's accessibility tree: seconds in jsdom on a loaded machine.
      await userEvent.click(
        await screen.findByRole('button', { name: /Mark all read/ }, { timeout: 15_000 }),
      );
      await waitFor(async () => expect(await badgeTitle()).toBeNull(), { timeout: 10_000 });
    },
    SLOW,
  );

  it(
    'says it in Chinese, and shows no badge when everything is read',
    async () => {
      await changeLanguage('cn');
      const server = serve();
      renderConsole('/robustlink/activity');
      await waitFor(async () => expect(await badgeTitle()).toBe('3 条未读'), { timeout: 10_000 });
      server.unread = 0;
      await waitFor(() => expect(FakeSocket.sockets.length).toBeGreaterThan(0));
      FakeSocket.last().emit({
        type: 'notifications.new',
        count: 0,
        latestId: 9,
        sn: 'SN0009',
        severities: [],
      });
      await waitFor(async () => expect(await badgeTitle()).toBeNull(), { timeout: 10_000 });
      expect(server.countCalls).toBeGreaterThanOrEqual(2);
    },
    SLOW,
  );
});
