import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeMachine, renderResults } from './report.ts';
import { runWithServerFlags } from './server-flags.ts';
import type { ResultSection } from './types.ts';

export const RESULTS_FILE = path.resolve(import.meta.dirname, '../RESULTS.md');

/**
 * Writes bench/RESULTS.md. A full run (`whole`) writes the file anew; a partial run replaces only the
 * sections it measured and keeps the others, so `npm run bench -- gateway` or running one file alone
 * never drops figures measured earlier.
 */
export function writeResults(sections: ResultSection[], failures: string[], whole: boolean): void {
  const rendered = renderResults(describeMachine(), sections, failures);
  let text = rendered;
  if (!whole && fs.existsSync(RESULTS_FILE)) {
    text = fs.readFileSync(RESULTS_FILE, 'utf8');
    // The header (date, machine, load) is the latest run's; sections measured earlier carry their own load note.
    const header = (doc: string) => {
      const first = doc.search(/^## /m);
      return first < 0 ? `${doc.trimEnd()}\n\n` : doc.slice(0, first);
    };
    text = header(rendered) + text.slice(header(text).length);
    for (const section of sections) {
      const heading = `## ${section.title}`;
      const from = rendered.indexOf(heading);
      const end = rendered.indexOf('\n## ', from + 3);
      const fresh = rendered.slice(from, end < 0 ? undefined : end).trimEnd();
      const start = text.indexOf(heading);
      const next = start < 0 ? -1 : text.indexOf('\n## ', start + 3);
      text =
        start < 0
          ? `${text.trimEnd()}\n\n${fresh}\n`
          : `${text.slice(0, start)}${fresh}\n${next < 0 ? '' : text.slice(next)}`;
    }
  }
  fs.writeFileSync(RESULTS_FILE, text);
  // Biome also checks Markdown (npm run lint): hand it the file so the padded tables pass.
  execSync(`npx biome format --write ${RESULTS_FILE}`, { stdio: 'ignore' });
}

/** `node --import tsx bench/<name>.ts`: runs that one benchmark and updates its section only. */
export async function runWhenMain(
  moduleUrl: string,
  run: () => Promise<ResultSection | ResultSection[]>,
): Promise<void> {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  runWithServerFlags();
  const sections = [await run()].flat();
  writeResults(sections, [], false);
  for (const section of sections) console.log(`bench/RESULTS.md: section "${section.title}" updated`);
  process.exit(0);
}
