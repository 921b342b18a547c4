import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { errorTextReady } from '../src/api/error-text.ts';
import { addNamespaces } from '../src/i18n/index.ts';
import { RESOURCES } from '../src/i18n/resources.ts';

// Every namespace of console text, as the console's frame (app/antd-frame.tsx) adds them in the
// browser: unit tests of helpers read texts without rendering the frame.
addNamespaces(RESOURCES);

// The messages of every code, which the console fetches just after its first load.
await errorTextReady;

// The whole suite runs its files in parallel on small CI machines: an answer that takes a second
// there is slow, not wrong. findBy*/waitFor wait up to 5 s instead of 1 s before failing.
configure({ asyncUtilTimeout: 5000 });

// Ant Design reads media queries for responsive grids; jsdom has no matchMedia.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
// The charts and some Ant Design parts measure elements.
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
