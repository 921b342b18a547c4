/**
 * The feature list is the console's one place of registration: every feature folder is in it under
 * its own name, each page key is a page of the console table, and each i18n namespace exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_AREAS } from '../features/shell/console-areas.ts';
import { RESOURCES } from '../i18n/resources.ts';
import { CONSOLE_FEATURES } from './features.ts';

describe('console features', () => {
  it('registers every feature folder once, by its folder name', () => {
    const dir = path.resolve(import.meta.dirname, '../features');
    const folders = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(CONSOLE_FEATURES.map((feature) => feature.area).sort()).toEqual(folders);
  });

  it('builds only pages of the console table, each once', () => {
    const table = new Set(
      CONSOLE_AREAS.flatMap((area) => area.pages.map((page) => `${area.segment}/${page.path}`)),
    );
    const keys = CONSOLE_FEATURES.flatMap((feature) => Object.keys(feature.pages));
    expect(keys.filter((key) => !table.has(key))).toEqual([]);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys).toContain('robustlink/tags');
  });

  it('names i18n namespaces that exist', () => {
    const missing = CONSOLE_FEATURES.flatMap((feature) => feature.i18n).filter((ns) => !(ns in RESOURCES));
    expect(missing).toEqual([]);
  });
});
