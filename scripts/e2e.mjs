// npm run test:e2e [-- e2e/some.journey.ts ...]
// Builds the console, starts the real server on a free port with a throw-away data directory, runs the
// browser journeys (node's test runner, one process per journey file) and stops the server.
// Mail goes over SMTP_URL to a test SMTP server in this process (scripts/e2e-mailbox.mjs), which keeps
// each message as JSON in e2e/.artifacts/mailbox/ for the journeys' waitForMail.
// E2E_SKIP_BUILD=true reuses packages/web/dist for quick local reruns.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startMailbox } from './e2e-mailbox.mjs';

const root = path.resolve(import.meta.dirname, '..');
const e2eDir = path.join(root, 'e2e');
const artifacts = path.join(e2eDir, '.artifacts');
const screenshots = path.join(e2eDir, 'screenshots');

function log(text) {
  console.log(`[e2e] ${text}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      const body = await res.json();
      if (body.code === 0) return body.data;
      last = JSON.stringify(body);
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET /api/health did not answer code 0 within ${timeoutMs} ms (last: ${last})`);
}

function stopServer(server) {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * A journey that moves the server's clock (`*.clock.journey.ts`, through testMode.advanceClock) runs
 * after every other (main's second group): the server keeps the new time, and a journey after it would
 * sign with the wrong one.
 */
const movesClock = (name) => name.endsWith('.clock.journey.ts');

function journeyFiles(args) {
  if (args.length > 0) return args.map((file) => path.resolve(file));
  const names = fs
    .readdirSync(e2eDir)
    .filter((name) => name.endsWith('.journey.ts'))
    .sort();
  return names.map((name) => path.join(e2eDir, name));
}

async function main() {
  const files = journeyFiles(process.argv.slice(2));
  if (files.length === 0) throw new Error('no e2e/*.journey.ts files found');

  if (process.env.E2E_SKIP_BUILD !== 'true') {
    log('building the web console');
    const build = spawnSync('npm', ['run', 'build', '-w', '@fleetport/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }

  fs.mkdirSync(artifacts, { recursive: true });
  fs.rmSync(screenshots, { recursive: true, force: true });
  fs.mkdirSync(screenshots, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-e2e-'));
  const port = await freePort();
  // The device gateway listens on its own free port; journeys connect simulated routers to E2E_MQTT_URL.
  const mqttPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = path.join(artifacts, 'server.log');
  const logFd = fs.openSync(serverLog, 'w');
  const mailbox = await startMailbox(path.join(artifacts, 'mailbox'));
  log(
    `test SMTP server on ${mailbox.url} (mail in ${path.relative(root, path.join(artifacts, 'mailbox'))}/)`,
  );

  log(`starting the server on ${baseUrl} (data in ${dataDir}, log in ${path.relative(root, serverLog)})`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      AUTOMATED_TEST_MODE: 'true',
      // Every journey signs in and registers from 127.0.0.1; the limits themselves have API tests.
      RATE_LIMIT_SIGN_IN: '10000',
      RATE_LIMIT_CAPTCHA: '10000',
      RATE_LIMIT_REGISTRATION: '10000',
      RATE_LIMIT_CODES: '10000',
      CODE_RECIPIENTS_PER_HOUR: '10000',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  });

  let status = 1;
  try {
    // A loaded machine may need longer to start the server (E2E_START_TIMEOUT_MS).
    const health = await waitForHealth(baseUrl, server, Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000));
    log(`server ready: version ${health.version}, database ${health.database.dialect}`);
    // The Super Admin's one-time password is written to the log once, on a fresh database: journeys
    // that act as the platform (granting licences) sign in with it.
    const created = fs
      .readFileSync(serverLog, 'utf8')
      .match(/Sign in as (\S+) with the one-time password (\S+) /);
    const superAdmin = created
      ? {
          E2E_SUPER_ADMIN_ACCOUNT: created[1],
          E2E_SUPER_ADMIN_PASSWORD: created[2],
          // The Super Admin always has a second factor: enrolled here once, its key for every journey.
          E2E_SUPER_ADMIN_TOTP_SECRET: await enrolSuperAdmin(baseUrl, created[1], created[2]),
        }
      : {};
    // Asynchronous, not spawnSync: the test SMTP server lives in this process's event loop.
    // Two journey files at a time: each builds its own company, routers and mailboxes, so they do not
    // see each other, and the console's start, the browser and the server overlap on two cores. The
    // journeys that move the server's clock run one at a time (E2E_CONCURRENCY overrides the first).
    const runJourneys = (group, concurrency) => {
      const run = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-reporter=spec',
          `--test-concurrency=${concurrency}`,
          // A journey file's time limit (the licence chain takes about 3 minutes a language); a loaded
          // machine may need more (E2E_TEST_TIMEOUT_MS).
          `--test-timeout=${Number(process.env.E2E_TEST_TIMEOUT_MS ?? 600_000)}`,
          ...group,
        ],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            ...superAdmin,
            E2E_BASE_URL: baseUrl,
            E2E_MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
            E2E_SMTP_URL: mailbox.url,
          },
        },
      );
      return new Promise((resolve) => {
        run.once('error', () => resolve(1));
        run.once('exit', (code) => resolve(code ?? 1));
      });
    };
    // node's runner orders the files it is given by name, so the journeys that move the server's clock
    // run as a second group, after every other journey has finished.
    const groups = [files.filter((f) => !movesClock(f)), files.filter((f) => movesClock(f))];
    status = 0;
    const concurrency = [Number(process.env.E2E_CONCURRENCY ?? 2), 1];
    for (const [index, group] of groups.entries()) {
      if (group.length === 0) continue;
      const groupStatus = await runJourneys(group, concurrency[index]);
      if (groupStatus !== 0) status = groupStatus;
    }
    log(`screenshots in ${path.relative(root, screenshots)}/: ${fs.readdirSync(screenshots).length} files`);
  } finally {
    await stopServer(server);
    await mailbox.close();
    fs.closeSync(logFd);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (status !== 0) {
      const tail = fs.readFileSync(serverLog, 'utf8').split('\n').slice(-40).join('\n');
      log(`journeys failed; last lines of the server log:\n${tail}`);
    }
  }
  return status;
}

