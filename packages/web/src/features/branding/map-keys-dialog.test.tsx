import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 120_000;
const OEM = { rlinkDisplayName: null, rvpnDisplayName: null, logo: null, banner: null };

signedInEachTest();
afterEach(async () => {
  await changeLanguage('en');
});

describe('the map key dialog', () => {
  it(
    'shows the saved keys masked and sends only the keys typed',
    async () => {
      const sent: unknown[] = [];
      routeServer({
        ...shellAnswers(['oem.view', 'oem.edit']),
        '/pl/oem/getOemSetting': { data: OEM },
        '/pl/oem/getMapKey': {
          data: { jsApiKey: '••••••0001', serverApiKey: null, hardwareKey: null, updatedAt: 0 },
        },
        '/pl/oem/setMapKey': (body) => {
          sent.push(body);
          return {
            data: { jsApiKey: '••••••0001', serverApiKey: '••••••0002', hardwareKey: null, updatedAt: 1 },
          };
        },
      });
      renderConsole('/operation/oem');
      await userEvent.click(await screen.findByTestId('map-keys-open', {}, { timeout: 30_000 }));
      const js = await screen.findByTestId('map-key-jsApiKey', {}, { timeout: 30_000 });
      await waitFor(() => expect((js as HTMLInputElement).placeholder).toBe('••••••0001'));
      expect((js as HTMLInputElement).value).toBe('');
      fireEvent.change(screen.getByTestId('map-key-serverApiKey'), { target: { value: 'server-key-0002' } });
      await userEvent.click(screen.getByTestId('map-keys-save'));
      await screen.findByText('The map keys were saved.', {}, { timeout: 30_000 });
      expect(sent).toEqual([{ serverApiKey: 'server-key-0002' }]);
    },
    SLOW,
  );

  it(
    'says in Chinese that the provider refused the key (5012), a silent code shown in the dialog',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(['oem.view', 'oem.edit']),
        '/pl/oem/getOemSetting': { data: OEM },
        '/pl/oem/getMapKey': {
          data: { jsApiKey: null, serverApiKey: null, hardwareKey: null, updatedAt: null },
        },
        '/pl/oem/setMapKey': refused(5012, { field: 'jsApiKey' }),
      });
      renderConsole('/operation/oem');
      await userEvent.click(await screen.findByTestId('map-keys-open', {}, { timeout: 30_000 }));
      expect(await screen.findByText('JS API密钥')).toBeTruthy();
      fireEvent.change(screen.getByTestId('map-key-jsApiKey'), { target: { value: 'bad-key' } });
      await userEvent.click(screen.getByTestId('map-keys-save'));
      const error = await screen.findByTestId('map-keys-error', {}, { timeout: 30_000 });
      expect(error.textContent).toMatch(/[\u4e00-\u9fff]/);
    },
    SLOW,
  );
});
