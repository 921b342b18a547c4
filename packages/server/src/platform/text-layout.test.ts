/**
 * Where text lives (docs/adding-an-area.md "Where text lives"): a translator finds an area's words in
 * its console file (`web/src/features/<area>/*.i18n.ts`), its contract file (labels, rules, error
 * catalogue) and its server file (`server/src/modules/<area>/<area>.text.ts`: mail, SMS, export cells).
 * Chinese anywhere else in code is text that escaped the layout; a placeholder that one language drops
 * shows the reader a raw `{name}` or loses the value.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@fleetport/contract';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.includes('testing/'))
    .map((name) => path.join(dir, name));
}

/** The code without its comments: a comment may quote Chinese to explain it. */
function code(file: string): string {
  return fs
    .readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

function strayText(files: string[], allowed: (file: string) => boolean): string[] {
  return files.filter((file) => !allowed(file) && CJK.test(code(file)));
}

/** Every `{en, cn}` pair reachable from `value`, with the path that reaches it. */
function localizedPairs(
  value: unknown,
  at: string,
  seen = new Set<unknown>(),
): [string, contract.Localized][] {
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const v = value as Record<string, unknown>;
  if (typeof v.en === 'string' && typeof v.cn === 'string') return [[at, v as unknown as contract.Localized]];
  return Object.entries(v).flatMap(([key, inner]) => localizedPairs(inner, `${at}.${key}`, seen));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('where text lives', () => {
  it('keeps the server’s words in the areas’ *.text.ts files', () => {
    const files = sourceFiles('packages/server/src');
    expect(files.length).toBeGreaterThan(100);
    expect(strayText(files, (file) => file.endsWith('.text.ts'))).toEqual([]);
  });

  it('keeps the console’s words in *.i18n.ts files and web/src/i18n', () => {
    const files = sourceFiles('packages/web/src');
    expect(files.length).toBeGreaterThan(100);
    expect(
      strayText(files, (file) => file.endsWith('.i18n.ts') || file.startsWith('packages/web/src/i18n/')),
    ).toEqual([]);
  });

  it('gives both languages the same placeholders, in the contract and the servers’ text files', async () => {
    const textFiles = sourceFiles('packages/server/src').filter((file) => file.endsWith('.text.ts'));
    expect(textFiles.length).toBeGreaterThan(5);
    const pairs = localizedPairs(contract, 'contract');
    for (const file of textFiles)
      pairs.push(...localizedPairs(await import(path.join(ROOT, file)), path.basename(file)));
    expect(pairs.length).toBeGreaterThan(500);
    const differing = pairs
      .filter(([, text]) => placeholders(text.en).join() !== placeholders(text.cn).join())
      .map(([at, text]) => `${at}: ${text.en} / ${text.cn}`);
    expect(differing).toEqual([]);
    expect(pairs.filter(([, text]) => !text.en.trim() || !text.cn.trim()).map(([at]) => at)).toEqual([]);
  });
});