main().then(
  (status) => process.exit(status),
  (error) => {
    console.error(`[e2e] ${error.stack ?? error}`);
    process.exit(1);
  },
);

/**
 * The Super Admin's first sign-in enrols its authenticator (issue 18): the key the challenge brings
 * and a code at the server's time confirm it. Answers the key (base32) the journeys compute codes from.
 */
async function enrolSuperAdmin(baseUrl, account, password) {
  const { Secret, TOTP } = await import('otpauth');
  const post = async (apiPath, body) => {
    const res = await fetch(`${baseUrl}/api${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'en' },
      body: JSON.stringify(body),
    });
    const envelope = await res.json();
    if (envelope.code !== 0) throw new Error(`${apiPath}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  };
  const login = await post('/pl/sso/login', { account, password });
  const secret = login.enrolment?.secret;
  if (!secret) throw new Error('the Super Admin was not asked to enrol a second factor');
  const clock = await (await fetch(`${baseUrl}/api/test/clock`)).json();
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.data.now });
  await post('/pl/sso/loginSecondFactor', { challenge: login.challenge, code });
  // The journeys' sign-ins take later steps than this one (e2e/operation-steps.ts).
  const artifacts = path.join(import.meta.dirname, '..', 'e2e', '.artifacts');
  fs.rmSync(path.join(artifacts, 'super-admin-sign-in.lock'), { recursive: true, force: true });
  fs.writeFileSync(
    path.join(artifacts, 'super-admin-last-step'),
    String(Math.floor(clock.data.now / 30_000)),
  );
  return secret;
}
