import type { StoredFile } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import {
  refused,
  renderConsole,
  routeServer,
  SHELL_ONLY_ROUTES,
  shellAnswers,
} from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const LOGO: StoredFile = {
  fileId: 31,
  kind: 'oemLogo',
  name: 'harbour.png',
  size: 2048,
  sha256: 'ab',
  contentType: 'image/png',
  createdAt: 0,
  download: { url: '/api/pl/file/download?fileId=31', expiresAt: 0 },
};

const PARTNER = ['partnerBranding.view', 'partnerBranding.edit'];

signedInEachTest();

function logoFile(name = 'harbour.png') {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

describe("a partner's branding page", () => {
  it(
    'uploads the logo, previews the header its customers will see and saves name and logo',
    async () => {
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers(PARTNER),
        '/pl/branding/getBranding': { data: { appName: null, logo: null } },
        '/pl/file/upload': { data: { files: [LOGO] } },
        '/pl/branding/setBranding': (body) => {
          saved.push(body);
          return { data: { appName: 'Harbour Cloud', logo: LOGO } };
        },
      });
      renderConsole('/resellerconsole/branding');
      const name = await screen.findByTestId('branding-app-name', {}, { timeout: 30_000 });
      const page = screen.getByTestId('branding-page');
      fireEvent.change(name, { target: { value: 'Harbour Cloud' } });
      const input = page.querySelector('input[type=file]') as HTMLInputElement;
      await userEvent.upload(input, logoFile());
      const preview = screen.getByTestId('branding-preview');
      await waitFor(() => expect(within(preview).getByAltText('harbour.png')).toBeTruthy());
      expect(within(preview).getByText('Harbour Cloud')).toBeTruthy();
      await userEvent.click(screen.getByTestId('branding-save'));
      await screen.findByText('The branding was saved.');
      expect(saved).toEqual([{ appName: 'Harbour Cloud', logoFileId: 31 }]);
    },
    SLOW,
  );

  it(
    'shows why a logo was refused under the field, and refuses a name over 20 characters, in Chinese',
    async () => {
      await changeLanguage('cn');
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers(PARTNER),
        '/pl/branding/getBranding': { data: { appName: 'Harbour', logo: null } },
        // As the server answers a broken file rule: code 1 naming the field.
        '/pl/file/upload': refused(1, { fields: [{ field: 'file', message: '图片尺寸须为135x35像素' }] }),
        '/pl/branding/setBranding': (body) => {
          saved.push(body);
          return { data: { appName: null, logo: null } };
        },
      });
      renderConsole('/distributorconsole/branding');
      await screen.findByTestId('branding-app-name', {}, { timeout: 30_000 });
      const page = screen.getByTestId('branding-page');
      await userEvent.upload(
        page.querySelector('input[type=file]') as HTMLInputElement,
        logoFile('wide.png'),
      );
      expect(await screen.findByText(/图片尺寸须为135x35像素/)).toBeTruthy();
      await waitFor(() =>
        expect((screen.getByTestId('branding-app-name') as HTMLInputElement).value).toBe('Harbour'),
      );
      fireEvent.change(screen.getByTestId('branding-app-name'), { target: { value: 'H'.repeat(21) } });
      await userEvent.click(screen.getByTestId('branding-save'));
      // Under the field (the footer's year holds a 20 too).
      expect(
        await screen.findByText(/20/, { selector: '.ant-form-item-explain-error' }, { timeout: 30_000 }),
      ).toBeTruthy();
      expect(saved).toEqual([]);
      // Emptied, the name goes back to Fleetport's.
      fireEvent.change(screen.getByTestId('branding-app-name'), { target: { value: '' } });
      await userEvent.click(screen.getByTestId('branding-save'));
      await waitFor(() => expect(saved).toEqual([{ appName: null, logoFileId: null }]));
      await changeLanguage('en');
    },
    SLOW,
  );
});

describe("a partner's customer", () => {
  it(
    "sees the partner's logo and app name in the header and the browser title",
    async () => {
      routeServer({
        ...shellAnswers(['devices.view']),
        '/pl/branding/getConsoleBranding': {
          data: {
            appName: 'Rho Connect',
            vpnName: null,
            logoUrl: '/api/pl/branding/logo?key=abcdefghijklmnop',
          },
        },
      });
      renderConsole('/robustlink/dashboard', SHELL_ONLY_ROUTES);
      const header = await screen.findByTestId('shell-header', {}, { timeout: 30_000 });
      await waitFor(() => expect(within(header).getByTestId('app-name').textContent).toBe('Rho Connect'));
      expect(within(header).getByTestId('header-logo').getAttribute('src')).toBe(
        '/api/pl/branding/logo?key=abcdefghijklmnop',
      );
      await waitFor(() => expect(document.title).toBe('Rho Connect'));
    },
    SLOW,
  );

  it(
    "sees Fleetport's when no partner branded its console",
    async () => {
      routeServer({
        ...shellAnswers(['devices.view']),
        '/pl/branding/getConsoleBranding': { data: { appName: null, vpnName: null, logoUrl: null } },
      });
      renderConsole('/robustlink/dashboard', SHELL_ONLY_ROUTES);
      const header = await screen.findByTestId('shell-header', {}, { timeout: 30_000 });
      await waitFor(() => expect(document.title).toBe('Fleetport'));
      expect(within(header).queryByTestId('header-logo')).toBeNull();
      expect(within(header).getByTestId('app-name').textContent).not.toBe('Rho Connect');
    },
    SLOW,
  );
});
