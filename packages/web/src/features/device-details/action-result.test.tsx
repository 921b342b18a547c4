import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { remoteAction } from '../devices/device-test-fixtures.ts';
import { ActionResult } from './action-result.tsx';

const SN = 'FP0000000000013';

function show(method: string, result: unknown) {
  render(
    <AppProviders>
      <ActionResult action={remoteAction(SN, method, { result })} />
    </AppProviders>,
  );
  return screen.getByTestId(`result-${method}`);
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('remote action results in words', () => {
  it('shows data usage per link in §9 units, not JSON', () => {
    const box = show('dataManagement', {
      usage: [{ link: 'cellular1', rxBytes: 5 * 1024 * 1024, txBytes: 1536 }],
    });
    expect(within(box).getByText('Cellular (SIM 1)')).toBeTruthy();
    expect(within(box).getByText('Received 5.00 MB · Sent 1.50 KB')).toBeTruthy();
    expect(box.querySelector('pre')).toBeNull();
  });

  it('names IO channels by kind and says on/off, in Chinese too', async () => {
    await changeLanguage('cn');
    const box = show('ioControl', {
      channels: [
        { name: 'DI1', kind: 'DI', value: 1 },
        { name: 'DO1', kind: 'DO', value: 0 },
        { name: 'AI1', kind: 'AI', value: 4.2 },
      ],
    });
    expect(within(box).getByText('DI1（数字输入）')).toBeTruthy();
    expect(within(box).getByText('开（1）')).toBeTruthy();
    expect(within(box).getByText('关（0）')).toBeTruthy();
    expect(within(box).getByText('4.2')).toBeTruthy();
  });
});
