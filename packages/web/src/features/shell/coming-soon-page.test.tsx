import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { ComingSoonPage } from './coming-soon-page.tsx';

function showAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <ComingSoonPage /> }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(async () => {
  await changeLanguage('en');
});

describe('coming-soon page', () => {
  it('names the page that is not built yet, never a blank screen', async () => {
    showAt('/elevatoriot/mapView');
    expect((await screen.findByTestId('coming-soon')).textContent).toContain('Map view is coming soon');
  });

  it('says so in Chinese, with the record of a detail page', async () => {
    await changeLanguage('cn');
    showAt('/elevatoriot/elevatorStatusDetail/E-7');
    expect((await screen.findByTestId('coming-soon')).textContent).toContain('电梯状态详情 · E-7即将推出');
  });
});
