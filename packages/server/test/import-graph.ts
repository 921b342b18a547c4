import fs from 'node:fs';
import path from 'node:path';

/**
 * The import graph of a package's TypeScript sources, read from the text: every `import … from`,
 * `export … from`, side-effect `import '…'` and dynamic `import('…')` with a relative specifier,
 * resolved to a file. Package imports (`@fleetport/contract`, `react`) are not edges: they cannot
 * close a cycle inside the package. Type-only imports are edges too (see docs/decisions.md).
 */
export type ImportGraph = Map<string, string[]>;

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Block and line comments out, so an import in a comment's example is not an edge. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(root: string): { graph: ImportGraph; unresolved: string[] } {
  const graph: ImportGraph = new Map();
  const unresolved: string[] = [];
  for (const file of sourceFiles(root)) {
    const text = withoutComments(fs.readFileSync(file, 'utf8'));
    const edges: string[] = [];
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (!specifier) continue;
      const target = resolve(file, specifier);
      if (target) edges.push(target);
      else unresolved.push(`${path.relative(root, file)} -> ${specifier}`);
    }
    graph.set(file, edges);
  }
  return { graph, unresolved };
}

/** Every cycle's files in import order (one per strongly connected group), found by Tarjan's algorithm. */
export function findCycles(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (group.length > 1 || selfLoop) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return groups.map((group) => cyclePath(graph, group));
}

/** One concrete loop through a strongly connected group: a → b → … → a. */
function cyclePath(graph: ImportGraph, group: string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at) as string) loop.splice(1, 0, at);
        loop.push(start);
        return loop;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
