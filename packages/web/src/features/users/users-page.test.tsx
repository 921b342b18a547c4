import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const PAGE = '/operation/userManager/user';
const ADMIN_CODES = ['users.view', 'users.create', 'users.edit', 'users.remove'];

const row = (userId: number, userName: string, extra: Record<string, unknown> = {}) => ({
  userId,
  userName,
  loginAccount: `${userName.toLowerCase()}@example.com`,
  roleId: 2,
  roleName: 'Operator',
  roleType: 1,
  status: 1,
  isDelete: 1,
  passwordExpiryDays: null,
  passwordExpiresAt: null,
  createdAt: Date.UTC(2026, 0, 2),
  ...extra,
});

function serve(codes: string[], extra: RouteAnswers = {}) {
  return routeServer({
    ...shellAnswers(codes),
    '/pl/page/getPageColumnByName': (body) => ({
      data: { pageName: (body as { pageName: string }).pageName, columns: null },
    }),
    '/pl/user/getInvitationList': { data: { list: [], total: 0 } },
    '/pl/user/getUserList': {
      data: {
        list: [row(3, 'Ada', { isDelete: 0, roleType: 2, roleName: 'Owner' }), row(9, 'Bob')],
        total: 2,
      },
    },
    ...extra,
  });
}

const pathsCalled = (fetchMock: ReturnType<typeof routeServer>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

signedInEachTest();

describe('users page', () => {
  it(
    'lists the users and deletes one only after the confirmation',
    async () => {
      const deleted: unknown[] = [];
      serve(ADMIN_CODES, {
        '/pl/user/deleteUser': (body) => {
          deleted.push(body);
          return { data: null };
        },
      });
      renderConsole(PAGE);
      // The file's first render loads the page's modules: slow on a loaded machine.
      const table = await screen.findByTestId('users-table', {}, { timeout: 20_000 });
      const bobRow = (await within(table).findByText('Bob')).closest('tr')!;
      const adaRow = within(table).getByText('Ada').closest('tr')!;
      // The company's default user and oneself cannot be deleted.
      expect(within(adaRow).getByTestId('user-delete').hasAttribute('disabled')).toBe(true);
      expect(screen.getByTestId('users-invite')).toBeTruthy();

      await userEvent.click(within(bobRow).getByTestId('user-delete'));
      expect((await screen.findAllByText('Delete this user?')).length).toBeGreaterThan(0);
      expect(deleted).toEqual([]);
      await userEvent.click(screen.getByTestId('confirm-ok'));
      await waitFor(() => expect(deleted).toEqual([{ userId: 9 }]));
      expect(await screen.findByText('The user is deleted.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a viewer no invite, create, edit or delete buttons',
    async () => {
      serve(['users.view']);
      renderConsole(PAGE);
      const table = await screen.findByTestId('users-table', {}, { timeout: 10_000 });
      await within(table).findByText('Bob');
      expect(screen.queryByTestId('users-invite')).toBeNull();
      expect(screen.queryByTestId('users-create')).toBeNull();
      expect(within(table).queryByTestId('user-delete')).toBeNull();
      expect(within(table).queryByTestId('user-edit')).toBeNull();
    },
    SLOW,
  );

  it(
    'refuses the page to a role without users.view and never asks for the list, in Chinese',
    async () => {
      await changeLanguage('cn');
      const fetchMock = serve(['devices.view']);
      renderConsole(PAGE);
      expect(await screen.findByText('无权访问', {}, { timeout: 10_000 })).toBeTruthy();
      expect(pathsCalled(fetchMock)).not.toContain('/api/pl/user/getUserList');
    },
    SLOW,
  );

  it(
    'searches by keyword and hides a column through the saved preference',
    async () => {
      const searches: unknown[] = [];
      const saved: unknown[] = [];
      serve(ADMIN_CODES, {
        '/pl/user/getUserList': (body) => {
          searches.push(body);
          return { data: { list: [row(9, 'Bob')], total: 1 } };
        },
        '/pl/page/updatePageColumns': (body) => {
          saved.push(body);
          return { data: null };
        },
      });
      renderConsole(PAGE);
      const search = await screen.findByTestId('users-search', {}, { timeout: 10_000 });
      await userEvent.type(
        search.tagName === 'INPUT' ? search : search.querySelector('input')!,
        'bob{Enter}',
      );
      await waitFor(() => expect(searches.at(-1)).toMatchObject({ keyword: 'bob', pageNum: 1 }));

      expect(screen.getAllByText('Login account').length).toBeGreaterThan(0);
      await userEvent.click(screen.getByTestId('column-settings'));
      await userEvent.click(await screen.findByTestId('column-loginAccount'));
      await waitFor(() =>
        expect(saved).toEqual([
          {
            pageName: 'operation/userManager/user',
            columns: ['userName', 'roleName', 'status', 'passwordExpiresAt', 'createdAt'],
          },
        ]),
      );
      const table = screen.getByTestId('users-table');
      await waitFor(() => expect(within(table).queryByText('Login account')).toBeNull());
    },
    SLOW,
  );
});
