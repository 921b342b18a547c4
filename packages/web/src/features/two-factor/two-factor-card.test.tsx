import { ErrorCode, type TwoFactorStatus } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, SHELL_ONLY_ROUTES } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';

// My Account renders inside the shell; on a busy machine the first render takes seconds.
const SLOW = 60_000;
const FIND = { timeout: 30_000 };

signedInEachTest();

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/** The server's side of the card: a status that the confirm and remove calls change, and what each call got. */
function serveTwoFactor(start: TwoFactorStatus) {
  let status = start;
  const sent: { path: string; body: unknown }[] = [];
  routeServer({
    '/pl/user/getVisitMenus': { data: [] },
    '/pl/sso/queryUserInfo': { data: signedInUser(2) },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
    '/pl/user/twoFactor/status': () => ({ data: status }),
    '/pl/user/twoFactor/begin': (body) => {
      sent.push({ path: 'begin', body });
      return {
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Fleetport:ada?secret=JBSWY3DPEHPK3PXP',
          qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
        },
      };
    },
    '/pl/user/twoFactor/confirm': (body) => {
      sent.push({ path: 'confirm', body });
      if ((body as { code: string }).code === '111111') return refused(ErrorCode.TWO_FACTOR_CODE_WRONG, 4);
      status = { enrolled: true, required: false, recoveryCodesLeft: 2 };
      return { data: { recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } };
    },
    '/pl/user/twoFactor/remove': (body) => {
      sent.push({ path: 'remove', body });
      status = { enrolled: false, required: false, recoveryCodesLeft: 0 };
      return { data: null };
    },
  });
  return sent;
}

describe("My Account's two-factor card", () => {
  it(
    'sets up with the QR code and key, refuses a wrong code, then shows the recovery codes once',
    async () => {
      const sent = serveTwoFactor({ enrolled: false, required: false, recoveryCodesLeft: 0 });
      const user = userEvent.setup();
      renderConsole('/myAccount', SHELL_ONLY_ROUTES);
      expect(await screen.findByText('Off: only your password is asked.', {}, FIND)).toBeTruthy();
      expect(screen.queryByTestId('two-factor-qr')).toBeNull();

      await user.click(screen.getByTestId('two-factor-set-up'));
      expect(await screen.findByAltText('QR code for your authenticator app', {}, FIND)).toBeTruthy();
      expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

      await user.type(screen.getByTestId('two-factor-confirm-code'), '12a');
      expect(await screen.findByText('Code has an invalid value', {}, FIND)).toBeTruthy();
      await user.clear(screen.getByTestId('two-factor-confirm-code'));
      await user.type(screen.getByTestId('two-factor-confirm-code'), '111111');
      await user.click(screen.getByTestId('two-factor-confirm-submit'));
      expect(await screen.findByText(/Wrong code, 4 attempts left/, {}, FIND)).toBeTruthy();
      // Still enrolling: the key stays on screen for the next try.
      expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

      await user.type(screen.getByTestId('two-factor-confirm-code'), '654321');
      await user.click(screen.getByTestId('two-factor-confirm-submit'));
      expect(await screen.findByText('Your recovery codes', {}, FIND)).toBeTruthy();
      expect(screen.getAllByTestId('recovery-code').map((li) => li.textContent)).toEqual([
        'aaaaa-bbbbb',
        'ccccc-ddddd',
      ]);
      expect(
        await screen.findByText(
          'On: a code from your authenticator app is asked after your password.',
          {},
          FIND,
        ),
      ).toBeTruthy();
      expect(screen.getByText('Recovery codes left: 2')).toBeTruthy();
      expect(screen.queryByTestId('two-factor-secret')).toBeNull();

      // Shown once: closing them leaves no way to see them again.
      const codesAlert = screen.getByTestId('recovery-codes').closest('.ant-alert') as HTMLElement;
      await user.click(within(codesAlert).getByRole('button', { name: /close/i }));
      await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
      expect(sent).toEqual([
        { path: 'begin', body: {} },
        { path: 'confirm', body: { code: '111111' } },
        { path: 'confirm', body: { code: '654321' } },
      ]);
    },
    SLOW,
  );

  it(
    'turns off with a current code, in Chinese',
    async () => {
      const sent = serveTwoFactor({ enrolled: true, required: false, recoveryCodesLeft: 7 });
      await changeLanguage('cn');
      const user = userEvent.setup();
      renderConsole('/myAccount', SHELL_ONLY_ROUTES);
      expect(await screen.findByText('剩余恢复码：7', {}, FIND)).toBeTruthy();

      await user.click(screen.getByTestId('two-factor-turn-off'));
      await user.type(screen.getByTestId('two-factor-remove-code'), '123456');
      await user.click(screen.getByTestId('two-factor-remove-submit'));
      expect(await screen.findByText('两步验证登录已关闭。', {}, FIND)).toBeTruthy();
      await waitFor(() => expect(screen.queryByTestId('two-factor-turn-off')).toBeNull());
      expect(screen.getByTestId('two-factor-set-up')).toBeTruthy();
      expect(sent).toEqual([{ path: 'remove', body: { code: '123456' } }]);
    },
    SLOW,
  );

  it(
    'offers no way to turn it off while the company requires it',
    async () => {
      serveTwoFactor({ enrolled: true, required: true, recoveryCodesLeft: 10 });
      renderConsole('/myAccount', SHELL_ONLY_ROUTES);
      expect(await screen.findByText('Your company requires two-factor sign-in.', {}, FIND)).toBeTruthy();
      expect(screen.queryByTestId('two-factor-turn-off')).toBeNull();
    },
    SLOW,
  );
});
