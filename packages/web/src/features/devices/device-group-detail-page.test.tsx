import { getGroupAdminsCall, listDevicesCall, queryGroupInformationCall } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { menusHolding, signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { reloadTabsFromStorage } from '../shell/tabs-store.ts';
import { deviceRow, stubLiveSocket } from './device-test-fixtures.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const QUAY = { groupId: 4, groupName: 'North quay', parentId: 70, deviceCount: 1, onlineCount: 0 };

function serve() {
  const lists: unknown[] = [];
  routeServer({
    '/pl/user/getVisitMenus': { data: menusHolding(['devices.view', 'groups.view']) },
    '/pl/sso/queryUserInfo': { data: signedInUser(2, 3) },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
    '/pl/page/getPageColumnByName': (body) => ({
      data: { pageName: (body as { pageName: string }).pageName, columns: null },
    }),
    [queryGroupInformationCall.path]: {
      data: {
        deviceRootGroup: { rootGroupId: 70, deviceCount: 3 },
        deviceOtherGroup: [QUAY],
        ungroupedCount: 2,
      },
    },
    [getGroupAdminsCall.path]: { data: [] },
    [listDevicesCall.path]: (body) => {
      lists.push(body);
      return { data: { list: [deviceRow('FP0000000000004')], total: 1, totalCapped: false } };
    },
  });
  return lists;
}

const tabTitle = (path: string) =>
  document.querySelector(`[data-testid="workspace-tab"][data-path="${path}"]`)?.textContent;

beforeEach(() => {
  saveTicket({ ticket: 't1', key: 'k1' });
  localStorage.setItem('userName', 'Ada');
  localStorage.removeItem('tabs');
  reloadTabsFromStorage();
  stubLiveSocket();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('group detail page', () => {
  it(
    "names the group on its tab and titles the list with the group's devices",
    async () => {
      const lists = serve();
      const path = '/robustlink/devices/deviceGroup/4';
      renderConsole(path);
      await screen.findByTestId('device-list-title', {}, { timeout: 60_000 });
      await waitFor(() =>
        expect(screen.getByTestId('device-list-title').textContent).toBe('Devices in North quay'),
      );
      await waitFor(() => expect(tabTitle(path)).toBe('Group Details · North quay'));
      expect(lists[0]).toMatchObject({ groupId: 4 });
      // The name stays with the tab: a reload shows it before the groups are read again.
      expect(JSON.parse(localStorage.getItem('tabs') ?? '{}').tabs).toEqual([{ path, title: 'North quay' }]);
    },
    SLOW,
  );

  it(
    'reads in Chinese, Ungrouped included',
    async () => {
      await changeLanguage('cn');
      serve();
      const path = '/robustlink/devices/deviceGroup/0';
      renderConsole(path);
      await waitFor(() => expect(screen.getByTestId('device-list-title').textContent).toBe('未分组的设备'), {
        timeout: 20_000,
      });
      await waitFor(() => expect(tabTitle(path)).toBe('分组详情 · 未分组'));
    },
    SLOW,
  );
});
