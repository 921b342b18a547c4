import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

/** The console's Ant Design theme: its blue and corners (app/antd-frame.tsx, api/static-surfaces.tsx). */
export const ANTD_THEME = { token: { colorPrimary: '#1668dc', borderRadius: 6 } } satisfies ThemeConfig;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.(REDUCED_MOTION).matches ?? false);
}

/**
 * The theme for this visitor: a person who asked their system for less motion gets dialogs, menus and
 * messages that appear and go without zooming or sliding (Ant Design animates them otherwise, and
 * honours the setting only for a few controls). A dialog that has stopped moving is also one a click
 * cannot miss.
 */
export function antdTheme(reduced = prefersReducedMotion()): ThemeConfig {
  return reduced ? REDUCED_THEME : ANTD_THEME;
}

const REDUCED_THEME = { token: { ...ANTD_THEME.token, motion: false } } satisfies ThemeConfig;

function subscribe(changed: () => void): () => void {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
}

/** `antdTheme`, following the system setting when it changes while the console is open. */
export function useAntdTheme(): ThemeConfig {
  return antdTheme(useSyncExternalStore(subscribe, prefersReducedMotion, () => false));
}
