/**
 * No import cycle in the server or the console (the check `madge --circular` would make; madge's
 * peer dependency wants another TypeScript, so the graph is read here). A cycle makes module load
 * order matter and lets a module reach the composition root.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../test/import-graph.ts';

const PACKAGES = path.resolve(import.meta.dirname, '../../..');

function cyclesOf(pkg: string): string[] {
  const root = path.join(PACKAGES, pkg);
  const { graph } = importGraph(root);
  return findCycles(graph).map((loop) => loop.map((file) => path.relative(root, file)).join(' -> '));
}

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('reads every relative import of the packages', () => {
    for (const pkg of ['server', 'web']) {
      const { graph, unresolved } = importGraph(path.join(PACKAGES, pkg));
      expect(unresolved).toEqual([]);
      expect(graph.size).toBeGreaterThan(50);
    }
  });

  it('has none in packages/server', () => {
    expect(cyclesOf('server')).toEqual([]);
  });

  it('has none in packages/web', () => {
    expect(cyclesOf('web')).toEqual([]);
  });

  it('lets no module import the composition root', () => {
    const { graph } = importGraph(path.join(PACKAGES, 'server'));
    const appTs = path.join(PACKAGES, 'server/src/app.ts');
    const importers = [...graph]
      .filter(([file, edges]) => edges.includes(appTs) && file.includes(`${path.sep}modules${path.sep}`))
      .map(([file]) => path.relative(PACKAGES, file));
    expect(importers).toEqual([]);
  });
});
