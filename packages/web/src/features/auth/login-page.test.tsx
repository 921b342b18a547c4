import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// Each test renders the whole lazy console in jsdom.
const SLOW = 60_000;

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('login page', () => {
  it(
    'shows the contract rule messages for an empty and a malformed account',
    async () => {
      routeServer({});
      const user = userEvent.setup();
      renderConsole('/login');
      await user.click(await screen.findByTestId('login-submit'));
      expect(await screen.findByText('E-mail or phone number is required field')).toBeTruthy();
      expect(screen.getByText('Password is required field')).toBeTruthy();

      await user.type(screen.getByTestId('login-account'), 'not an account');
      expect(await screen.findByText('Please enter an e-mail address or telephone number')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says the same in Chinese',
    async () => {
      routeServer({});
      await changeLanguage('cn');
      const user = userEvent.setup();
      renderConsole('/login');
      await user.click(await screen.findByTestId('login-submit'));
      expect(await screen.findByText('邮箱或手机号为必填项')).toBeTruthy();
      await user.type(screen.getByTestId('login-account'), 'x@y');
      expect(await screen.findByText('请输入邮箱地址或电话号码')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the wrong-password code and then the captcha the server asks for',
    async () => {
      let attempts = 0;
      routeServer({
        '/pl/sso/login': () => (++attempts === 1 ? { code: 14010 } : { code: 14047 }),
        '/pl/sso/captcha': {
          code: 0,
          data: { captchaId: 'c1', image: 'data:image/svg+xml;base64,PHN2Zy8+' },
        },
      });
      const user = userEvent.setup();
      renderConsole('/login');
      await user.type(await screen.findByTestId('login-account'), 'ada@example.com');
      await user.type(screen.getByTestId('login-password'), 'wrong-Password-1');
      await user.click(screen.getByTestId('login-submit'));
      expect((await screen.findByTestId('login-error')).textContent).toContain(
        'Wrong account or password, 2 attempts left (14010)',
      );
      expect(screen.queryByTestId('captcha-image')).toBeNull();

      await user.click(screen.getByTestId('login-submit'));
      expect(await screen.findByTestId('captcha-image')).toBeTruthy();
      expect(screen.getByTestId('login-error').textContent).toContain('(14047)');
    },
    SLOW,
  );

  it(
    'signs in, remembers the user and enters the only company',
    async () => {
      const sent: unknown[] = [];
      routeServer({
        '/pl/sso/login': (body) => {
          sent.push(body);
          return { data: { ticket: 't1', key: 'k1', expiresAt: Date.now() + 3_600_000 } };
        },
        '/pl/sso/queryUserInfo': { data: userInfo },
        '/pl/group/getCompanyListByUserIdAndCompanyName': {
          data: {
            list: [{ companyId: 7, companyName: 'Acme', defaultAccount: true, companyType: 0 }],
            total: 1,
          },
        },
        '/pl/sso/switchCompany': { data: userInfo },
        '/pl/user/getVisitMenus': { data: [] },
      });
      const user = userEvent.setup();
      const { router } = renderConsole('/login');
      await user.type(await screen.findByTestId('login-account'), 'ada@example.com');
      await user.type(screen.getByTestId('login-password'), 'Fleet!port-Secure9');
      await user.click(screen.getByTestId('login-submit'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(sent).toEqual([{ account: 'ada@example.com', password: 'Fleet!port-Secure9' }]);
      expect(localStorage.getItem('userName')).toBe('Ada');
      expect(localStorage.getItem('onlyOneCompany')).toBe('1');
      expect(await screen.findByTestId('no-menus')).toBeTruthy();
    },
    SLOW,
  );
});

const userInfo = {
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
};
