import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { ChartCard } from './chart-card.tsx';

function renderCard(isDefault: boolean, canEdit: boolean) {
  const handlers = { onHide: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  render(
    <AppProviders>
      <ChartCard title="Online devices" isDefault={isDefault} canEdit={canEdit} {...handlers}>
        <p>chart body</p>
      </ChartCard>
    </AppProviders>,
  );
  return handlers;
}

const action = (name: RegExp) => screen.queryByRole('button', { name });

describe('ChartCard', () => {
  it('offers hide, edit and delete on a custom card the role may change', async () => {
    const { onHide, onEdit, onDelete } = renderCard(false, true);
    expect(screen.getByText('Online devices')).toBeTruthy();
    expect(screen.getByText('chart body')).toBeTruthy();

    fireEvent.click(action(/Hide/)!);
    expect(onHide).toHaveBeenCalledTimes(1);
    fireEvent.click(action(/Edit/)!);
    expect(onEdit).toHaveBeenCalledTimes(1);

    fireEvent.click(action(/Delete/)!);
    expect(await screen.findByText('Delete the chart "Online devices"?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    const confirm = screen.getAllByRole('button', { name: /Delete/ }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['a default card', true, true],
    ['a role that may not change cards', false, false],
  ])('offers only hide on %s', (_case, isDefault, canEdit) => {
    renderCard(isDefault, canEdit);
    expect(action(/Hide/)).toBeTruthy();
    expect(action(/Edit/)).toBeNull();
    expect(action(/Delete/)).toBeNull();
  });
});
