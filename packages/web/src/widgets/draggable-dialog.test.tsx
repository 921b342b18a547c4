import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { DraggableDialog } from './draggable-dialog.tsx';

function renderDialog() {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <AppProviders>
      <DraggableDialog open title="Edit group" onSave={onSave} onCancel={onCancel}>
        <p>group form</p>
      </DraggableDialog>
    </AppProviders>,
  );
  return { onSave, onCancel };
}

// The element react-draggable moves: the wrapper around Ant Design's dialog box.
const moved = () => screen.getByText('group form').closest('.react-draggable') as HTMLElement;

describe('DraggableDialog', () => {
  it('shows the title and content with Cancel and Save', async () => {
    const { onSave, onCancel } = renderDialog();
    expect(await screen.findByText('Edit group')).toBeTruthy();
    expect(screen.getByText('group form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onCancel).toHaveBeenCalled());
  });

  it('stays open, with what was typed in it, when the user clicks beside it', async () => {
    const { onCancel } = renderDialog();
    await screen.findByText('Edit group');
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(wrap);
    fireEvent.mouseUp(wrap);
    fireEvent.click(wrap);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByText('group form')).toBeTruthy();
  });

  it('moves when dragged by its title bar, not by its content', async () => {
    renderDialog();
    const title = await screen.findByText('Edit group');
    // jsdom lays nothing out; give the page room so the window bounds allow the move.
    Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1200 });
    Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 800 });

    fireEvent.mouseDown(screen.getByText('group form'), { clientX: 10, clientY: 10 });
    fireEvent.mouseMove(document, { clientX: 60, clientY: 40 });
    fireEvent.mouseUp(document, { clientX: 60, clientY: 40 });
    expect(moved().style.transform).toBe('translate(0px,0px)');

    fireEvent.mouseDown(title, { clientX: 10, clientY: 10 });
    fireEvent.mouseMove(document, { clientX: 60, clientY: 40 });
    fireEvent.mouseUp(document, { clientX: 60, clientY: 40 });
    expect(moved().style.transform).toBe('translate(50px,30px)');
  });
});
