import { errorMessage } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 60_000;
const TOKEN = 'a'.repeat(32);
const invitation = (hasAccount: boolean) => ({
  companyName: 'Acme',
  email: 'bob@example.com',
  roleName: 'Operator',
  inviterName: 'Ada',
  state: 'pending',
  hasAccount,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('invitation page', () => {
  it(
    'accepts for a person with an account and leads to sign-in',
    async () => {
      const accepted: unknown[] = [];
      routeServer({
        '/pl/invitation/getInvitation': { data: invitation(true) },
        '/pl/invitation/acceptInvitation': (body) => {
          accepted.push(body);
          return { data: { companyId: 7, accountCreated: false } };
        },
      });
      const { router } = renderConsole(`/emailToLogin?token=${TOKEN}`);
      expect(
        await screen.findByText('Ada invites you to join Acme as Operator.', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.queryByTestId('invitation-password')).toBeNull();
      await userEvent.click(screen.getByTestId('invitation-accept'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(accepted).toEqual([{ token: TOKEN }]);
    },
    SLOW,
  );

  it(
    'asks a newcomer for a name and password, in Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({ '/pl/invitation/getInvitation': { data: invitation(false) } });
      renderConsole(`/emailToLogin?token=${TOKEN}`);
      expect(
        await screen.findByText('Ada 邀请您以“Operator”角色加入 Acme。', {}, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByTestId('invitation-password')).toBeTruthy();
      expect(screen.getByText('您还没有账号：请设置用户名和密码以创建账号。')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'explains an unusable link with the catalogue message',
    async () => {
      routeServer({ '/pl/invitation/getInvitation': { code: 700008 } });
      renderConsole(`/emailToLogin?token=${TOKEN}`);
      expect(await screen.findByText(errorMessage(700008, 'en'), {}, { timeout: 10_000 })).toBeTruthy();
    },
    SLOW,
  );
});
