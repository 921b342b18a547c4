import type { VisitApp } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stopLive } from '../../api/live.ts';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { FakeSocket, stubLiveSocket } from '../devices/device-test-fixtures.ts';

const SLOW = 60_000;

function menuEntry(code: string, path: string, funCode: string) {
  return {
    menuName: code,
    menuId: code,
    menuCode: `robustlink.${code}`,
    menuDesc: '',
    foldIcon: '',
    menuNameLanguageKey: `menu.robustlink.${code}`,
    loadRes: path,
    funList: [{ funCode }],
    children: [],
  };
}

/** The Device console's menus of a user who sees the alert centre. */
const menus: VisitApp[] = [
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
          menuEntry('activity', '/robustlink/activity', 'activity.view'),
          menuEntry('alertCenter', '/robustlink/alertCenter', 'alerts.view'),
        ],
      },
    ],
  },
];

/** The server with `unread` unread firing alerts. */
function serve() {
  const state = { unread: 5 };
  routeServer({
    '/pl/user/getVisitMenus': { data: menus },
    '/pl/sso/queryUserInfo': { data: signedInUser(2) },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
    '/link/alert/unreadCount': () => ({ data: { total: state.unread } }),
  });
  return state;
}

/** The badge's title beside the Alert centre entry of the left menu. */
async function badgeTitle(): Promise<string | null> {
  const menu = await screen.findByTestId('left-menu', {}, { timeout: 10_000 });
  const entry = within(menu)
    .getAllByTestId('menu-item')
    .find((item) => item.dataset.path === '/robustlink/alertCenter');
  const badge = entry?.parentElement?.querySelector('[data-testid="menu-unread-alerts-badge"] [title]');
  return badge?.getAttribute('title') ?? null;
}

signedInEachTest(stubLiveSocket);
afterEach(() => stopLive());

describe('unread badge on the Alert centre menu entry', () => {
  it(
    'shows the unread firing alerts and follows alert changes live, without a reload',
    async () => {
      const server = serve();
      renderConsole('/robustlink/activity');
      await waitFor(async () => expect(await badgeTitle()).toBe('5 unread firing alerts'), {
        timeout: 20_000,
      });
      server.unread = 7;
      await waitFor(() => expect(FakeSocket.sockets.length).toBeGreaterThan(0));
      FakeSocket.last().emit({ type: 'alerts.changed', count: 2 });
      await waitFor(async () => expect(await badgeTitle()).toBe('7 unread firing alerts'), {
        timeout: 10_000,
      });
    },
    SLOW,
  );

  it(
    'says it in Chinese, and shows nothing once every alert is read',
    async () => {
      await changeLanguage('cn');
      const server = serve();
      renderConsole('/robustlink/activity');
      await waitFor(async () => expect(await badgeTitle()).toBe('5 条未读告警'), { timeout: 20_000 });
      server.unread = 0;
      await waitFor(() => expect(FakeSocket.sockets.length).toBeGreaterThan(0));
      FakeSocket.last().emit({ type: 'alerts.changed', count: 5 });
      await waitFor(async () => expect(await badgeTitle()).toBeNull(), { timeout: 10_000 });
    },
    SLOW,
  );

  it(
    'opens one live notice per grouped alert message',
    async () => {
      serve();
      renderConsole('/robustlink/activity');
      await waitFor(async () => expect(await badgeTitle()).toBe('5 unread firing alerts'), {
        timeout: 20_000,
      });
      await waitFor(() => expect(FakeSocket.sockets.length).toBeGreaterThan(0));
      FakeSocket.last().emit({
        type: 'events.new',
        cursor: 9,
        messages: [
          { cursor: 9, type: 'alert.firing', ruleName: 'Offline > 2 min', level: 'major', devices: 20 },
        ],
      });
      expect(
        await screen.findByText('Offline > 2 min: 20 device(s) alerting', {}, { timeout: 10_000 }),
      ).toBeTruthy();
    },
    SLOW,
  );
});
