import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import {
  type RouteAnswers,
  renderConsole,
  routeServer,
  SHELL_ONLY_ROUTES,
} from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 60_000;

const user = (initialPwd: number) => ({
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
  initialPwd,
});

function serve(extra: RouteAnswers) {
  return routeServer({
    '/pl/user/getVisitMenus': { data: [] },
    '/pl/sso/queryUserInfo': { data: user(0) },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
    ...extra,
  });
}

signedInEachTest();

describe('shell notices', () => {
  it(
    'asks to reset an initial password once and opens My Account on OK',
    async () => {
      serve({ '/pl/sso/queryUserInfo': { data: user(1) } });
      const { router } = renderConsole('/', SHELL_ONLY_ROUTES);
      const ok = await screen.findByTestId('initial-password-ok');
      expect(screen.getAllByText('Change your initial password').length).toBeGreaterThan(0);
      expect(localStorage.getItem('resetPwdPrompted')).toBe('1');
      await userEvent.click(ok);
      await waitFor(() => expect(router.state.location.pathname).toBe('/myAccount'));
      expect(await screen.findByTestId('my-account')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the instructions one second after the shell when the status is 0, and records them seen',
    async () => {
      const seen: unknown[] = [];
      serve({
        '/pl/user/getInstructionStatus': { data: { status: '0' } },
        '/pl/user/updateInstructionStatus': (body) => {
          seen.push(body);
          return { data: null };
        },
      });
      renderConsole('/', SHELL_ONLY_ROUTES);
      await screen.findByTestId('no-menus', {});
      expect(screen.queryByTestId('instructions-dialog')).toBeNull();
      await userEvent.click(await screen.findByTestId('instructions-ok'));
      await waitFor(() => expect(seen).toEqual([{ status: '1' }]));
    },
    SLOW,
  );

  it(
    'shows the unread notes when the status is 1, and the maintenance notice in Chinese',
    async () => {
      await changeLanguage('cn');
      serve({
        '/pl/notification/getShowNotes': {
          data: [{ id: 1, content: '新版本已发布', bizType: 'release', extend: {}, checked: false }],
        },
        '/pl/maintenance/getLatestMaintenance': {
          data: { messageEn: 'Upgrade tonight', messageCn: '今晚升级', startTime: 1, endTime: 2 },
        },
      });
      renderConsole('/', SHELL_ONLY_ROUTES);
      expect(await screen.findByText('今晚升级', {})).toBeTruthy();
      expect(screen.queryByText('Upgrade tonight')).toBeNull();
      expect((await screen.findByTestId('notes-dialog')).textContent).toContain('新版本已发布');
    },
    SLOW,
  );
});
