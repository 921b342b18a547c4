import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { SplitButton } from './split-button.tsx';

describe('SplitButton', () => {
  it('runs the main action from the button and the others from the arrow menu', async () => {
    const importDevices = vi.fn();
    const downloadTemplate = vi.fn();
    const importHistory = vi.fn();
    render(
      <AppProviders>
        <SplitButton
          label="Import"
          onClick={importDevices}
          items={[
            { key: 'template', label: 'Download template', onClick: downloadTemplate },
            { key: 'history', label: 'Import history', onClick: importHistory, disabled: true },
          ]}
        />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(importDevices).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Download template')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByText('Download template'));
    expect(downloadTemplate).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByText('Import history'));
    expect(importHistory).not.toHaveBeenCalled();
    expect(importDevices).toHaveBeenCalledTimes(1);
  });
});
