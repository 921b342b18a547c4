import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';

const SLOW = 60_000;

signedInEachTest();

/** A screen `width` px wide, as far as CSS media queries are concerned. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    return {
      matches: width <= max,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console shell', () => {
  it(
    'shows an unknown path inside a console as "not found" inside the shell',
    async () => {
      routeServer(shellAnswers(['devices.view']));
      renderConsole('/robustlink/no/such/page');
      const shell = await screen.findByTestId('shell', {}, { timeout: 25_000 });
      const notFound = await within(shell).findByTestId('shell-not-found', {}, { timeout: 25_000 });
      expect(notFound.textContent).toContain('404');
      // The menu comes with its own query: the not-found page may be drawn before it.
      expect(await within(shell).findByTestId('left-menu', {}, { timeout: 25_000 })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'collapses the left menu below 1280 px and keeps it open from 1280 px',
    async () => {
      routeServer(shellAnswers(['devices.view']));
      screenWidth(1279);
      const narrow = renderConsole('/robustlink/no/such/page');
      expect(await screen.findByTestId('left-menu-collapsed', {}, { timeout: 25_000 })).toBeTruthy();
      // The page itself comes through lazy routes: wait for it, so no lazy part resolves after the
      // render is gone (React would then work on a root whose window the test run has torn down).
      await screen.findByTestId('shell-not-found', {}, { timeout: 25_000 });
      narrow.unmount();
      screenWidth(1280);
      renderConsole('/robustlink/no/such/page');
      expect(await screen.findByTestId('left-menu-open', {}, { timeout: 25_000 })).toBeTruthy();
      await screen.findByTestId('shell-not-found', {}, { timeout: 25_000 });
    },
    SLOW,
  );
});
