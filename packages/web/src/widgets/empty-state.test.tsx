import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { changeLanguage } from '../i18n/index.ts';
import { EmptyState } from './empty-state.tsx';

afterEach(() => changeLanguage('en'));

describe('EmptyState', () => {
  it('says there is no data, in the console language', async () => {
    render(
      <AppProviders>
        <EmptyState />
      </AppProviders>,
    );
    // The picture's <title> repeats the text for screen readers; check the visible line.
    expect(screen.getByText('No data', { ignore: 'title' })).toBeTruthy();
    await changeLanguage('cn');
    expect(await screen.findByText('暂无数据', { ignore: 'title' })).toBeTruthy();
  });

  it('shows the page’s own description and action', () => {
    render(
      <AppProviders>
        <EmptyState description="No devices yet">
          <button type="button">Add device</button>
        </EmptyState>
      </AppProviders>,
    );
    expect(screen.getByText('No devices yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add device' })).toBeTruthy();
  });
});
