import type { StoredFile } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const file = (fileId: number, kind: string, name: string): StoredFile => ({
  fileId,
  kind,
  name,
  size: 2048,
  sha256: 'ab',
  contentType: 'image/png',
  createdAt: 0,
  download: { url: `/api/pl/file/download?fileId=${fileId}`, expiresAt: 0 },
});
const BANNER = file(41, 'emailBanner', 'spring.png');
const LOGO = file(42, 'oemLogo', 'harbour.png');

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('the OEM page', () => {
  it(
    'saves both console names, the logo and the e-mail banner, previewing the header',
    async () => {
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers(['oem.view', 'oem.edit']),
        '/pl/oem/getOemSetting': {
          data: { rlinkDisplayName: 'Harbour', rvpnDisplayName: null, logo: LOGO, banner: null },
        },
        '/pl/file/upload': { data: { files: [BANNER] } },
        '/pl/oem/setOemSetting': (body) => {
          saved.push(body);
          return {
            data: {
              rlinkDisplayName: 'Harbour Fleet',
              rvpnDisplayName: 'Harbour VPN',
              logo: LOGO,
              banner: BANNER,
            },
          };
        },
      });
      renderConsole('/operation/oem');
      const name = await screen.findByTestId('oem-device-name', {}, { timeout: 30_000 });
      await waitFor(() => expect((name as HTMLInputElement).value).toBe('Harbour'));
      const preview = screen.getByTestId('oem-preview');
      expect(within(preview).getByAltText('harbour.png')).toBeTruthy();
      fireEvent.change(name, { target: { value: 'Harbour Fleet' } });
      fireEvent.change(screen.getByTestId('oem-vpn-name'), { target: { value: 'Harbour VPN' } });
      await waitFor(() => expect(within(preview).getByText('Harbour Fleet')).toBeTruthy());
      const bannerInput = screen
        .getByTestId('oem-page')
        .querySelectorAll('input[type=file]')[1] as HTMLInputElement;
      await userEvent.upload(bannerInput, new File([new Uint8Array([0x89, 0x50])], 'spring.png'));
      await screen.findByTestId('oem-banner-preview', {}, { timeout: 30_000 });
      await userEvent.click(screen.getByTestId('oem-save'));
      await screen.findByText('The branding was saved.', {}, { timeout: 30_000 });
      expect(saved).toEqual([
        {
          rlinkDisplayName: 'Harbour Fleet',
          rvpnDisplayName: 'Harbour VPN',
          logoFileId: 42,
          bannerFileId: 41,
        },
      ]);
    },
    SLOW,
  );

  it(
    'says in Chinese why the server refused, and refuses a name over 20 characters before sending',
    async () => {
      await changeLanguage('cn');
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers(['oem.view', 'oem.edit']),
        '/pl/oem/getOemSetting': {
          data: { rlinkDisplayName: null, rvpnDisplayName: null, logo: null, banner: BANNER },
        },
        '/pl/oem/setOemSetting': (body) => {
          saved.push(body);
          return refused(15043, '邮件横幅必须是以邮件横幅上传的PNG或JPEG图片（600x235，小于2 MB）');
        },
      });
      renderConsole('/operation/oem');
      const vpn = await screen.findByTestId('oem-vpn-name', {}, { timeout: 30_000 });
      expect(screen.getByText('VPN控制台名称')).toBeTruthy();
      fireEvent.change(vpn, { target: { value: 'V'.repeat(21) } });
      await userEvent.click(screen.getByTestId('oem-save'));
      const problem = await screen.findByText(
        /20/,
        { selector: '.ant-form-item-explain-error' },
        { timeout: 30_000 },
      );
      expect(problem.textContent).not.toMatch(/[A-Za-z]{4}/);
      expect(saved).toEqual([]);
      fireEvent.change(vpn, { target: { value: 'Harbour VPN' } });
      await userEvent.click(screen.getByTestId('oem-save'));
      await waitFor(() => expect(saved).toHaveLength(1));
      await screen.findByText(/邮件横幅必须是以邮件横幅上传的PNG或JPEG图片/, {}, { timeout: 10_000 });
      expect(saved).toHaveLength(1);
    },
    SLOW,
  );
});
