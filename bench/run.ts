/**
 * npm run bench [-- name ...]: runs every benchmark file `bench/<name>.ts` (each exports
 * `async function run(): Promise<ResultSection | ResultSection[]>`), one after another, and writes bench/RESULTS.md (only its own sections when named).
 * Helpers live in bench/lib/ and are not benchmarks. Exits non-zero when a benchmark fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RESULTS_FILE, writeResults } from './lib/results-file.ts';
import { runWithServerFlags } from './lib/server-flags.ts';
import type { ResultSection } from './lib/types.ts';

runWithServerFlags();

const benchDir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(benchDir)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts')
  .filter((name) => only.length === 0 || only.includes(path.basename(name, '.ts')))
  .sort();
if (files.length === 0) throw new Error(`no benchmark matches ${only.join(', ')}`);

const sections: ResultSection[] = [];
const failures: string[] = [];
for (const name of files) {
  const started = performance.now();
  console.log(`[bench] ${name} …`);
  try {
    const module = (await import(pathToFileURL(path.join(benchDir, name)).href)) as {
      run?: () => Promise<ResultSection | ResultSection[]>;
    };
    if (typeof module.run !== 'function') throw new Error('exports no run() function');
    const results = [await module.run()].flat();
    sections.push(...results);
    for (const m of results.flatMap((r) => r.measurements)) {
      console.log(
        `  ${m.what}: ${m.value.toFixed(2)} ${m.unit} (limit ${m.limit.value.toFixed(2)}, ${m.limit.what})`,
      );
    }
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`[bench] ${name} failed:`, error);
  }
  console.log(`[bench] ${name} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// Only a run of every benchmark rewrites the whole file; `npm run bench -- name` keeps the other sections.
writeResults(sections, failures, only.length === 0);
console.log(`[bench] wrote ${path.relative(process.cwd(), RESULTS_FILE)}`);
process.exit(failures.length > 0 ? 1 : 0);
