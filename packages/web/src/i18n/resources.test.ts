import { describe, expect, it } from 'vitest';
import { RESOURCES } from './resources.ts';

/** Every leaf key of a nested text object, dotted: `chart.hide`. */
function keyPaths(texts: unknown, prefix = ''): string[] {
  if (texts === null || typeof texts !== 'object') return [prefix];
  return Object.entries(texts as Record<string, unknown>)
    .flatMap(([key, value]) => keyPaths(value, prefix ? `${prefix}.${key}` : key))
    .sort();
}

/** Every `{{placeholder}}` a text uses, so a translation cannot drop or rename one. */
function placeholders(texts: unknown, prefix = ''): string[] {
  if (typeof texts === 'string') return [...texts.matchAll(/\{\{(\w+)\}\}/g)].map((m) => `${prefix}:${m[1]}`);
  if (texts === null || typeof texts !== 'object') return [];
  return Object.entries(texts as Record<string, unknown>)
    .flatMap(([key, value]) => placeholders(value, prefix ? `${prefix}.${key}` : key))
    .sort();
}

describe('console text resources', () => {
  const namespaces = Object.entries(RESOURCES);

  it('has namespaces registered', () => {
    expect(namespaces.map(([name]) => name)).toEqual(
      expect.arrayContaining(['common', 'request', 'widgets']),
    );
  });

  it.each(namespaces)('%s has the same keys in English and Chinese', (_name, texts) => {
    const en = keyPaths(texts.en);
    expect(en.length).toBeGreaterThan(0);
    expect(keyPaths(texts.cn)).toEqual(en);
  });

  it.each(namespaces)('%s has no empty text and the same placeholders in both languages', (_name, texts) => {
    const blanks = (lang: unknown) =>
      keyPaths(lang).filter((path) => {
        const value = path
          .split('.')
          .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], lang);
        return typeof value !== 'string' || value.trim() === '';
      });
    expect(blanks(texts.en)).toEqual([]);
    expect(blanks(texts.cn)).toEqual([]);
    expect(placeholders(texts.cn)).toEqual(placeholders(texts.en));
  });
});
