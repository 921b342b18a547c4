import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
// ECharts and some Ant Design parts measure elements.
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
