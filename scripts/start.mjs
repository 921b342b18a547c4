// npm start: build the console if it has not been built, then run the server on the embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webIndex = path.join(root, 'packages/web/dist/index.html');

if (!fs.existsSync(webIndex) || process.env.FLEETPORT_REBUILD === 'true') {
  console.log('Building the web console (first start)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@fleetport/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The Node.js options the server is measured and tested with (why: in the file).
const { flags } = JSON.parse(fs.readFileSync(path.join(root, 'scripts/server-node-flags.json'), 'utf8'));
const server = spawn(process.execPath, [...flags, '--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
