import { ErrorCode } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refused, renderConsole, routeServer } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// Each test renders the whole lazy console in jsdom.
const SLOW = 60_000;

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const userInfo = {
  userName: 'Ada',
  userId: 3,
  loginAccount: 'ada@example.com',
  roleType: 1,
  roleName: 'Operator',
  roleId: 1,
  companyId: 7,
  companyName: 'Acme',
  rootGroupId: 70,
  groupType: 0,
  isDelete: 0,
  initialPwd: 0,
};

const session = { ticket: 't1', key: 'k1', expiresAt: Date.now() + 3_600_000 };
const enteringTheCompany = {
  '/pl/sso/queryUserInfo': { data: userInfo },
  '/pl/group/getCompanyListByUserIdAndCompanyName': {
    data: { list: [{ companyId: 7, companyName: 'Acme', defaultAccount: true, companyType: 0 }], total: 1 },
  },
  '/pl/sso/switchCompany': { data: userInfo },
  '/pl/user/getVisitMenus': { data: [] },
};

async function password(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByTestId('login-account'), 'ada@example.com');
  await user.type(screen.getByTestId('login-password'), 'Fleet!port-Secure9');
  await user.click(screen.getByTestId('login-submit'));
}

describe('two-factor sign-in step', () => {
  it(
    'asks for the code after the password, shows a wrong one, and signs in with a recovery code',
    async () => {
      const sent: unknown[] = [];
      routeServer({
        '/pl/sso/login': { data: { challenge: 'c1', challengeExpiresAt: Date.now() + 300_000 } },
        '/pl/sso/loginSecondFactor': (body) => {
          sent.push(body);
          return sent.length === 1 ? refused(ErrorCode.TWO_FACTOR_CODE_WRONG, 2) : { data: session };
        },
        ...enteringTheCompany,
      });
      const user = userEvent.setup();
      const { router } = renderConsole('/login');
      await password(user);
      expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();

      await user.type(screen.getByTestId('two-factor-code'), '12a');
      expect(await screen.findByText('Code has an invalid value')).toBeTruthy();
      await user.clear(screen.getByTestId('two-factor-code'));
      await user.type(screen.getByTestId('two-factor-code'), '123 456');
      await user.click(screen.getByTestId('two-factor-submit'));
      expect((await screen.findByTestId('two-factor-error')).textContent).toBe(
        'Wrong code, 2 attempts left (610022)',
      );

      await user.click(screen.getByTestId('two-factor-switch'));
      await user.type(screen.getByTestId('two-factor-recovery-code'), 'ABCDE-FGHIJ');
      await user.click(screen.getByTestId('two-factor-submit'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(sent).toEqual([
        { challenge: 'c1', code: '123 456' },
        { challenge: 'c1', recoveryCode: 'ABCDE-FGHIJ' },
      ]);
    },
    SLOW,
  );

  it(
    'enrols under the company policy in Chinese: QR code and key, then the recovery codes once',
    async () => {
      routeServer({
        '/pl/sso/login': {
          data: {
            challenge: 'c2',
            challengeExpiresAt: Date.now() + 300_000,
            enrolment: {
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUri: 'otpauth://totp/x',
              qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
            },
          },
        },
        '/pl/sso/loginSecondFactor': { data: { ...session, recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } },
        ...enteringTheCompany,
      });
      await changeLanguage('cn');
      const user = userEvent.setup();
      const { router } = renderConsole('/login');
      await password(user);
      expect(await screen.findByText('设置两步验证登录')).toBeTruthy();
      expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
      expect(screen.getByAltText('身份验证器应用的二维码')).toBeTruthy();
      expect(screen.queryByTestId('two-factor-switch')).toBeNull();

      await user.type(screen.getByTestId('two-factor-code'), '654321');
      await user.click(screen.getByTestId('two-factor-submit'));
      expect(await screen.findByText('您的恢复码')).toBeTruthy();
      expect(screen.getAllByTestId('recovery-code').map((li) => li.textContent)).toEqual([
        'aaaaa-bbbbb',
        'ccccc-ddddd',
      ]);
      expect(router.state.location.pathname).toBe('/login');
      await user.click(screen.getByTestId('recovery-saved'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
    SLOW,
  );
});
