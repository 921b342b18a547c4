import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Tests that drive the real Mosquitto broker and its command-line clients, or Debian's `mbpoll` against
 * the simulated Modbus slaves (`*.broker.test.ts`). They need Debian's mosquitto, mosquitto-clients, jq,
 * openssl and mbpoll, which a fresh machine running
 * `npm test` may not have, so they form their own project: `npm run test:broker` (CI runs it).
 */
const BROKER_TESTS = 'packages/*/src/**/*.broker.test.ts';
const brokerProject: TestProjectInlineConfiguration = {
  test: {
    name: 'broker',
    include: [BROKER_TESTS],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};
const wantsBrokerTests = process.env.FLEETPORT_BROKER_TESTS === '1';

/**
 * Fault tests (`*.faults.test.ts`): the real server as a child process killed with SIGKILL, database
 * links cut, under a fleet of 200 devices. Minutes, not seconds, so they form their own project:
 * FLEETPORT_FAULT_TESTS=1 npx vitest run --project faults (DATABASE_URL adds the PostgreSQL ones).
 */
const FAULT_TESTS = 'packages/*/src/**/*.faults.test.ts';
const faultsProject: TestProjectInlineConfiguration = {
  test: {
    name: 'faults',
    include: [FAULT_TESTS],
    environment: 'node',
    testTimeout: 1_200_000,
    hookTimeout: 120_000,
  },
};
const wantsFaultTests = process.env.FLEETPORT_FAULT_TESTS === '1';

/**
 * VPN hub tests (`*.hub.test.ts`): the platform's local hub runs real `openvpn` processes, and the test
 * runs OpenVPN clients in network namespaces. They need root (TUN devices, `ip netns`) and Debian's
 * openvpn, iproute2 and openssl, so they form their own project:
 * FLEETPORT_VPN_HUB_TESTS=1 npx vitest run --project vpn-hub (CI runs it as root).
 */
const HUB_TESTS = 'packages/*/src/**/*.hub.test.ts';
const hubProject: TestProjectInlineConfiguration = {
  test: {
    name: 'vpn-hub',
    include: [HUB_TESTS],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
};
const wantsHubTests = process.env.FLEETPORT_VPN_HUB_TESTS === '1';

/**
 * RADIUS tests against Debian's `radclient` (`*.radclient.test.ts`, freeradius-utils), which a fresh
 * machine running `npm test` may not have: `npm run test:radclient` (CI runs it).
 */
const RADCLIENT_TESTS = 'packages/*/src/**/*.radclient.test.ts';
const radclientProject: TestProjectInlineConfiguration = {
  test: {
    name: 'radclient',
    include: [RADCLIENT_TESTS],
    environment: 'node',
    globalSetup: ['packages/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
};
const wantsRadclientTests = process.env.FLEETPORT_RADCLIENT_TESTS === '1';

/**
 * Server test files that do the same whatever the database: the file store's streaming of 300 and
 * 600 MB uploads, and the fuzzing of every call's input checks. CI's PostgreSQL section sets
 * FLEETPORT_DATABASE_TESTS_ONLY=1 to leave them to `npm test` (they take minutes of its 45).
 */
const DATABASE_NEUTRAL_TESTS = [
  'packages/server/src/modules/files/files.big.test.ts',
  'packages/server/src/platform/http/fuzz.test.ts',
];
const databaseTestsOnly = process.env.FLEETPORT_DATABASE_TESTS_ONLY === '1';

/**
 * React's scheduler runs its tasks with setImmediate. A lazy page or text namespace that resolves
 * after a console test file has finished pings a root that is already unmounted, and the task it
 * schedules runs after Vitest has torn the file's jsdom window down: React then reads `window` and
 * throws. Nothing of the test can be affected any more, so that one error, thrown from React's own
 * frames only, is not counted; every other unhandled error still fails the run.
 */
function isReactAfterTeardown(error: { name?: string; message?: string; stack?: string }): boolean {
  if (error.name !== 'ReferenceError' || error.message !== 'window is not defined') return false;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trim().startsWith('at '));
  return frames.length > 0 && frames.every((line) => /react-dom|scheduler|node:internal\/timers/.test(line));
}

export default defineConfig({
  test: {
    onUnhandledError: (error) => !isReactAfterTeardown(error),
    // Server test files each open a database from a snapshot; two workers fit CI's two cores. Set
    // here, not per project: Vitest 4 refuses projects of one run with different maxWorkers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: [
            BROKER_TESTS,
            FAULT_TESTS,
            HUB_TESTS,
            RADCLIENT_TESTS,
            ...(databaseTestsOnly ? DATABASE_NEUTRAL_TESTS : []),
          ],
          environment: 'node',
          // Each file builds its own app and database, so nothing of one file's state reaches the next;
          // sharing the worker's module cache spares every file re-importing the server (measured on 24
          // files: 159 s isolated, 68 s shared), which CI's time limit needs.
          isolate: false,
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'device-sim',
          include: ['packages/device-sim/src/**/*.test.ts'],
          exclude: [BROKER_TESTS],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      ...(wantsBrokerTests ? [brokerProject] : []),
      ...(wantsFaultTests ? [faultsProject] : []),
      ...(wantsHubTests ? [hubProject] : []),
      ...(wantsRadclientTests ? [radclientProject] : []),
    ],
  },
});
