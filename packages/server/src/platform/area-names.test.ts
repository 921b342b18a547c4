/**
 * Each area has one name in every package: `contract/src/api/<area>.ts`,
 * `server/src/modules/<area>/` and `web/src/features/<area>/`. An area missing from one of them (no
 * console page, no calls of its own, ...) must be listed in docs/areas.md with the reason, and that
 * list must not name an area that is in all three. A contract file `<area>.<part>.ts` is a part of
 * its area's calls kept apart (for the console's first load, bench/RESULTS.md "First load").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const NOT_AREAS = new Set(['define', 'index']);

function contractAreas(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'packages/contract/src/api'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => name.replace(/\.ts$/, '').split('.')[0] as string)
    .filter((name, i, names) => !NOT_AREAS.has(name) && names.indexOf(name) === i);
}

function folders(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Area names in the first column of docs/areas.md's table (`| \`name\` | ...`). */
function documentedDifferences(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'docs/areas.md'), 'utf8');
  return [...text.matchAll(/^\|\s*`([a-z][a-z-]*)`\s*\|/gm)].map((match) => match[1] as string);
}

describe('area names', () => {
  const packages = {
    contract: contractAreas(),
    server: folders('packages/server/src/modules'),
    web: folders('packages/web/src/features'),
  };
  const all = [...new Set(Object.values(packages).flat())].sort();
  const differing = all.filter((area) => !Object.values(packages).every((names) => names.includes(area)));

  it('are the same in contract, server and web, or docs/areas.md says why not', () => {
    const documented = new Set(documentedDifferences());
    const unexplained = differing
      .filter((area) => !documented.has(area))
      .map((area) => {
        const where = Object.entries(packages)
          .filter(([, names]) => names.includes(area))
          .map(([pkg]) => pkg);
        return `${area} (only in ${where.join(', ')})`;
      });
    expect(unexplained).toEqual([]);
  });

  it('docs/areas.md names no area that is the same everywhere, nor one that does not exist', () => {
    const stale = documentedDifferences().filter((area) => !differing.includes(area));
    expect(stale).toEqual([]);
  });

  it('includes the areas every console starts from', () => {
    for (const names of Object.values(packages)) expect(names).toEqual(expect.arrayContaining(['devices']));
  });
});
