/**
 * Memory at rest: the server built as `npm start` builds it (PGlite on disk, app, embedded broker,
 * job worker), measured part by part in a child process of its own, with 100 devices connected
 * after they reported. The limit is a bare Node.js process (with the same TypeScript loader).
 *
 *   node --import tsx bench/memory.ts    (or npm run bench -- memory)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runWhenMain } from './lib/results-file.ts';
import { SERVER_NODE_FLAGS } from './lib/server-flags.ts';
import type { ResultSection } from './lib/types.ts';

const root = path.resolve(import.meta.dirname, '..');

function bareNodeMb(): number {
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      '-e',
      'gc(); setTimeout(() => { gc(); console.log(process.memoryUsage().rss) }, 300)',
    ],
    { cwd: root },
  );
  return Number(out.toString().trim()) / 1024 / 1024;
}

/** RSS after each part, from bench/lib/memory-stages.ts; the first start creates the database. */
function measureStages(): { stage: string; rssMb: number }[] {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-memory-'));
  const stagesRun = (...args: string[]) =>
    execFileSync(
      process.execPath,
      ['--expose-gc', ...SERVER_NODE_FLAGS, '--import', 'tsx', 'bench/lib/memory-stages.ts', ...args],
      { cwd: root, env: { ...process.env, BENCH_DATA_DIR: dataDir }, maxBuffer: 16 * 1024 * 1024 },
    ).toString();
  try {
    // The first start runs initdb and the migrations; the one measured is a restart, as in production.
    stagesRun('prepare');
    const out = stagesRun();
    const line = out.split('\n').find((l) => l.startsWith('STAGES '));
    if (!line) throw new Error(`memory stages printed nothing:\n${out.slice(-2000)}`);
    return JSON.parse(line.slice('STAGES '.length)) as { stage: string; rssMb: number }[];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<ResultSection> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const bare = bareNodeMb();
  const stages = measureStages();
  const last = stages.at(-1) as { stage: string; rssMb: number };
  const limit = { what: 'bare Node.js + tsx', value: bare };
  return {
    title: 'Memory at rest (`bench/memory.ts`)',
    method:
      'The server as `npm start` runs it on its second start (TypeScript through tsx, PGlite opening the data directory the first start created and migrated, the app with its job worker, the embedded broker), built part by part in a process of its own; after each part the garbage is collected and the resident set size (RSS) read. Then 100 devices (bare MQTT from a load process) connect, each sends one telemetry message a second for 10 s, and the server rests 10 s. The limit is a bare Node.js process with the same loader; the parts are growth over the part before.',
    measurements: [
      { what: `server RSS, ${last.stage}`, value: last.rssMb, unit: 'MB', limit, higherIsBetter: false },
      ...stages.slice(1).map((s, i) => ({
        what: `... part: ${s.stage}`,
        value: s.rssMb - (stages[i] as { rssMb: number }).rssMb,
        unit: 'MB',
        limit,
        higherIsBetter: false,
      })),
    ],
    notes: [
      `RSS after each part: ${stages.map((s) => `${s.stage} ${s.rssMb.toFixed(0)} MB`).join('; ')}.`,
      `Load average (1 min) when this benchmark began: ${loadAtStart.toFixed(2)} on ${os.availableParallelism()} CPUs.`,
    ],
  };
}

await runWhenMain(import.meta.url, run);
