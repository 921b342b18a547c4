import { APPS } from '@fleetport/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { renderConsole, routeServer, SHELL_ONLY_ROUTES } from '../../app/console-test-kit.tsx';
import { reloadTabsFromStorage } from './tabs-store.ts';

/** The device console's menus as the server sends them: groups, then pages. */
const robustlink = APPS.find((app) => app.appName === 'robustlink')!;
const visitMenus = [
  {
    appName: robustlink.appName,
    appId: robustlink.appId,
    mfs: robustlink.groups.map((group) => ({
      menuId: group.groupCode,
      menuCode: group.groupCode,
      menuName: group.name.en,
      menuDesc: '',
      loadRes: '',
      foldIcon: group.icon,
      menuNameLanguageKey: `menu.${group.groupCode}`,
      funList: [],
      children: group.menus.map((menu) => ({
        menuId: menu.menuCode,
        menuCode: menu.menuCode,
        menuName: menu.name.en,
        menuDesc: '',
        loadRes: menu.path,
        foldIcon: '',
        menuNameLanguageKey: `menu.${menu.menuCode}`,
        funList: [],
        children: [],
      })),
    })),
  },
];
const pages = robustlink.groups.flatMap((group) => group.menus.map((menu) => menu.path));

// Each test drives the whole lazy console in jsdom; a busy machine needs more than the default.
const SLOW = 60_000;

const WARNING =
  'The max. tab allowed are 10, the first one tab on the left will be closed automatically if open the new tab beyond the max.';

const tabPaths = () => screen.queryAllByTestId('workspace-tab').map((tab) => tab.getAttribute('data-path'));

/** Opens the shell at "/" (the first menu page becomes the first tab), then each page in turn. */
async function openPages(paths: string[]) {
  const view = renderConsole('/', SHELL_ONLY_ROUTES);
  await waitFor(() => expect(tabPaths()).toEqual([pages[0]]));
  for (const path of paths) {
    await act(() => view.router.navigate(path));
    await waitFor(() => expect(tabPaths()).toContain(path));
  }
  return view;
}

beforeEach(() => {
  saveTicket({ ticket: 't1', key: 'k1' });
  localStorage.setItem('userName', 'Ada');
  reloadTabsFromStorage();
  routeServer({
    '/pl/user/getVisitMenus': { data: visitMenus },
    '/pl/sso/queryUserInfo': {
      data: {
        userName: 'Ada',
        userId: 3,
        loginAccount: 'ada@example.com',
        roleType: 2,
        roleName: 'Owner',
        roleId: 1,
        companyId: 7,
        companyName: 'Acme',
        rootGroupId: 70,
        groupType: 0,
        isDelete: 0,
        initialPwd: 0,
      },
    },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tabbed workspace', () => {
  it(
    'opens the first menu page as a tab and renders the menu groups',
    async () => {
      const { router } = renderConsole('/', SHELL_ONLY_ROUTES);
      // The first render loads the lazy shell (the kit allows 10 s for that).
      await waitFor(() => expect(router.state.location.pathname).toBe('/robustlink/dashboard'));
      await waitFor(() => expect(tabPaths()).toEqual(['/robustlink/dashboard']));
      expect(screen.getAllByTestId('menu-group').map((g) => g.textContent)).toEqual(
        robustlink.groups.map((g) => g.name.en),
      );
    },
    SLOW,
  );

  it(
    'closes the leftmost tab with the warning when an 11th is opened, and keeps them in local storage',
    async () => {
      expect(pages.length).toBeGreaterThanOrEqual(11);
      await openPages(pages.slice(1, 11));
      await waitFor(() => expect(tabPaths()).toEqual(pages.slice(1, 11)));
      expect(await screen.findByText(WARNING)).toBeTruthy();
      expect(JSON.parse(localStorage.getItem('tabs')!).tabs).toHaveLength(10);
    },
    SLOW,
  );

  it(
    'selects, closes, closes the others and clears',
    async () => {
      const user = userEvent.setup();
      const { router } = await openPages(pages.slice(1, 4));
      await waitFor(() => expect(tabPaths()).toEqual(pages.slice(0, 4)));

      await user.click(
        screen.getByText(robustlink.groups[0]!.menus[0]!.name.en, {
          selector: '[data-testid="workspace-tab"]',
        }),
      );
      expect(router.state.location.pathname).toBe(pages[0]);

      const second = screen.getAllByRole('tab')[1]!;
      await user.click(within(second.closest('.ant-tabs-tab')!).getByRole('button'));
      await waitFor(() => expect(tabPaths()).toEqual([pages[0], pages[2], pages[3]]));

      await user.click(screen.getByTestId('tabs-actions'));
      await user.click(await screen.findByTestId('tabs-close-others'));
      await waitFor(() => expect(tabPaths()).toEqual([pages[0]]));

      await act(() => router.navigate(pages[5]!));
      await user.click(screen.getByTestId('tabs-actions'));
      await user.click(await screen.findByTestId('tabs-clear'));
      // Clearing leaves the workspace on the first page of the console.
      await waitFor(() => expect(tabPaths()).toEqual([pages[0]]));
    },
    SLOW,
  );

  it(
    'a detail tab lights the list it belongs to',
    async () => {
      await openPages(['/robustlink/device/deviceDetails/SN0001']);
      const selected = document.querySelector('.ant-menu-item-selected [data-testid="menu-item"]');
      expect(selected?.getAttribute('data-path')).toBe('/robustlink/devices/allDevices');
      expect(screen.getByText('Device Details · SN0001')).toBeTruthy();
    },
    SLOW,
  );
});
