import { getGroupAdminsCall, searchGroupAdminCandidatesCall, setGroupAdminCall } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTicket } from '../../api/ticket-store.ts';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { menusHolding } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { GroupAdminsControl } from './group-admins-control.tsx';

const SLOW = 30_000;
const MO = { userId: 11, userName: 'Mo Harbour', loginAccount: 'mo@quay.example' };
const RAE = { userId: 12, userName: 'Rae', loginAccount: 'rae@quay.example' };

function render() {
  return renderConsole('/group', [{ path: '/group', element: <GroupAdminsControl groupId={5} /> }]);
}

beforeEach(() => saveTicket({ ticket: 't1', key: 'k1' }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('group administrators control', () => {
  it(
    'searches the company people, saves the chosen ones and shows them',
    async () => {
      let admins = [RAE];
      const searches: unknown[] = [];
      const changes: unknown[] = [];
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['groups.view', 'groups.edit']) },
        [getGroupAdminsCall.path]: () => ({ data: admins }),
        [searchGroupAdminCandidatesCall.path]: (body) => {
          searches.push(body);
          const keyword = (body as { keyword: string }).keyword;
          return { data: [MO, RAE].filter((p) => p.userName.toLowerCase().includes(keyword)) };
        },
        [setGroupAdminCall.path]: (body) => {
          changes.push(body);
          return { data: { userIds: [MO.userId] } };
        },
      });
      render();
      const control = await screen.findByTestId('group-admins');
      await waitFor(() => expect(within(control).getByText('Rae (rae@quay.example)')).toBeTruthy());
      expect((within(control).getByTestId('group-admins-save') as HTMLButtonElement).disabled).toBe(true);

      const input = within(control).getByRole('combobox');
      fireEvent.mouseDown(input);
      await userEvent.type(input, 'mo');
      await waitFor(() => expect(searches).toContainEqual({ keyword: 'mo' }));
      await userEvent.click(await screen.findByTitle('Mo Harbour (mo@quay.example)'));
      // Rae leaves: her tag's close icon.
      const raeTag = within(control).getByTitle('Rae (rae@quay.example)');
      await userEvent.click(
        within(raeTag.closest('.ant-select-selection-item') as HTMLElement).getByRole('img', {
          hidden: true,
        }),
      );

      admins = [MO];
      await userEvent.click(within(control).getByTestId('group-admins-save'));
      await waitFor(() =>
        expect(changes).toEqual([
          { groupId: 5, userId: MO.userId, admin: true },
          { groupId: 5, userId: RAE.userId, admin: false },
        ]),
      );
      expect(await screen.findByText('The administrators of the group were saved.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the administrators without a choice to those who cannot edit groups, in Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        '/pl/user/getVisitMenus': { data: menusHolding(['groups.view']) },
        [getGroupAdminsCall.path]: { data: [MO] },
      });
      render();
      const control = await screen.findByTestId('group-admins');
      expect(within(control).getByText('管理员')).toBeTruthy();
      expect(await within(control).findByText('Mo Harbour (mo@quay.example)')).toBeTruthy();
      expect(within(control).queryByTestId('group-admins-select')).toBeNull();
      expect(within(control).queryByTestId('group-admins-save')).toBeNull();
    },
    SLOW,
  );

  it('is not shown to those who cannot see groups', async () => {
    const fetchMock = routeServer({ '/pl/user/getVisitMenus': { data: menusHolding(['devices.view']) } });
    render();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/pl/user/getVisitMenus'),
    );
    expect(screen.queryByTestId('group-admins')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(`/api${getGroupAdminsCall.path}`);
  });
});
