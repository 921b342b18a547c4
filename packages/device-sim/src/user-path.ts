import path from 'node:path';

/**
 * A file named on the command line, resolved against the directory the user typed the command in.
 * `npm run sim` (root) runs the CLI inside packages/device-sim, so a relative `--secrets sim-secrets.json`
 * would otherwise land there instead of beside the user; npm keeps the original directory in INIT_CWD.
 */
export function userPath(file: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  return path.resolve(env.INIT_CWD || cwd, file);
}
