import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { FullScreenToggle } from './full-screen-toggle.tsx';

// jsdom has no Fullscreen API: play the browser's part.
let fullscreenElement: Element | null = null;
const requestFullscreen = vi.fn(async function (this: Element) {
  fullscreenElement = this;
  document.dispatchEvent(new Event('fullscreenchange'));
});
const exitFullscreen = vi.fn(async () => {
  fullscreenElement = null;
  document.dispatchEvent(new Event('fullscreenchange'));
});

beforeEach(() => {
  fullscreenElement = null;
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', {
    configurable: true,
    value: requestFullscreen,
  });
});
afterEach(() => {
  requestFullscreen.mockClear();
  exitFullscreen.mockClear();
});

function Dashboard() {
  const panel = useRef<HTMLDivElement>(null);
  return (
    <div ref={panel} data-testid="panel">
      <FullScreenToggle target={panel} />
    </div>
  );
}

describe('FullScreenToggle', () => {
  it('shows the panel full screen and leaves it again', async () => {
    render(
      <AppProviders>
        <Dashboard />
      </AppProviders>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    expect(requestFullscreen.mock.contexts[0]).toBe(screen.getByTestId('panel'));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' })));
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });

  it('follows the browser when the user presses Esc', async () => {
    render(
      <AppProviders>
        <Dashboard />
      </AppProviders>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Full screen' })));
    act(() => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });
});
