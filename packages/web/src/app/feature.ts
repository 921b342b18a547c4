import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page loaded on first visit; `pick` names the export. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * One console area in one place: its name (the same as its contract file and server module), the
 * console pages it builds, by `<console>/<page path>` of the console table (features/shell/
 * console-areas.ts), the menu entries whose funCodes it serves, and its i18n namespaces.
 * `app/features.ts` lists every area, one line each (docs/adding-an-area.md).
 */
export interface ConsoleFeature {
  area: string;
  pages: Readonly<Record<string, LazyExoticComponent<ComponentType>>>;
  /** funCode prefixes of the menu tree (contract menu-tree.ts) this area's pages and buttons check. */
  menus: readonly string[];
  /** Names of the namespaces in i18n/resources.ts that hold this area's text. */
  i18n: readonly string[];
}

export function defineFeature(feature: Partial<ConsoleFeature> & { area: string }): ConsoleFeature {
  return { pages: {}, menus: [], i18n: [], ...feature };
}
