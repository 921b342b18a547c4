import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The Node.js options `npm start` gives the server (scripts/server-node-flags.json says why). */
export const SERVER_NODE_FLAGS = (
  JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../scripts/server-node-flags.json'), 'utf8'),
  ) as { flags: string[] }
).flags;

/**
 * Benchmarks run the server in their own process, so that process must have the server's options:
 * without them it starts itself again with them (same arguments), waits, and exits as it did.
 */
export function runWithServerFlags(): void {
  const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return;
  const again = spawnSync(process.execPath, [...process.execArgv, ...missing, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}
